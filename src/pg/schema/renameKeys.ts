import type { Catalog, CatalogTable } from '../catalog/Catalog.js';

/** The root and mutation fields a `rename` key `<table>.<kind>` names. */
const TABLE_FIELD_KINDS = [
  'list',
  'single',
  'createMany',
  'createOne',
  'updateOne',
  'updateMany',
  'deleteOne',
  'deleteMany',
];

/**
 * A warning for each `rename` key that names nothing reflection exposes (a misspelt table, a
 * column of another table, a hidden table), since such an entry silently renames nothing.
 */
export function unusedRenameWarnings(
  catalog: Catalog,
  exposed: ReadonlyArray<CatalogTable>,
  rename: Readonly<Record<string, string>>,
): string[] {
  const known = new Set<string>(catalog.enums.map((e) => e.name));
  for (const table of exposed) {
    known.add(table.name);
    for (const column of table.columns) known.add(`${table.name}.${column.name}`);
    for (const kind of TABLE_FIELD_KINDS) known.add(`${table.name}.${kind}`);
    for (const fk of table.foreignKeys) {
      known.add(`${table.name}.${fk.name}`);
      known.add(`${table.name}.${fk.name}.backward`);
    }
  }
  return Object.keys(rename)
    .filter((key) => !known.has(key))
    .map(
      (key) =>
        `rename: "${key}" names no exposed table, enum, column, foreign key or root field, so it renames nothing.`,
    );
}
