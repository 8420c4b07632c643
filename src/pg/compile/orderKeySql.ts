import { identifier, join, sql } from '../sql/sql.js';
import type { SqlNode } from '../sql/SqlNode.js';
import { COUNT_COLUMN, functionColumn, type OrderFunction } from '../schema/aggregateScalar.js';
import type { ColumnModel, RelationModel, TableModel } from '../schema/Model.js';
import { aggregateCall } from './aggregateCall.js';
import { columnRef, relationSql } from './columnSql.js';
import type { CatalogTable } from '../catalog/Catalog.js';
import { badInput } from './Param.js';
import type { ArgValue } from './readArgument.js';

/**
 * One sort key: a column of the list's own rows, or of a row reached through to-one relations
 * (`orderBy: [{ author: { username: ASC } }]`: path [author], column username), or an aggregate
 * of the rows of a to-many relation of either (`{ posts: { count: DESC } }`, `{ posts: { max: {
 * createdAt: DESC } } }`: `aggregate` says which, `column` is the aggregate's value).
 */
export interface OrderKey {
  readonly path: ReadonlyArray<RelationModel>;
  readonly column: ColumnModel;
  readonly aggregate?: KeyAggregate | undefined;
  readonly desc: boolean;
  readonly nullsFirst: boolean;
}

/**
 * An aggregate sort key: `count` of the related rows, or a function of a column of theirs
 * (`of`), NULL when there are none (`sum`, `avg`, `min` and `max` of no rows).
 */
export interface KeyAggregate {
  readonly relation: RelationModel;
  readonly fn: 'count' | OrderFunction;
  readonly of?: ColumnModel | undefined;
}

/**
 * Reads one `orderBy` item: exactly one field set, a column with its direction or a to-one
 * relation whose own item (again exactly one field) says what to sort by over there, or a
 * to-many relation's aggregate: `count` with its direction, or a function with exactly one column.
 */
export function readOrderItem(
  table: TableModel,
  item: ArgValue,
): Omit<OrderKey, 'desc' | 'nullsFirst'> & { direction: string } {
  const path: RelationModel[] = [];
  let at = table;
  let value = item;
  for (;;) {
    const [field, inner] = onlyField(value);
    const column = at.columns.get(field);
    if (column) return { path, column, direction: inner as string };
    // Validation let only columns and relations into an OrderBy input; a to-many relation takes
    // `<Target>AggregateOrderBy`: `count`, or `sum`/`avg`/`min`/`max` of one column.
    const relation = at.relationFilters.get(field) as RelationModel;
    if (!relation.toOne) {
      const [fn, argument] = onlyField(inner, `The orderBy item "${field}"`);
      if (fn === 'count')
        return {
          path,
          column: COUNT_COLUMN,
          aggregate: { relation, fn },
          direction: argument as string,
        };
      const [name, direction] = onlyField(argument, `The orderBy item "${field}.${fn}"`);
      const of = relation.target.columns.get(name) as ColumnModel;
      const f = fn as OrderFunction;
      return {
        path,
        column: functionColumn(f, of),
        aggregate: { relation, fn: f, of },
        direction: direction as string,
      };
    }
    path.push(relation);
    at = relation.target;
    value = inner;
  }
}

/** The one field an orderBy object sets (null fields are not set), else BAD_USER_INPUT. */
function onlyField(value: ArgValue, what = 'Each orderBy item'): [string, ArgValue] {
  const entries = Object.entries((value ?? {}) as Record<string, ArgValue>).filter(
    ([, v]) => v !== null,
  );
  if (entries.length !== 1) {
    throw badInput(
      `${what} must set exactly one field (got ${entries.length}); write [{ a: ASC }, { b: DESC }] for several keys.`,
    );
  }
  return entries[0] as [string, ArgValue];
}

/** The same column (or aggregate of the same relation) reached the same way. */
export function sameKey(a: Omit<OrderKey, 'desc' | 'nullsFirst'>, b: typeof a): boolean {
  return (
    a.column === b.column &&
    a.aggregate?.relation === b.aggregate?.relation &&
    a.aggregate?.fn === b.aggregate?.fn &&
    a.path.length === b.path.length &&
    a.path.every((r, i) => r === b.path[i])
  );
}

/**
 * Never NULL: a NOT NULL column (a count is one) of the row itself. A key reached through a
 * relation may be NULL even when the foreign key's columns are NOT NULL: the related row can be
 * missing (a NOT VALID foreign key) or hidden from the request's role (row-level security).
 */
export function keyNotNull(key: OrderKey): boolean {
  return key.column.notNull && key.path.length === 0;
}

/**
 * The key's value on the row `alias`: the column itself, or a scalar subquery that follows the
 * path's foreign keys (`(SELECT a1.username FROM users AS a1 WHERE a1.id = t1.author_id)`), NULL
 * when a related row is missing. Its aliases are made from `alias` (`t1_o1`, `t1_o2`, …), which no
 * other alias of the statement looks like, so the subquery may be written more than once (ORDER
 * BY, keyset condition, cursor).
 */
export function orderKeyRef(alias: string, key: OrderKey): SqlNode {
  const value = (at: string) =>
    key.aggregate ? aggregateRef(alias, at, key.aggregate) : columnRef(at, key.column);
  if (key.path.length === 0) return value(alias);
  let previous = alias;
  const from: SqlNode[] = [];
  let where: SqlNode = sql``;
  key.path.forEach((relation, i) => {
    const at = `${alias}_o${i + 1}`;
    const table = sql`${relationSql(relation.target.table)} AS ${identifier(at)}`;
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
  return sql`(SELECT ${value(previous)} FROM ${join(from, ' ')} WHERE ${where})`;
}

/**
 * `(SELECT count(*) FROM posts AS t1_n WHERE t1_n.author_id = t1.id)`: the rows of a to-many
 * relation of the row `at`, which an index on the foreign key's columns answers. Through a
 * junction table the target rows are joined and counted, as the aggregate's `count` does: a
 * junction row's target may be one row-level security hides from the request. A function reads a
 * column of the related rows (`max(t1_n.created_at)`), through a junction by the same join; an
 * index on the foreign key and that column answers min and max with one row.
 */
function aggregateRef(alias: string, at: string, aggregate: KeyAggregate): SqlNode {
  const { relation, fn, of } = aggregate;
  const n = `${alias}_n`;
  const source = (table: CatalogTable, name: string) =>
    sql`${relationSql(table)} AS ${identifier(name)}`;
  const where = (name: string, pairs: ReadonlyArray<readonly [string, string]>) =>
    join(
      pairs.map(([mine, theirs]) => sql`${identifier(name, theirs)} = ${identifier(at, mine)}`),
      ' AND ',
    );
  const call =
    fn === 'count' || of === undefined ? sql`count(*)` : aggregateCall(fn, columnRef(n, of));
  if (!relation.via)
    return sql`(SELECT ${call} FROM ${source(relation.target.table, n)} WHERE ${where(n, relation.pairs)})`;
  const j = `${alias}_j`;
  const { junction, sourcePairs, targetPairs } = relation.via;
  const on = join(
    targetPairs.map(([jcol, tcol]) => sql`${identifier(n, tcol)} = ${identifier(j, jcol)}`),
    ' AND ',
  );
  return sql`(SELECT ${call} FROM ${source(junction, j)} JOIN ${source(relation.target.table, n)} ON ${on} WHERE ${where(j, sourcePairs)})`;
}

/** What tells the key apart in a cursor's signature: the relations it follows, and its column. */
export function keyIdentity(key: OrderKey): string[] {
  const relation = (r: RelationModel) =>
    r.via
      ? `${r.via.junction.schema}.${r.via.junction.name}(${r.via.sourcePairs.flat().join(',')})`
      : `${r.target.table.schema}.${r.target.table.name}(${r.pairs.flat().join(',')})`;
  return [
    ...key.path.map(relation),
    ...(key.aggregate ? [`${key.aggregate.fn} ${relation(key.aggregate.relation)}`] : []),
    key.column.name,
  ];
}
