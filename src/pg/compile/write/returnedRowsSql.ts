import { isObjectType, type FieldNode } from 'graphql';
import { identifier, join, sql, value } from '../../sql/sql.js';
import type { SqlNode } from '../../sql/SqlNode.js';
import type { ColumnModel, TableModel } from '../../schema/Model.js';
import type { BuildContext } from '../BuildContext.js';
import { collectSubfields, type CollectContext } from '../collectFields.js';
import { columnType, relationSql } from '../columnSql.js';
import { fitsRow, jsonArray, jsonObject, selectList } from '../jsonObject.js';
import { Param } from '../Param.js';
import { objectEntries } from '../selectionSql.js';

/**
 * The SELECT of a mutation's returned rows, built like a read: `from(alias)` gives the rows under
 * `alias`, `order(alias)` their order; the selection's nested relations are correlated subqueries
 * as in any read. One row of one text column: a list (`[]` when there are no rows) or a single
 * row (NULL). Given `asRows`, a list whose rows hold a relation is one row per element instead,
 * as a read's root list (listSql), and `asRows.value` is set.
 */
export function returnedRowsSql(
  context: BuildContext,
  table: TableModel,
  fieldNodes: ReadonlyArray<FieldNode>,
  single: boolean,
  from: (alias: string) => SqlNode,
  order: (alias: string) => SqlNode,
  asRows?: { value: boolean },
  /** The rows' alias, when the caller names them (default: a new table alias). */
  given?: string,
): SqlNode {
  const alias = given ?? context.alias();
  const nested = { value: false };
  const entries = objectEntries(context, table, alias, fieldNodes, nested);
  const s = identifier(context.alias('s'));
  const rows = fitsRow(entries)
    ? sql`SELECT ${selectList(entries)} FROM ${from(alias)} ORDER BY ${order(alias)}`
    : sql`SELECT ${jsonObject(context, entries)} AS j FROM ${from(alias)} ORDER BY ${order(alias)}`;
  const value = fitsRow(entries) ? sql`${s}.*` : sql`${s}.j`;
  const element = fitsRow(entries) ? sql`row_to_json(${value})` : value;
  if (single) return sql`SELECT (SELECT ${element} FROM (${rows}) AS ${s})::text`;
  if (asRows !== undefined && nested.value) {
    asRows.value = true;
    return sql`SELECT ${element}::text FROM (${rows}) AS ${s}`;
  }
  return sql`SELECT (SELECT ${jsonArray(value)} FROM (${rows}) AS ${s})::text`;
}

/**
 * Whether a write's selection can be answered from the rows the write returned, in the write's
 * own statement (insertSql's `answer`): it reads nothing but those rows (columns, computed
 * fields, `__typename`, `nodeId`; no relation, so no other row the statement may have written),
 * of a table (what a view's INSTEAD OF trigger returns may not be what the view shows). The
 * caller keeps the read-back where the statement writes other tables too (a nested create),
 * whose triggers may change these rows after RETURNING gave them.
 */
export function answersFromReturnedRows(
  context: CollectContext,
  table: TableModel,
  fieldNodes: ReadonlyArray<FieldNode>,
): boolean {
  if (table.table.kind !== 'table') return false;
  const type = context.schema.getType(table.typeName);
  if (!isObjectType(type)) return false;
  for (const nodes of collectSubfields(context, type, fieldNodes).values()) {
    const field = table.fields.get((nodes[0] as FieldNode).name.value);
    if (field?.kind === 'relation') return false;
  }
  return true;
}

/**
 * The transaction-local setting that carries key column `i` of the rows a write statement wrote
 * to its read-back (`set_config(…, true)`): the read-back needs nothing from Node, so both are sent
 * together (compileMutations.ts). The name is a constant, bound as a parameter.
 */
function keySetting(i: number): SqlNode {
  return value(`sluice.keys${i}`);
}

/**
 * The last SELECT of a write statement: each key column's array text (`arrays`, in the order the
 * read-back returns the rows) stored in its setting, and returned (for `explain`).
 */
export function keysOut(arrays: ReadonlyArray<SqlNode>): SqlNode {
  return sql`SELECT ${join(arrays.map((a, i) => sql`set_config(${keySetting(i)}, coalesce(${a}, '{}'), true)`))}`;
}

/**
 * A setting no statement sets: reading it without `missing_ok` fails the statement, and with it
 * the transaction. The read-back of a single-row upsert reads it when it finds no row
 * (`requireRow`), so that failure is recognised by this name (hiddenUpsertRow).
 */
const NO_ROW_SETTING = 'sluice.upsert_row_not_found';

/**
 * A single-row upsert's read-back (`readBack`, one text cell) that fails when it finds no row: the
 * row with the input's key is one the request's role cannot see (a row-level security policy
 * hides it, so the upsert neither changed it nor may show it; PostgreSQL refuses one it would
 * change, 42501), or one a trigger gave another key. Failing inside the transaction rolls the
 * whole operation back; the answer is the same whatever the hidden row holds.
 */
export function requireRow(readBack: SqlNode): SqlNode {
  return sql`SELECT coalesce((${readBack}), current_setting(${value(NO_ROW_SETTING)}))`;
}

/** Whether a statement failed in `requireRow`'s check: no row for a single-row upsert. */
export function hiddenUpsertRow(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return code === '42704' && typeof message === 'string' && message.includes(NO_ROW_SETTING);
}

/** The parameter key of the upsert read-back's conflict column array `i` (the input's values). */
export function conflictParamKey(i: number): string {
  return `#conflict${i}`;
}

/**
 * Rows by primary key, in the order of the key arrays the write statement stored (keysOut: the
 * text of an array per key column). For an upsert, a row whose key the write could not see (one a
 * concurrent transaction inserted with the same values) is found by its conflict columns instead:
 * each key column is `coalesce(k.kI, (SELECT e.column … WHERE` the conflict columns match`))`,
 * whose subquery PostgreSQL runs only for a NULL key, so every other row is one probe of the
 * primary key (an `OR` of the two conditions probed both indexes for every row and rechecked
 * the heap row; docs/pg-mutations.md has the figures). The conflict
 * columns are a unique constraint's, so the subquery finds one row at most, and its plan is an
 * index probe whatever the values: it is not counted as one of the statement's tables.
 */
export function keyedRows(
  table: TableModel,
  conflict: ReadonlyArray<ColumnModel> | undefined,
): { from: (alias: string) => SqlNode; order: () => SqlNode } {
  const arrays: SqlNode[] = [];
  const names: SqlNode[] = [];
  table.primaryKey.forEach((c, i) => {
    // Unset (plain EXPLAIN of a read-back, nothing written): NULL, no rows.
    arrays.push(sql`nullif(current_setting(${keySetting(i)}, true), '')::${columnType(c)}[]`);
    names.push(identifier(`k${i}`));
  });
  (conflict ?? []).forEach((c, i) => {
    const key = conflictParamKey(i);
    arrays.push(
      sql`${new Param((bag) => bag[key], `input ${c.fieldName}`)}::text::${columnType(c)}[]`,
    );
    names.push(identifier(`u${i}`));
  });
  return {
    from: (alias) => {
      const t = identifier(alias);
      const byKey = join(
        table.primaryKey.map((c, i) => sql`${t}.${identifier(c.name)} = k.${identifier(`k${i}`)}`),
        ' AND ',
      );
      const on = conflict ? byKeyOrConflict(table, t, conflict) : byKey;
      return sql`unnest(${join(arrays)}) WITH ORDINALITY AS k(${join(names)}, ord) JOIN ${relationSql(table.table)} AS ${t} ON ${on}`;
    },
    order: () => sql`k.ord`,
  };
}

/** `keyedRows`' join condition for an upsert's rows (see there). */
function byKeyOrConflict(
  table: TableModel,
  t: SqlNode,
  conflict: ReadonlyArray<ColumnModel>,
): SqlNode {
  const relation = relationSql(table.table);
  const match = join(
    conflict.map((c, i) => sql`e.${identifier(c.name)} = k.${identifier(`u${i}`)}`),
    ' AND ',
  );
  return join(
    table.primaryKey.map((c, i) => {
      const column = identifier(c.name);
      const found = sql`(SELECT e.${column} FROM ${relation} AS e WHERE ${match})`;
      return sql`${t}.${column} = coalesce(k.${identifier(`k${i}`)}, ${found})`;
    }),
    ' AND ',
  );
}

/** Rows ordered by primary key (what an update or delete by filter returns). */
export function byPrimaryKey(table: TableModel, alias: string): SqlNode {
  return join(table.primaryKey.map((c) => sql`${identifier(alias, c.name)}`));
}

/** The columns `node` reads from `alias` (identifiers `alias.column`), in the order it reads them. */
export function columnsRead(node: SqlNode, alias: string): Set<string> {
  const columns = new Set<string>();
  const stack: SqlNode[] = [node];
  while (stack.length > 0) {
    const n = stack.pop() as SqlNode;
    if (n.kind === 'identifier') {
      if (n.parts.length === 2 && n.parts[0] === alias) columns.add(n.parts[1] as string);
    } else if (n.kind === 'join' || n.kind === 'sequence') {
      for (let i = n.nodes.length - 1; i >= 0; i--) stack.push(n.nodes[i] as SqlNode);
    }
  }
  return columns;
}
