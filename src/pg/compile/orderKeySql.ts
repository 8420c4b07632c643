import { identifier, join, sql } from '../sql/sql.js';
import type { SqlNode } from '../sql/SqlNode.js';
import type { ColumnModel, RelationModel, TableModel } from '../schema/Model.js';
import { columnRef } from './columnSql.js';
import { badInput } from './Param.js';
import type { ArgValue } from './readArgument.js';

/**
 * One sort key: a column of the list's own rows, or of a row reached through to-one relations
 * (`orderBy: [{ author: { username: ASC } }]`: path [author], column username), or the number of
 * rows of a to-many relation of either (`{ posts: { count: DESC } }`: `count` is that relation,
 * `column` COUNT_COLUMN).
 */
export interface OrderKey {
  readonly path: ReadonlyArray<RelationModel>;
  readonly column: ColumnModel;
  readonly count?: RelationModel | undefined;
  readonly desc: boolean;
  readonly nullsFirst: boolean;
}

/**
 * The value of a `count` key as the cursor and keyset condition see it: an `int8` that is never
 * NULL (`count(*)`), named like the aggregate field.
 */
export const COUNT_COLUMN: ColumnModel = {
  column: {
    name: 'count',
    type: {
      name: 'int8',
      schema: 'pg_catalog',
      isArray: false,
      isEnum: false,
      output: ['pg_catalog', 'int8out'],
    },
    notNull: true,
    comment: null,
  },
  name: 'count',
  fieldName: 'count',
  scalar: 'BigInt',
  enumModel: undefined,
  isArray: false,
  notNull: true,
  textForm: 'cast',
  orderable: true,
};

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
    // Validation let only columns and relations into an OrderBy input; a to-many relation takes
    // `<Target>AggregateOrderBy`, whose one field is `count`.
    const relation = at.relationFilters.get(field) as RelationModel;
    if (!relation.toOne) {
      const count = (inner ?? {}) as Record<string, ArgValue>;
      const direction = count['count'];
      if (typeof direction !== 'string')
        throw badInput(`The orderBy item "${field}" must set "count".`);
      return { path, column: COUNT_COLUMN, count: relation, direction };
    }
    path.push(relation);
    at = relation.target;
    value = inner;
  }
}

/** The same column (or count of the same relation) reached the same way. */
export function sameKey(a: Omit<OrderKey, 'desc' | 'nullsFirst'>, b: typeof a): boolean {
  return (
    a.column === b.column &&
    a.count === b.count &&
    a.path.length === b.path.length &&
    a.path.every((r, i) => r === b.path[i])
  );
}

/**
 * Never NULL: a NOT NULL column (a count is one), reached (if at all) through relations whose row
 * always exists.
 */
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
  const value = (at: string) =>
    key.count ? countRef(alias, at, key.count) : columnRef(at, key.column);
  if (key.path.length === 0) return value(alias);
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
  return sql`(SELECT ${value(previous)} FROM ${join(from, ' ')} WHERE ${where})`;
}

/**
 * `(SELECT count(*) FROM posts AS t1_n WHERE t1_n.author_id = t1.id)`: the rows of a to-many
 * relation of the row `at`, which an index on the foreign key's columns answers. Through a
 * junction table the junction's rows are counted: each points at an existing row (its foreign key).
 */
function countRef(alias: string, at: string, relation: RelationModel): SqlNode {
  const n = `${alias}_n`;
  const [table, pairs] = relation.via
    ? [relation.via.junction, relation.via.sourcePairs]
    : [relation.target.table, relation.pairs];
  const on = join(
    pairs.map(([mine, theirs]) => sql`${identifier(n, theirs)} = ${identifier(at, mine)}`),
    ' AND ',
  );
  return sql`(SELECT count(*) FROM ${identifier(table.schema, table.name)} AS ${identifier(n)} WHERE ${on})`;
}

/** What tells the key apart in a cursor's signature: the relations it follows, and its column. */
export function keyIdentity(key: OrderKey): string[] {
  const relation = (r: RelationModel) =>
    r.via
      ? `${r.via.junction.schema}.${r.via.junction.name}(${r.via.sourcePairs.flat().join(',')})`
      : `${r.target.table.schema}.${r.target.table.name}(${r.pairs.flat().join(',')})`;
  return [
    ...key.path.map(relation),
    ...(key.count ? [`count ${relation(key.count)}`] : []),
    key.column.name,
  ];
}
