import { createRequire } from 'node:module';
import { loadDemoSource } from './demo/loadDemoSource.js';
import { loadMemoryDemoSource } from './demo/loadMemoryDemoSource.js';
import { CliError, ExitCode } from './ExitCode.js';
import { dbTriggersCommand } from './dbTriggersCommand.js';
import { explainCommand } from './explainCommand.js';
import { reflectOptions } from './loadDatabaseSource.js';
import { printSchemaCommand } from './printSchemaCommand.js';
import type { CliIO } from './io.js';
import {
  defaultText,
  envName,
  kebab,
  OPTIONS,
  type CommandName,
  type ServeConfig,
} from './options.js';
import { parseCommand } from './parseCommand.js';
import { createProgressBar } from './progressBar.js';
import { serveSource } from './serveSource.js';
import { cliLogger, holdHangups, startServer } from './startServer.js';
import { isWorker, runWorkers, workerCount } from './runWorkers.js';
import { SHUTDOWN_GRACE_MS } from '../server/createSluiceServer.js';

interface Command {
  readonly summary: string;
  readonly usage: string;
  run(config: ServeConfig, io: CliIO, positionals: ReadonlyArray<string>): Promise<number>;
}

const COMMANDS: Record<CommandName, Command> = {
  serve: {
    summary: 'serve a PostgreSQL database or a schema module over HTTP',
    usage: 'sluice serve (--database <url> | --schema <module>) [options]',
    async run(config, io) {
      const logger = cliLogger(config, io);
      const workers = workerCount(config.workers);
      if (workers > 1 && !isWorker()) {
        if (config.database?.startsWith('pglite:')) {
          throw new CliError(
            ExitCode.USAGE,
            '--workers: a PGlite directory serves one process; use a postgres:// server.',
          );
        }
        return runWorkers(workers, io, logger, config.shutdownGraceMs ?? SHUTDOWN_GRACE_MS);
      }
      const hangups = holdHangups(io);
      const source = await serveSource('serve', config, io, logger);
      return startServer(source, config, io, logger, hangups);
    },
  },
  demo: {
    summary: 'serve a demo database (embedded PGlite; DATABASE_URL: that database) with GraphiQL',
    usage: 'sluice demo [options]',
    async run(config, io) {
      const logger = cliLogger(config, io);
      const hangups = holdHangups(io);
      // With DATABASE_URL, the database it names is served instead of the embedded demo.
      if (io.env['DATABASE_URL'] && !config.memory) {
        const source = await serveSource('serve', config, io, logger);
        return startServer(source, config, io, logger, hangups);
      }
      const options = config.memory ? undefined : reflectOptions(config);
      const progress = createProgressBar(io.stderr, 'Seeding demo data');
      const source = options
        ? await loadDemoSource(progress, logger, options)
        : await loadMemoryDemoSource(progress);
      return startServer(source, config, io, logger, hangups);
    },
  },
  'print-schema': {
    summary: 'print the SDL of what serve would expose, for code generators and review',
    usage: 'sluice print-schema (--database <url> | --schema <module>) [--sort] [options]',
    run: (config, io) => printSchemaCommand(config, io),
  },
  explain: {
    summary: "print an operation's SQL, its parameters and PostgreSQL's EXPLAIN",
    usage: 'sluice explain <file.graphql | -> [--database <url>] [--variables <json>] [--analyze]',
    run: (config, io, positionals) => explainCommand(config, positionals, io),
  },
  db: {
    summary: 'print (or --apply) the triggers that feed change events',
    usage:
      'sluice db triggers [--database <url>] [--tables a,b] [--database-schemas s] [--apply] [--drop]',
    run: (config, io, positionals) => dbTriggersCommand(config, positionals, io),
  },
};

function version(): string {
  const require = createRequire(import.meta.url);
  return (require('../../package.json') as { version: string }).version;
}

function mainHelp(): string {
  const lines = ['Usage: sluice <command> [options]', '', 'Commands:'];
  for (const [name, command] of Object.entries(COMMANDS))
    lines.push(`  ${name.padEnd(12)} ${command.summary}`);
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
    const configOnly = spec.kind.type === 'config';
    const flag = configOnly
      ? `config file "${spec.name}"`
      : spec.kind.type === 'boolean'
        ? `--[no-]${kebab(spec.name)}`
        : `--${kebab(spec.name)} <${spec.placeholder ?? 'value'}>`;
    const values = spec.kind.type === 'enum' ? `one of ${spec.kind.values.join(', ')}; ` : '';
    const env = configOnly ? '' : `; env ${envName(spec.name)}`;
    lines.push(
      `  ${flag.padEnd(34)} ${spec.help}`,
      `  ${''.padEnd(34)} ${values}default ${defaultText(spec)}${env}`,
    );
  }
  lines.push(
    `  ${'--config <file>'.padEnd(34)} JSON config file (keys as above, camelCase); env SLUICE_CONFIG`,
    `  ${'-h, --help'.padEnd(34)} this help`,
    '',
    'Precedence: flags > environment > config file > defaults.',
    'Exit codes: 0 ok, 1 unexpected failure, 2 bad usage, 3 bad config, 4 bad module,',
    '            5 bad schema, 6 port in use, 7 cannot listen, 8 database unusable,',
    '            9 bad operation (explain).',
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
    return await COMMANDS[name].run(parsed.config, io, parsed.positionals);
  } catch (error) {
    if (error instanceof CliError) {
      io.stderr.write(`sluice: ${error.message}\n`);
      return error.code;
    }
    io.stderr.write(`sluice: unexpected failure: ${(error as Error)?.stack ?? String(error)}\n`);
    return ExitCode.FAILURE;
  }
}
