import type { Catalog, CatalogForeignKey, CatalogTable } from '../catalog/Catalog.js';

/**
 * Keys PostgreSQL cannot hold for a view (or a materialized or foreign table), declared in
 * ModelOptions.viewKeys so the view gets what a table with those constraints gets: a primary key
 * (lookup, connection, keyset cursors), unique keys (lookups) and foreign keys (relations both
 * ways, and from tables to it when it is their target). Sluice trusts them: a declared key that
 * is not unique in the data gives a lookup more than one row could match (the first one answers).
 */
export interface DeclaredKeys {
  /** Column names, in key order. */
  readonly primaryKey?: ReadonlyArray<string>;
  /** Each a list of column names. */
  readonly uniqueKeys?: ReadonlyArray<ReadonlyArray<string>>;
  readonly foreignKeys?: ReadonlyArray<DeclaredForeignKey>;
}

export interface DeclaredForeignKey {
  /** The view's columns. */
  readonly columns: ReadonlyArray<string>;
  /** The table or view it points at: `users` or `public.users`. */
  readonly references: string;
  /** The target's columns; default: its primary key (its declared one, for a view). */
  readonly referencedColumns?: ReadonlyArray<string>;
  /** The name `rename` knows it by; default `<view>_<columns>_fkey`, as PostgreSQL names them. */
  readonly name?: string;
}

/**
 * The catalog with the declared keys on their views. Every name is checked: an unknown view or
 * column, a key on an ordinary table (it takes real constraints), or a foreign key whose target
 * has no such key is an error that says which entry is wrong.
 */
export function withDeclaredKeys(
  catalog: Catalog,
  declared: Readonly<Record<string, DeclaredKeys>> | undefined,
): Catalog {
  if (declared === undefined || Object.keys(declared).length === 0) return catalog;
  const find = (name: string, what: string): CatalogTable => {
    const found = catalog.tables.filter((t) => t.name === name || `${t.schema}.${t.name}` === name);
    if (found.length === 1) return found[0] as CatalogTable;
    const reason =
      found.length === 0 ? 'no such table or view was reflected' : 'several schemas have one';
    throw new Error(`viewKeys: ${what} "${name}": ${reason}.`);
  };
  const checkColumns = (table: CatalogTable, columns: ReadonlyArray<string>, where: string) => {
    if (columns.length === 0) throw new Error(`viewKeys: ${where} names no column.`);
    for (const column of columns) {
      if (!table.columns.some((c) => c.name === column)) {
        throw new Error(
          `viewKeys: ${where}: ${table.schema}.${table.name} has no column "${column}".`,
        );
      }
    }
  };
  // Primary keys first: a foreign key may point at another view's declared one.
  const changed = new Map<CatalogTable, CatalogTable>();
  for (const [name, keys] of Object.entries(declared)) {
    const table = find(name, 'view');
    if (table.kind === 'table') {
      throw new Error(
        `viewKeys: "${name}" is a table; declare its keys in PostgreSQL (ALTER TABLE … ADD CONSTRAINT).`,
      );
    }
    const primaryKey = keys.primaryKey ?? table.primaryKey;
    if (keys.primaryKey) checkColumns(table, keys.primaryKey, `"${name}".primaryKey`);
    (keys.uniqueKeys ?? []).forEach((k, i) => checkColumns(table, k, `"${name}".uniqueKeys[${i}]`));
    changed.set(table, {
      ...table,
      primaryKey,
      uniqueKeys: [...table.uniqueKeys, ...(keys.uniqueKeys ?? [])],
    });
  }
  const current = (table: CatalogTable) => changed.get(table) ?? table;
  for (const [name, keys] of Object.entries(declared)) {
    const table = find(name, 'view');
    const foreignKeys = (keys.foreignKeys ?? []).map((fk, i): CatalogForeignKey => {
      const where = `"${name}".foreignKeys[${i}]`;
      checkColumns(table, fk.columns, `${where}.columns`);
      const target = current(find(fk.references, `${where}.references`));
      const foreignColumns = fk.referencedColumns ?? target.primaryKey;
      if (foreignColumns.length === 0) {
        throw new Error(
          `viewKeys: ${where}: ${target.schema}.${target.name} has no primary key; give referencedColumns.`,
        );
      }
      checkColumns(target, foreignColumns, `${where}.referencedColumns`);
      if (foreignColumns.length !== fk.columns.length) {
        throw new Error(
          `viewKeys: ${where}: ${fk.columns.length} columns refer to ${foreignColumns.length} columns of ${target.schema}.${target.name}.`,
        );
      }
      return {
        name: fk.name ?? `${table.name}_${fk.columns.join('_')}_fkey`,
        columns: fk.columns,
        foreignSchema: target.schema,
        foreignTable: target.name,
        foreignColumns,
        comment: null,
      };
    });
    const base = current(table);
    const names = [...base.foreignKeys, ...foreignKeys].map((fk) => fk.name);
    const twice = names.find((n, i) => names.indexOf(n) !== i);
    if (twice !== undefined) {
      throw new Error(
        `viewKeys: "${name}".foreignKeys: two foreign keys are named "${twice}"; give one a name.`,
      );
    }
    const all = [...base.foreignKeys, ...foreignKeys].sort((a, b) => (a.name < b.name ? -1 : 1));
    changed.set(table, { ...base, foreignKeys: all });
  }
  return { ...catalog, tables: catalog.tables.map(current) };
}
