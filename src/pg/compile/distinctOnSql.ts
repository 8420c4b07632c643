import { identifier, join, sql } from '../sql/sql.js';
import type { SqlNode } from '../sql/SqlNode.js';
import type { ColumnModel, TableModel } from '../schema/Model.js';
import type { BuildContext } from './BuildContext.js';
import { columnRef } from './columnSql.js';
import { orderBySql, type OrderKey } from './orderSql.js';
import { badInput } from './Param.js';
import type { ArgValue } from './readArgument.js';
import { baseRows, whereClause, type RowSource } from './rowsSql.js';

/**
 * The columns of a `distinctOn` or `groupBy` argument (`<Type>OrderableColumn` values), in the
 * order given; a column named twice is refused, so the list is never longer than the table's
 * orderable columns.
 */
export function readColumnList(
  table: TableModel,
  value: ArgValue,
  argument: string,
): ColumnModel[] {
  if (value === null) return [];
  const columns: ColumnModel[] = [];
  for (const item of Array.isArray(value) ? value : [value]) {
    // Validation let only the enum's values in; its values are the keys of orderableColumns.
    const column = table.orderableColumns.get(item as string) as ColumnModel;
    if (columns.includes(column))
      throw badInput(`"${argument}" names ${String(item)} more than once.`);
    columns.push(column);
  }
  return columns;
}

/** `DISTINCT ON (t1.a, t1.b) ` before a select list, or nothing. */
export function distinctOnClause(alias: string, columns: ReadonlyArray<ColumnModel>): SqlNode {
  if (columns.length === 0) return sql``;
  return sql`DISTINCT ON (${join(columns.map((c) => columnRef(alias, c)))}) `;
}

/**
 * The rows of a connection with `distinctOn`: the first row of each group in `keys` order (which
 * starts with the distinct columns, orderKeys), as a derived table under `alias` itself, so the
 * page, its keyset conditions, `totalCount` and pageInfo read the distinct rows as they would the
 * table's. Without distinct columns, baseRows.
 */
export function distinctRows(
  context: BuildContext,
  source: RowSource,
  alias: string,
  where: ArgValue,
  columns: ReadonlyArray<ColumnModel>,
  keys: ReadonlyArray<OrderKey>,
): { from: SqlNode; conditions: SqlNode[] } {
  const base = baseRows(context, source, alias, where);
  if (columns.length === 0) return base;
  const a = identifier(alias);
  const rows = sql`SELECT ${distinctOnClause(alias, columns)}${a}.* FROM ${base.from}${whereClause(base.conditions)} ORDER BY ${orderBySql(alias, keys)}`;
  return { from: sql`(${rows}) AS ${a}`, conditions: [] };
}
