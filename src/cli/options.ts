import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { CliError, ExitCode } from './ExitCode.js';

export type CommandName = 'serve' | 'demo';

type Kind =
  | { readonly type: 'string' }
  | { readonly type: 'integer'; readonly min: number; readonly max: number }
  | { readonly type: 'boolean' }
  | { readonly type: 'enum'; readonly values: readonly string[] }
  | { readonly type: 'list' };

export interface OptionSpec {
  /** Key in the config file and in `ServeConfig`; the flag is its kebab-case. */
  readonly name: keyof ServeConfig;
  readonly kind: Kind;
  readonly help: string;
  readonly commands: readonly CommandName[];
  readonly placeholder?: string;
}

/** Everything `serve` and `demo` can be told, after defaults, config file, env and flags. */
export interface ServeConfig {
  schema: string | undefined;
  port: number;
  host: string;
  path: string;
  production: boolean;
  introspection: boolean;
  hideSuggestions: boolean;
  maxTokens: number | undefined;
  maxDepth: number | undefined;
  maxAliases: number | undefined;
  maxDirectives: number | undefined;
  maxCost: number | undefined;
  planCacheSize: number | undefined;
  maxBodyBytes: number | undefined;
  timeoutMs: number | undefined;
  requestTimeoutMs: number | undefined;
  shutdownGraceMs: number | undefined;
  graphiql: boolean;
  csrf: boolean;
  cors: string[] | undefined;
  compression: boolean;
  metrics: boolean;
  persisted: 'apq' | 'trusted' | 'off';
  persistedDocuments: string | undefined;
  validationErrorStatus: '400' | '422';
  logLevel: 'debug' | 'info' | 'warn' | 'error' | 'silent';
}

export const DEFAULT_CONFIG: ServeConfig = {
  schema: undefined,
  port: 4000,
  host: '127.0.0.1',
  path: '/graphql',
  production: false,
  introspection: true,
  hideSuggestions: false,
  maxTokens: undefined,
  maxDepth: undefined,
  maxAliases: undefined,
  maxDirectives: undefined,
  maxCost: undefined,
  planCacheSize: undefined,
  maxBodyBytes: undefined,
  timeoutMs: undefined,
  requestTimeoutMs: undefined,
  shutdownGraceMs: undefined,
  graphiql: true,
  csrf: true,
  cors: undefined,
  compression: true,
  metrics: true,
  persisted: 'off',
  persistedDocuments: undefined,
  validationErrorStatus: '400',
  logLevel: 'info',
};

const both: readonly CommandName[] = ['serve', 'demo'];
const int = (min: number, max = Number.MAX_SAFE_INTEGER): Kind => ({ type: 'integer', min, max });

/** One table drives flags, environment variables, the config file and `--help`. */
export const OPTIONS: readonly OptionSpec[] = [
  {
    name: 'schema',
    kind: { type: 'string' },
    commands: ['serve'],
    placeholder: 'module',
    help: 'module exporting a GraphQLSchema (default or `schema`) or `typeDefs` + `resolvers`',
  },
  {
    name: 'port',
    kind: int(0, 65535),
    commands: both,
    placeholder: 'n',
    help: 'port to listen on (0 = any free port)',
  },
  {
    name: 'host',
    kind: { type: 'string' },
    commands: both,
    placeholder: 'address',
    help: 'address to listen on',
  },
  {
    name: 'path',
    kind: { type: 'string' },
    commands: both,
    placeholder: 'path',
    help: 'URL path of the GraphQL endpoint',
  },
  {
    name: 'production',
    kind: { type: 'boolean' },
    commands: both,
    help: 'mask unexpected errors as "Unexpected error." (logged in full)',
  },
  {
    name: 'introspection',
    kind: { type: 'boolean' },
    commands: both,
    help: 'allow __schema / __type (--no-introspection to refuse)',
  },
  {
    name: 'hideSuggestions',
    kind: { type: 'boolean' },
    commands: both,
    help: 'leave "Did you mean …?" out of error messages',
  },
  {
    name: 'maxTokens',
    kind: int(1),
    commands: both,
    placeholder: 'n',
    help: 'most lexical tokens in a document (engine default 10000)',
  },
  {
    name: 'maxDepth',
    kind: int(1),
    commands: both,
    placeholder: 'n',
    help: 'deepest field nesting (engine default 20)',
  },
  {
    name: 'maxAliases',
    kind: int(0),
    commands: both,
    placeholder: 'n',
    help: 'most aliases per operation (engine default 100)',
  },
  {
    name: 'maxDirectives',
    kind: int(0),
    commands: both,
    placeholder: 'n',
    help: 'most directives per operation (engine default 50)',
  },
  {
    name: 'maxCost',
    kind: int(1),
    commands: both,
    placeholder: 'n',
    help: 'highest estimated cost (engine default 50000)',
  },
  {
    name: 'planCacheSize',
    kind: int(1),
    commands: both,
    placeholder: 'n',
    help: 'documents kept in the plan cache (engine default 1000)',
  },
  {
    name: 'maxBodyBytes',
    kind: int(1),
    commands: both,
    placeholder: 'n',
    help: 'largest request body after decompression (default 1 MiB)',
  },
  {
    name: 'timeoutMs',
    kind: int(1),
    commands: both,
    placeholder: 'ms',
    help: 'longest an operation may run before 504 TIMEOUT (default 30000)',
  },
  {
    name: 'requestTimeoutMs',
    kind: int(1),
    commands: both,
    placeholder: 'ms',
    help: 'longest to receive a request body before 408 (default 30000)',
  },
  {
    name: 'shutdownGraceMs',
    kind: int(0),
    commands: both,
    placeholder: 'ms',
    help: 'on SIGTERM, how long in-flight requests may finish (default 10000)',
  },
  {
    name: 'graphiql',
    kind: { type: 'boolean' },
    commands: both,
    help: 'serve GraphiQL to browsers at the endpoint (--no-graphiql to stop)',
  },
  {
    name: 'csrf',
    kind: { type: 'boolean' },
    commands: both,
    help: 'refuse GETs without a preflight header (--no-csrf to allow)',
  },
  {
    name: 'cors',
    kind: { type: 'list' },
    commands: both,
    placeholder: 'origins',
    help: 'comma-separated origins allowed cross-origin, or *',
  },
  {
    name: 'compression',
    kind: { type: 'boolean' },
    commands: both,
    help: 'compress responses when asked (--no-compression to stop)',
  },
  {
    name: 'metrics',
    kind: { type: 'boolean' },
    commands: both,
    help: 'serve Prometheus metrics at /metrics (--no-metrics to stop)',
  },
  {
    name: 'persisted',
    kind: { type: 'enum', values: ['off', 'apq', 'trusted'] },
    commands: both,
    placeholder: 'mode',
    help: 'persisted operations: off, apq, or trusted (allowlist only)',
  },
  {
    name: 'persistedDocuments',
    kind: { type: 'string' },
    commands: both,
    placeholder: 'file',
    help: 'JSON file: allowlist / APQ seed ({hash: text}, [text], or an Apollo manifest)',
  },
  {
    name: 'validationErrorStatus',
    kind: { type: 'enum', values: ['400', '422'] },
    commands: both,
    placeholder: 'code',
    help: 'status of validation errors under graphql-response+json',
  },
  {
    name: 'logLevel',
    kind: { type: 'enum', values: ['debug', 'info', 'warn', 'error', 'silent'] },
    commands: both,
    placeholder: 'level',
    help: 'least severe JSON log line written to stdout',
  },
];

export const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
export const envName = (name: string) =>
  `SLUICE_${name.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase()}`;

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
  }
}

function readConfigFile(file: string, cwd: string, command: CommandName): Partial<ServeConfig> {
  const path = resolve(cwd, file);
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new CliError(
      ExitCode.CONFIG,
      `Cannot read config file ${path}: ${(error as Error).message}`,
    );
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new CliError(ExitCode.CONFIG, `Config file ${path} must hold a JSON object.`);
  }
  const config: Partial<ServeConfig> = {};
  for (const [key, value] of Object.entries(parsed)) {
    const spec = OPTIONS.find((o) => o.name === key && o.commands.includes(command));
    if (!spec)
      throw new CliError(
        ExitCode.CONFIG,
        `Config file ${path}: unknown option "${key}" for ${command}.`,
      );
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
}

/** Defaults < config file (`--config`/SLUICE_CONFIG) < environment (SLUICE_*) < flags. */
export function parseCommand(
  command: CommandName,
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
  cwd: string,
): ParsedCommand {
  const specs = OPTIONS.filter((o) => o.commands.includes(command));
  const flagOptions: Record<string, { type: 'string' | 'boolean'; short?: string }> = {
    help: { type: 'boolean', short: 'h' },
    config: { type: 'string' },
  };
  for (const spec of specs) {
    if (spec.kind.type === 'boolean') {
      flagOptions[kebab(spec.name)] = { type: 'boolean' };
      flagOptions[`no-${kebab(spec.name)}`] = { type: 'boolean' };
    } else {
      flagOptions[kebab(spec.name)] = { type: 'string' };
    }
  }
  let parsed: ReturnType<
    typeof parseArgs<{ options: typeof flagOptions; allowPositionals: false; strict: true }>
  >;
  try {
    parsed = parseArgs({
      args: [...argv],
      options: flagOptions,
      allowPositionals: false,
      strict: true,
    });
  } catch (error) {
    throw new CliError(
      ExitCode.USAGE,
      `${(error as Error).message} (see \`sluice ${command} --help\`)`,
    );
  }
  const values = parsed.values as Record<string, string | boolean | undefined>;
  if (values['help']) return { help: true, config: { ...DEFAULT_CONFIG } };

  const configFile = (values['config'] as string | undefined) ?? env['SLUICE_CONFIG'];
  const config: ServeConfig = {
    ...DEFAULT_CONFIG,
    ...(configFile ? readConfigFile(configFile, cwd, command) : {}),
  };
  const set = (spec: OptionSpec, value: unknown) =>
    ((config as unknown as Record<string, unknown>)[spec.name] = value);
  for (const spec of specs) {
    const fromEnv = env[envName(spec.name)];
    if (fromEnv !== undefined && fromEnv !== '')
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
      set(spec, coerce(spec, values[flag], `--${flag}`, ExitCode.USAGE));
    }
  }
  return { help: false, config };
}
