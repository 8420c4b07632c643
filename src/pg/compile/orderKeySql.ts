import { identifier, join, sql } from '../sql/sql.js';
import type { SqlNode } from '../sql/SqlNode.js';
import type { ColumnModel, RelationModel, TableModel } from '../schema/Model.js';
import { columnRef } from './columnSql.js';
import { badInput } from './Param.js';
import type { ArgValue } from './readArgument.js';

/**
 * One sort key: a column of the list's own rows, or of a row reached through to-one relations
 * (`orderBy: [{ author: { username: ASC } }]`: path [author], column username).
 */
export interface OrderKey {
  readonly path: ReadonlyArray<RelationModel>;
  readonly column: ColumnModel;
  readonly desc: boolean;
  readonly nullsFirst: boolean;
}

/**
 * Reads one `orderBy` item: exactly one field set, a column with its direction or a to-one
 * relation whose own item (again exactly one field) says what to sort by over there.
 */
export function readOrderItem(
  table: TableModel,
  item: ArgValue,
): Omit<OrderKey, 'desc' | 'nullsFirst'> & { direction: string } {
  const path: RelationModel[] = [];
  let at = table;
  let value = item;
  for (;;) {
    const entries = Object.entries((value ?? {}) as Record<string, ArgValue>).filter(
      ([, v]) => v !== null,
    );
    if (entries.length !== 1) {
      throw badInput(
        `Each orderBy item must set exactly one field (got ${entries.length}); write [{ a: ASC }, { b: DESC }] for several keys.`,
      );
    }
    const [field, inner] = entries[0] as [string, ArgValue];
    const column = at.columns.get(field);
    if (column) return { path, column, direction: inner as string };
    // Validation let only columns and to-one relations into an OrderBy input.
    const relation = at.relationFilters.get(field) as RelationModel;
    path.push(relation);
    at = relation.target;
    value = inner;
  }
}

/** The same column reached the same way. */
export function sameKey(a: Omit<OrderKey, 'desc' | 'nullsFirst'>, b: typeof a): boolean {
  return (
    a.column === b.column &&
    a.path.length === b.path.length &&
    a.path.every((r, i) => r === b.path[i])
  );
}

/** Never NULL: a NOT NULL column, reached (if at all) through relations whose row always exists. */
export function keyNotNull(key: OrderKey): boolean {
  return key.column.notNull && key.path.every((r) => r.required);
}

/**
 * The key's value on the row `alias`: the column itself, or a scalar subquery that follows the
 * path's foreign keys (`(SELECT a1.username FROM users AS a1 WHERE a1.id = t1.author_id)`), NULL
 * when a related row is missing. Its aliases are made from `alias` (`t1_o1`, `t1_o2`, …), which no
 * other alias of the statement looks like, so the subquery may be written more than once (ORDER
 * BY, keyset condition, cursor).
 */
export function orderKeyRef(alias: string, key: OrderKey): SqlNode {
  if (key.path.length === 0) return columnRef(alias, key.column);
  let previous = alias;
  const from: SqlNode[] = [];
  let where: SqlNode = sql``;
  key.path.forEach((relation, i) => {
    const at = `${alias}_o${i + 1}`;
    const table = sql`${identifier(relation.target.table.schema, relation.target.table.name)} AS ${identifier(at)}`;
    const on = join(
      relation.pairs.map(
        ([mine, theirs]) => sql`${identifier(at, theirs)} = ${identifier(previous, mine)}`,
      ),
      ' AND ',
    );
    if (i === 0) {
      from.push(table);
      where = on;
    } else from.push(sql`JOIN ${table} ON ${on}`);
    previous = at;
  });
  return sql`(SELECT ${columnRef(previous, key.column)} FROM ${join(from, ' ')} WHERE ${where})`;
}

/** What tells the key apart in a cursor's signature: the relations it follows, and its column. */
export function keyIdentity(key: OrderKey): string[] {
  return [
    ...key.path.map(
      (r) => `${r.target.table.schema}.${r.target.table.name}(${r.pairs.flat().join(',')})`,
    ),
    key.column.name,
  ];
}
