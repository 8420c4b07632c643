import { randomBytes } from 'node:crypto';
import type { SqlClient } from '../driver/SqlClient.js';
import { quoteIdentifier } from '../sql/compileSql.js';
import type { ParamType } from './multiplexedSql.js';

/**
 * The types PostgreSQL infers for a statement's parameters, in order: PREPARE, then
 * pg_prepared_statements, then DEALLOCATE, in one transaction. A multiplexed statement casts each
 * subscriber's value to the type its parameter had in the single statement.
 */
export async function probeParamTypes(client: SqlClient, text: string): Promise<ParamType[]> {
  if (client.transaction === undefined)
    throw new Error(`The ${client.driver} client cannot multiplex statements (no transactions)`);
  const name = quoteIdentifier(`sluice_probe_${randomBytes(6).toString('hex')}`);
  return client.transaction(async (tx) => {
    await tx.query(`PREPARE ${name} AS ${text}`);
    const rows = await tx.query(
      `SELECT n.nspname, t.typname, t.typcategory
         FROM pg_prepared_statements p
         CROSS JOIN LATERAL unnest(p.parameter_types) WITH ORDINALITY AS u(type, i)
         JOIN pg_type t ON t.oid = u.type
         JOIN pg_namespace n ON n.oid = t.typnamespace
        WHERE p.name = $1
        ORDER BY u.i`,
      [name.slice(1, -1)],
    );
    await tx.query(`DEALLOCATE ${name}`);
    return rows.map(([schema, typeName, category]) => ({
      schema: String(schema),
      name: String(typeName),
      category: String(category),
    }));
  });
}
