import { GraphQLError } from 'graphql';
import { identifier, join, nameLiteral, sql } from '../sql/sql.js';
import type { SqlNode } from '../sql/SqlNode.js';

/** One key of a JSON object the statement builds, with the SQL expression of its value. */
export type Entry = readonly [key: string, value: SqlNode];

/** PostgreSQL truncates identifiers to NAMEDATALEN - 1 = 63 bytes. */
const MAX_IDENTIFIER_BYTES = 63;
/** json_build_object takes at most FUNC_MAX_ARGS = 100 arguments, i.e. 50 keys. */
const MAX_BUILD_KEYS = 50;

/** Whether `entries` can be written as the columns of a row (row_to_json / json_agg of a row). */
export function fitsRow(entries: ReadonlyArray<Entry>): boolean {
  return entries.every(([key]) => Buffer.byteLength(key) <= MAX_IDENTIFIER_BYTES);
}

/** `expr AS "key", …`: a select list whose row PostgreSQL turns into the JSON object. */
export function selectList(entries: ReadonlyArray<Entry>): SqlNode {
  return join(entries.map(([key, value]) => sql`${value} AS ${identifier(key)}`));
}

/**
 * A JSON object from expressions of the current row: `json_build_object('k', v, …)` up to 50 keys,
 * else a one-row subquery turned into JSON.
 */
export function jsonObject(entries: ReadonlyArray<Entry>): SqlNode {
  if (entries.length <= MAX_BUILD_KEYS) {
    return sql`json_build_object(${join(entries.map(([key, value]) => sql`${nameLiteral(key)}, ${value}`))})`;
  }
  if (!fitsRow(entries)) {
    throw new GraphQLError(
      `A selection of more than ${MAX_BUILD_KEYS} fields cannot use response keys longer than ${MAX_IDENTIFIER_BYTES} bytes.`,
    );
  }
  return sql`(SELECT row_to_json(x) FROM (SELECT ${selectList(entries)}) AS x)`;
}
