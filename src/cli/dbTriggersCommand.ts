import { introspect } from '../pg/catalog/introspect.js';
import {
  changeTriggersSql,
  dropChangeTriggersSql,
  triggerTables,
} from '../pg/realtime/changeTriggersSql.js';
import { CliError, ExitCode } from './ExitCode.js';
import type { CliIO } from './io.js';
import { databaseTarget, describeDatabaseError, openDatabase } from './openDatabase.js';
import type { ServeConfig } from './options.js';

/**
 * `sluice db triggers`: the SQL of the triggers that feed change events (docs/realtime.md), for
 * the tables with a primary key in `--database-schemas` (or those `--tables` names), printed on
 * stdout; with `--apply` run on the database instead, in one transaction; `--drop` for the SQL that
 * removes them. Sluice changes a database only here, and only when told to.
 */
export async function dbTriggersCommand(
  config: ServeConfig,
  positionals: ReadonlyArray<string>,
  io: CliIO,
): Promise<number> {
  if (positionals[0] !== 'triggers') {
    throw new CliError(
      ExitCode.USAGE,
      `db: expected a subcommand "triggers"${positionals[0] === undefined ? '' : `, got "${positionals[0]}"`}.`,
    );
  }
  const url = config.database ?? io.env['DATABASE_URL'];
  if (!url)
    throw new CliError(ExitCode.USAGE, 'db triggers needs --database <url> (or DATABASE_URL).');
  const target = databaseTarget(url, io.cwd, config.database ? '--database' : 'DATABASE_URL');
  const client = await openDatabase(target, { max: 1 });
  try {
    const schemas = config.databaseSchemas ?? ['public'];
    const catalog = await introspect(client, schemas);
    const { tables, unknown } = triggerTables(catalog.tables, config.tables);
    if (unknown.length > 0) {
      throw new CliError(
        ExitCode.USAGE,
        `--tables: no table with a primary key named ${unknown.map((n) => JSON.stringify(n)).join(', ')} in schema ${schemas.join(', ')}.`,
      );
    }
    const functionSchema = schemas[0] ?? 'public';
    const text = config.drop
      ? dropChangeTriggersSql(tables, functionSchema, config.tables === undefined)
      : changeTriggersSql(tables, functionSchema);
    if (!config.apply) {
      io.stdout.write(text);
      return ExitCode.OK;
    }
    try {
      await client.exec(`BEGIN;\n${text}COMMIT;`);
    } catch (error) {
      throw new CliError(
        ExitCode.DATABASE,
        `Cannot apply the triggers: ${describeDatabaseError(error)}`,
      );
    }
    const names = tables.map((t) => `${t.schema}.${t.name}`).join(', ') || 'no table';
    io.stderr.write(
      `sluice: ${config.drop ? 'dropped the triggers of' : 'installed triggers on'} ${names}\n`,
    );
    return ExitCode.OK;
  } finally {
    await client.end().catch(() => {});
  }
}
