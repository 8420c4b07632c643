import type { ColumnModel, TableModel } from './Model.js';

/**
 * The columns that end every order of `table`'s lists, so pages are deterministic: its primary key,
 * or for a view (no key) all its orderable columns in column order. Without `orderBy` they are
 * the order (the SQL compiler's `orderKeys`; the `orderBy` argument's description says it).
 */
export function tieBreakers(table: TableModel): ReadonlyArray<ColumnModel> {
  if (table.primaryKey.length > 0) return table.primaryKey;
  return [...table.columns.values()].filter((c) => c.orderable);
}

/** The default order of `table`'s lists, in words. */
export function defaultOrderDescription(table: TableModel): string {
  const columns = tieBreakers(table)
    .map((c) => c.fieldName)
    .join(', ');
  return table.primaryKey.length > 0
    ? `Default: primary key (${columns}), ascending. The primary key also breaks ties.`
    : `Default: ${columns}, ascending (a view has no primary key: all its orderable columns). They also break ties.`;
}
