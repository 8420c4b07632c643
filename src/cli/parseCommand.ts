import { parseArgs } from 'node:util';
import { didYouMean } from './didYouMean.js';
import { CliError, ExitCode } from './ExitCode.js';
import { EMPTY_IS_A_VALUE } from './authOptions.js';
import { readJsonFile } from './readJsonFile.js';
import {
  DEFAULT_CONFIG,
  envName,
  kebab,
  OPTIONS,
  PRODUCTION_DEFAULTS,
  type CommandName,
  type OptionSpec,
  type ServeConfig,
} from './options.js';

/** Turns a text (flag, env) or JSON value (config file) into the option's type, or explains why not. */
function coerce(spec: OptionSpec, raw: unknown, where: string, exit: ExitCode): unknown {
  const fail = (expected: string) =>
    new CliError(exit, `${where}: expected ${expected}, got ${JSON.stringify(raw)}.`);
  const { kind } = spec;
  switch (kind.type) {
    case 'string':
      if (typeof raw !== 'string' || raw === '') throw fail('a non-empty string');
      return raw;
    case 'integer': {
      const n =
        typeof raw === 'number'
          ? raw
          : typeof raw === 'string' && /^\d+$/.test(raw.trim())
            ? Number(raw)
            : NaN;
      if (!Number.isInteger(n) || n < kind.min || n > kind.max)
        throw fail(`an integer from ${kind.min} to ${kind.max}`);
      return n;
    }
    case 'boolean':
      if (typeof raw === 'boolean') return raw;
      if (typeof raw === 'string' && /^(true|1|yes|on)$/i.test(raw)) return true;
      if (typeof raw === 'string' && /^(false|0|no|off)$/i.test(raw)) return false;
      throw fail('true or false');
    case 'enum': {
      const text = typeof raw === 'number' ? String(raw) : raw;
      if (typeof text !== 'string' || !kind.values.includes(text))
        throw fail(`one of ${kind.values.join(', ')}`);
      return text;
    }
    case 'list': {
      const items = Array.isArray(raw) ? raw : typeof raw === 'string' ? raw.split(',') : null;
      if (!items || !items.every((i) => typeof i === 'string'))
        throw fail('a comma-separated list');
      const list = (items as string[]).map((i) => i.trim()).filter((i) => i !== '');
      if (list.length === 0) throw fail('at least one entry');
      return list;
    }
    case 'config':
      try {
        return kind.read(raw, where);
      } catch (error) {
        throw new CliError(exit, (error as Error).message);
      }
  }
}

function readConfigFile(file: string, cwd: string, command: CommandName): Partial<ServeConfig> {
  const { path, parsed } = readJsonFile(file, cwd, 'config file');
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new CliError(ExitCode.CONFIG, `Config file ${path} must hold a JSON object.`);
  }
  const config: Partial<ServeConfig> = {};
  for (const [key, value] of Object.entries(parsed)) {
    const spec = OPTIONS.find((o) => o.name === key && o.commands.includes(command));
    if (!spec) {
      // One file serves every command (`print-schema --config` with the file `serve` is given):
      // a key of another command is left to it; only a key no command knows is a mistake.
      if (OPTIONS.some((o) => o.name === key)) continue;
      const known = [...new Set(OPTIONS.map((o) => o.name))];
      const [near] = didYouMean(key, known);
      throw new CliError(
        ExitCode.CONFIG,
        `Config file ${path}: unknown option "${key}" for ${command}${near ? `; did you mean "${near}"?` : '.'}`,
      );
    }
    (config as Record<string, unknown>)[key] = coerce(
      spec,
      value,
      `Config file ${path}, "${key}"`,
      ExitCode.CONFIG,
    );
  }
  return config;
}

export interface ParsedCommand {
  readonly help: boolean;
  readonly config: ServeConfig;
  /** Arguments that are not options (`explain <file>`); empty for commands that take none. */
  readonly positionals: ReadonlyArray<string>;
}

/** How many positional arguments each command takes. */
const POSITIONALS: Record<CommandName, number> = {
  serve: 0,
  demo: 0,
  explain: 1,
  'print-schema': 0,
  db: 1,
};

/**
 * Defaults < config file (`--config`/SLUICE_CONFIG) < environment (SLUICE_*) < flags. In
 * production (`--production`, or NODE_ENV=production unless production is set otherwise),
 * PRODUCTION_DEFAULTS replace the defaults of whatever was not set.
 */
export function parseCommand(
  command: CommandName,
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
  cwd: string,
): ParsedCommand {
  const specs = OPTIONS.filter((o) => o.commands.includes(command));
  const flagOptions: Record<
    string,
    { type: 'string' | 'boolean'; short?: string; multiple?: boolean }
  > = {
    help: { type: 'boolean', short: 'h' },
    config: { type: 'string' },
  };
  for (const spec of specs) {
    if (spec.kind.type === 'config') continue;
    if (spec.kind.type === 'boolean') {
      flagOptions[kebab(spec.name)] = { type: 'boolean' };
      flagOptions[`no-${kebab(spec.name)}`] = { type: 'boolean' };
    } else {
      // A list may be given as one comma-separated flag or as the flag repeated.
      flagOptions[kebab(spec.name)] =
        spec.kind.type === 'list' ? { type: 'string', multiple: true } : { type: 'string' };
    }
  }
  let parsed: ReturnType<
    typeof parseArgs<{ options: typeof flagOptions; allowPositionals: true; strict: true }>
  >;
  try {
    parsed = parseArgs({
      args: [...argv],
      options: flagOptions,
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    const unknown = /^Unknown option '(-{1,2}[^']*)'/.exec((error as Error).message)?.[1];
    if (unknown !== undefined) {
      const [near] = didYouMean(
        unknown.replace(/^-+/, '').split('=')[0] as string,
        Object.keys(flagOptions),
      );
      throw new CliError(
        ExitCode.USAGE,
        `Unknown option '${unknown}' for ${command}${near ? `; did you mean --${near}?` : '.'} (see \`sluice ${command} --help\`)`,
      );
    }
    throw new CliError(
      ExitCode.USAGE,
      `${(error as Error).message} (see \`sluice ${command} --help\`)`,
    );
  }
  const values = parsed.values as Record<string, string | string[] | boolean | undefined>;
  if (values['help']) return { help: true, config: { ...DEFAULT_CONFIG }, positionals: [] };
  if (parsed.positionals.length > POSITIONALS[command]) {
    const extra = parsed.positionals[POSITIONALS[command]] ?? '';
    throw new CliError(
      ExitCode.USAGE,
      `Unexpected argument "${extra}" (see \`sluice ${command} --help\`)`,
    );
  }

  const configFile = (values['config'] as string | undefined) ?? env['SLUICE_CONFIG'];
  const fromFile = configFile ? readConfigFile(configFile, cwd, command) : {};
  const config: ServeConfig = { ...DEFAULT_CONFIG, ...fromFile };
  // What was said anywhere (file, env, flag): production mode changes only the other defaults.
  const given = new Set<string>(Object.keys(fromFile));
  const set = (spec: OptionSpec, value: unknown) => {
    given.add(spec.name);
    (config as unknown as Record<string, unknown>)[spec.name] = value;
  };
  for (const spec of specs) {
    if (spec.kind.type === 'config') continue;
    const fromEnv = env[envName(spec.name)];
    if (fromEnv !== undefined && (fromEnv !== '' || EMPTY_IS_A_VALUE.has(spec.name)))
      set(spec, coerce(spec, fromEnv, envName(spec.name), ExitCode.USAGE));
  }
  for (const spec of specs) {
    const flag = kebab(spec.name);
    if (spec.kind.type === 'boolean') {
      if (values[flag] && values[`no-${flag}`])
        throw new CliError(ExitCode.USAGE, `--${flag} and --no-${flag} contradict each other.`);
      if (values[flag]) set(spec, true);
      if (values[`no-${flag}`]) set(spec, false);
    } else if (values[flag] !== undefined) {
      const value = values[flag];
      const text = Array.isArray(value) ? value.join(',') : value;
      set(spec, coerce(spec, text, `--${flag}`, ExitCode.USAGE));
    }
  }
  if (!given.has('production')) config.production = env['NODE_ENV'] === 'production';
  if (config.production) {
    for (const [name, value] of Object.entries(PRODUCTION_DEFAULTS)) {
      if (!given.has(name)) (config as unknown as Record<string, unknown>)[name] = value;
    }
  }
  return { help: false, config, positionals: parsed.positionals };
}
