import type { ColumnModel, TableModel } from './Model.js';

/**
 * The keys a table's rows can be looked up by besides the primary key: each unique constraint's
 * columns, in constraint-name order, once per set of columns (a constraint over the primary key's
 * columns, or over the same columns as an earlier one, adds no lookup). A nullable column is
 * fine: the lookup's argument is non-null, and `=` never matches NULL, so at most one row answers.
 */
export function uniqueLookupKeys(table: TableModel): ReadonlyArray<ReadonlyArray<ColumnModel>> {
  const byName = new Map([...table.columns.values()].map((c) => [c.name, c]));
  const seen = new Set([setKey(table.table.primaryKey)]);
  const keys: ColumnModel[][] = [];
  for (const columns of table.table.uniqueKeys) {
    const id = setKey(columns);
    if (seen.has(id)) continue;
    seen.add(id);
    keys.push(columns.map((name) => byName.get(name) as ColumnModel));
  }
  return keys;
}

function setKey(columns: ReadonlyArray<string>): string {
  return JSON.stringify([...columns].sort());
}
