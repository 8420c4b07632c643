import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { GraphQLError, parse, type DocumentNode } from 'graphql';
import { explain, formatSql, type SqlClient } from '../pg/index.js';
import { openDemoDatabase } from './demo/loadDemoSource.js';
import { CliError, ExitCode } from './ExitCode.js';
import type { CliIO } from './io.js';
import { reflectDatabase, reflectOptions } from './loadDatabaseSource.js';
import {
  databaseTarget,
  describeDatabaseError,
  openDatabase,
  parsePgSettings,
} from './openDatabase.js';
import type { ServeConfig } from './options.js';
import { createProgressBar } from './progressBar.js';

/** `--variables`: a JSON object, or bad usage. */
function parseVariables(text: string | undefined): Record<string, unknown> {
  if (text === undefined) return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new CliError(ExitCode.USAGE, `--variables: not JSON (${(error as Error).message}).`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new CliError(ExitCode.USAGE, '--variables: expected a JSON object.');
  return value as Record<string, unknown>;
}

/** A GraphQL error as `file:line:column: message` (the first location is enough to find it). */
function operationError(error: GraphQLError, file: string): CliError {
  const at = error.locations?.[0];
  const where = at ? `${file}:${at.line}:${at.column}: ` : `${file}: `;
  return new CliError(ExitCode.BAD_OPERATION, `${where}${error.message}`);
}

async function readDocument(file: string, io: CliIO): Promise<{ text: string; name: string }> {
  if (file === '-') return { text: await io.readStdin(), name: '<stdin>' };
  try {
    return { text: readFileSync(resolve(io.cwd, file), 'utf8'), name: file };
  } catch (error) {
    throw new CliError(ExitCode.BAD_OPERATION, `Cannot read ${file}: ${(error as Error).message}`);
  }
}

/** The database to explain against: `--database`, else DATABASE_URL, else the demo database. */
async function explainTarget(
  config: ServeConfig,
  io: CliIO,
): Promise<{ client: SqlClient; label: string }> {
  const url = config.database ?? io.env['DATABASE_URL'];
  if (url) {
    const target = databaseTarget(url, io.cwd, config.database ? '--database' : 'DATABASE_URL');
    const pool = {
      max: 1,
      ...(config.pgSettings === undefined ? {} : { settings: parsePgSettings(config.pgSettings) }),
      ...(config.maxPreparedStatements === undefined
        ? {}
        : { maxPreparedStatements: config.maxPreparedStatements }),
    };
    return { client: await openDatabase(target, pool), label: target.label };
  }
  io.stderr.write('No --database or DATABASE_URL: explaining against the demo database.\n');
  const client = await openDemoDatabase(createProgressBar(io.stderr, 'Seeding demo data'));
  return { client, label: 'the demo database' };
}

/**
 * `sluice explain <file.graphql | ->`: the one SQL statement of an operation's database fields,
 * where each parameter comes from, and PostgreSQL's EXPLAIN (ANALYZE on request), for a DBA.
 */
export async function explainCommand(
  config: ServeConfig,
  positionals: ReadonlyArray<string>,
  io: CliIO,
): Promise<number> {
  const file = positionals[0];
  if (file === undefined) {
    throw new CliError(
      ExitCode.USAGE,
      'explain needs an operation: a .graphql file, or - to read standard input.',
    );
  }
  const variables = parseVariables(config.variables);
  const { text, name } = await readDocument(file, io);
  let document: DocumentNode;
  try {
    document = parse(text);
  } catch (error) {
    if (error instanceof GraphQLError) throw operationError(error, name);
    throw error;
  }

  const options = reflectOptions(config);
  const { client, label } = await explainTarget(config, io);
  try {
    const { schema } = await reflectDatabase(client, options, label);
    let result;
    try {
      result = await explain(schema, document, {
        variables,
        analyze: config.analyze,
        ...(config.operationName ? { operationName: config.operationName } : {}),
      });
    } catch (error) {
      if (error instanceof GraphQLError) throw operationError(error, name);
      if (typeof (error as { code?: unknown }).code === 'string') {
        throw new CliError(
          ExitCode.DATABASE,
          `${label} refused the statement: ${describeDatabaseError(error)}`,
        );
      }
      throw new CliError(ExitCode.BAD_OPERATION, `${name}: ${(error as Error).message}`);
    }
    const lines: string[] = [];
    // A mutation has several statements (a write and a read-back per field), run in order.
    for (const statement of result.statements ?? [{ ...result, title: undefined }]) {
      const what = statement.title === undefined ? 'The statement' : `Statement ${statement.title}`;
      lines.push(`-- ${what} (${label}), laid out for reading:`, formatSql(statement.sql), '');
      lines.push('-- Parameters:');
      if (statement.parameters.length === 0) lines.push('--   (none)');
      for (const p of statement.parameters) {
        lines.push(`--   ${p.name} = ${JSON.stringify(p.value) ?? 'null'}   from ${p.from}`);
      }
      lines.push(
        '',
        `-- EXPLAIN${config.analyze ? ' (ANALYZE, BUFFERS)' : ''}:`,
        statement.plan,
        '',
      );
    }
    io.stdout.write(lines.join('\n'));
    return ExitCode.OK;
  } finally {
    await client.end();
  }
}
