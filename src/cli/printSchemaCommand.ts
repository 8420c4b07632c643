import { lexicographicSortSchema, printSchema } from 'graphql';
import type { Logger } from '../server/index.js';
import { ExitCode } from './ExitCode.js';
import type { CliIO } from './io.js';
import type { ServeConfig } from './options.js';
import { serveSource } from './serveSource.js';

/**
 * `sluice print-schema`: the SDL of what `serve` with the same options would expose (a reflected
 * database or a schema module), on stdout, for code generators and review. Reflection's warnings
 * (names it had to change) go to stderr, so the SDL stays clean. `--sort` prints types and fields
 * in alphabetical order (a stable diff when tables are added); without it, in the schema's order.
 */
export async function printSchemaCommand(config: ServeConfig, io: CliIO): Promise<number> {
  const source = await serveSource('print-schema', config, io, stderrWarnings(io));
  try {
    const schema = config.sort ? lexicographicSortSchema(source.schema) : source.schema;
    io.stdout.write(`${printSchema(schema)}\n`);
    return ExitCode.OK;
  } finally {
    await source.close?.();
  }
}

function stderrWarnings(io: CliIO): Logger {
  const none = () => {};
  return {
    debug: none,
    info: none,
    warn: (msg) => io.stderr.write(`sluice: warning: ${msg}\n`),
    error: (msg) => io.stderr.write(`sluice: ${msg}\n`),
  };
}
