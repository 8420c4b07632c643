import { createRequire } from 'node:module';
import { loadDemoSource } from './demo/loadDemoSource.js';
import { CliError, ExitCode } from './ExitCode.js';
import type { CliIO } from './io.js';
import { loadSchemaModule } from './loadSchemaModule.js';
import {
  envName,
  kebab,
  OPTIONS,
  parseCommand,
  type CommandName,
  type ServeConfig,
} from './options.js';
import { createProgressBar } from './progressBar.js';
import { startServer } from './startServer.js';

interface Command {
  readonly summary: string;
  readonly usage: string;
  run(config: ServeConfig, io: CliIO): Promise<number>;
}

/** The commands. `explain` and `serve --database` arrive with the PostgreSQL work. */
const COMMANDS: Record<CommandName, Command> = {
  serve: {
    summary: 'serve a schema module over HTTP',
    usage: 'sluice serve --schema <module> [options]',
    async run(config, io) {
      if (!config.schema) {
        throw new CliError(
          ExitCode.USAGE,
          'serve needs --schema <module> (or SLUICE_SCHEMA, or "schema" in the config file).',
        );
      }
      const schema = await loadSchemaModule(config.schema, io.cwd);
      return startServer({ schema }, config, io);
    },
  },
  demo: {
    summary: 'serve a demo users/posts/comments API with GraphiQL',
    usage: 'sluice demo [options]',
    async run(config, io) {
      const source = await loadDemoSource(createProgressBar(io.stderr, 'Seeding demo data'));
      return startServer(source, config, io);
    },
  },
};

function version(): string {
  const require = createRequire(import.meta.url);
  return (require('../../package.json') as { version: string }).version;
}

function mainHelp(): string {
  const lines = ['Usage: sluice <command> [options]', '', 'Commands:'];
  for (const [name, command] of Object.entries(COMMANDS))
    lines.push(`  ${name.padEnd(8)} ${command.summary}`);
  lines.push(
    '',
    'Run `sluice <command> --help` for its options.',
    '  -h, --help     this help',
    '  -v, --version  the version',
  );
  return lines.join('\n') + '\n';
}

function commandHelp(name: CommandName): string {
  const command = COMMANDS[name];
  const lines = [
    `Usage: ${command.usage}`,
    '',
    `${command.summary[0]?.toUpperCase()}${command.summary.slice(1)}.`,
    '',
    'Options:',
  ];
  for (const spec of OPTIONS.filter((o) => o.commands.includes(name))) {
    const flag =
      spec.kind.type === 'boolean'
        ? `--[no-]${kebab(spec.name)}`
        : `--${kebab(spec.name)} <${spec.placeholder ?? 'value'}>`;
    lines.push(`  ${flag.padEnd(34)} ${spec.help}`, `  ${''.padEnd(34)} env ${envName(spec.name)}`);
  }
  lines.push(
    `  ${'--config <file>'.padEnd(34)} JSON config file (keys as above, camelCase); env SLUICE_CONFIG`,
    `  ${'-h, --help'.padEnd(34)} this help`,
    '',
    'Precedence: flags > environment > config file > defaults.',
    'Exit codes: 0 ok, 1 unexpected failure, 2 bad usage, 3 bad config, 4 bad module,',
    '            5 bad schema, 6 port in use, 7 cannot listen.',
  );
  return lines.join('\n') + '\n';
}

/** Runs `sluice` with `argv` (without node and script) and resolves with the exit code. */
export async function runCli(argv: readonly string[], io: CliIO): Promise<number> {
  const [first, ...rest] = argv;
  if (first === undefined) {
    io.stderr.write(mainHelp());
    return ExitCode.USAGE;
  }
  if (first === '-h' || first === '--help' || first === 'help') {
    io.stdout.write(mainHelp());
    return ExitCode.OK;
  }
  if (first === '-v' || first === '--version') {
    io.stdout.write(`${version()}\n`);
    return ExitCode.OK;
  }
  try {
    if (!Object.hasOwn(COMMANDS, first)) {
      throw new CliError(
        ExitCode.USAGE,
        `Unknown command "${first}". Commands: ${Object.keys(COMMANDS).join(', ')}.`,
      );
    }
    const name = first as CommandName;
    const parsed = parseCommand(name, rest, io.env, io.cwd);
    if (parsed.help) {
      io.stdout.write(commandHelp(name));
      return ExitCode.OK;
    }
    return await COMMANDS[name].run(parsed.config, io);
  } catch (error) {
    if (error instanceof CliError) {
      io.stderr.write(`sluice: ${error.message}\n`);
      return error.code;
    }
    io.stderr.write(`sluice: unexpected failure: ${(error as Error)?.stack ?? String(error)}\n`);
    return ExitCode.FAILURE;
  }
}
