import { GraphQLError } from 'graphql';
import { identifier, join, nameLiteral, sql } from '../sql/sql.js';
import type { SqlNode } from '../sql/SqlNode.js';
import type { BuildContext } from './BuildContext.js';

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
 * The JSON array of the rows (or json values) `s` of a sorted subquery, `[]` when there are none,
 * written compact: `array_to_json` puts `,` between elements where `json_agg` puts `, ` and a
 * newline. `order` and `filter` are an aggregate's ORDER BY and FILTER clauses.
 *
 * `spaced`: `json_agg` of the rows `s`, which writes `, \n ` between them (compactSeparators
 * takes it out in Node). For rows that carry their own nested JSON it costs PostgreSQL less:
 * `array_agg` copies every row, nested text included, into an array that `array_to_json` then
 * reads again, at every level (docs/pg.md, "Measurements").
 */
export function jsonArray(s: SqlNode, order?: SqlNode, filter?: SqlNode, spaced = false): SqlNode {
  const ordered = order ? sql` ORDER BY ${order}` : sql``;
  const filtered = filter ? sql` FILTER (WHERE ${filter})` : sql``;
  if (spaced) return sql`coalesce(json_agg(${s}${ordered})${filtered}, '[]')`;
  return sql`coalesce(array_to_json(array_agg(${s}${ordered})${filtered}), '[]')`;
}

/*
 * A subquery's whole row is always written `s.*`: PostgreSQL reads a bare name (`row_to_json(x)`,
 * `array_agg("s2")`) as a column first, of any table the subquery sees, so a column named `x` or
 * `s2` would be taken instead of the row (42883, or a wrong answer).
 */

/**
 * The JSON object of the one row `SELECT <entries> <rest>` (`rest` is its FROM, WHERE, GROUP BY),
 * NULL when there is no row: `row_to_json` of it as the subquery `s`, which writes it compact;
 * `json_build_object` when a key is longer than an identifier (see jsonObject).
 */
export function jsonRow(
  context: Pick<BuildContext, 'sawLoose'>,
  entries: ReadonlyArray<Entry>,
  rest: SqlNode,
  s: SqlNode,
): SqlNode {
  if (fitsRow(entries))
    return sql`(SELECT row_to_json(${s}.*) FROM (SELECT ${selectList(entries)} ${rest}) AS ${s})`;
  return sql`(SELECT ${jsonObject(context, entries)} ${rest})`;
}

/**
 * A JSON object from expressions of the current row: a one-row subquery turned into JSON by
 * `row_to_json`, which writes it compact. An aggregate in `entries` must name a column of the
 * current row (`count(p.i)`, not `count(*)`): PostgreSQL evaluates an aggregate at the level of
 * the columns it reads, and `count(*)` would count the subquery's one row. Keys longer than an identifier take
 * `json_build_object('k', v, …)` (up to 50 keys), whose spaced text the field is rewritten from.
 */
export function jsonObject(
  context: Pick<BuildContext, 'sawLoose'>,
  entries: ReadonlyArray<Entry>,
): SqlNode {
  if (fitsRow(entries))
    return sql`(SELECT row_to_json(x.*) FROM (SELECT ${selectList(entries)}) AS x)`;
  if (entries.length > MAX_BUILD_KEYS) {
    throw new GraphQLError(
      `A selection of more than ${MAX_BUILD_KEYS} fields cannot use response keys longer than ${MAX_IDENTIFIER_BYTES} bytes.`,
    );
  }
  context.sawLoose.value = true;
  return sql`json_build_object(${join(entries.map(([key, value]) => sql`${nameLiteral(key)}, ${value}`))})`;
}
