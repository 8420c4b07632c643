import { identifier, integerLiteral, join, sql } from '../sql/sql.js';
import type { SqlNode } from '../sql/SqlNode.js';
import type { RelationModel, TableModel } from '../schema/Model.js';
import type { BuildContext } from './BuildContext.js';
import { relationSql } from './columnSql.js';
import { badInput, Param } from './Param.js';
import type { ArgValue } from './readArgument.js';
import { relatedRows, whereSql } from './whereSql.js';

/** Where the rows of a list come from: a whole table (root fields) or a relation of a parent row. */
export type RowSource =
  | { readonly kind: 'table'; readonly table: TableModel }
  | { readonly kind: 'relation'; readonly relation: RelationModel; readonly parentAlias: string };

/** FROM item and conditions for the rows of `source` under a fresh `alias`, with `where` applied. */
export function baseRows(
  context: BuildContext,
  source: RowSource,
  alias: string,
  where: ArgValue,
): { from: SqlNode; conditions: SqlNode[] } {
  const table = source.kind === 'table' ? source.table : source.relation.target;
  const conditions: SqlNode[] = [];
  let from: SqlNode;
  if (source.kind === 'table') {
    from = sql`${relationSql(table.table)} AS ${identifier(alias)}`;
  } else {
    const related = relatedRows(context, source.relation, source.parentAlias, alias);
    from = related.from;
    conditions.push(related.on);
  }
  const condition = whereSql(context, table, alias, where);
  if (condition) conditions.push(condition);
  return { from, conditions };
}

export function whereClause(conditions: ReadonlyArray<SqlNode>): SqlNode {
  return conditions.length === 0 ? sql`` : sql` WHERE ${join(conditions, ' AND ')}`;
}

/** offset: a parameter that must not be negative, or undefined when not given (or null). */
export function pagingParam(value: ArgValue | undefined, name: string): Param | undefined {
  if (!(value instanceof Param)) return undefined;
  return value.map((v) => {
    if (typeof v === 'number' && v < 0)
      throw badInput(`Argument "${name}" must not be negative (got ${v}).`);
    return v;
  });
}

/**
 * limit/first/last: a parameter between 0 and `maxPageSize`, or undefined when not given (or
 * null); the caller then uses `defaultPageSize`, so no list is ever unbounded.
 */
export function pageSize(
  context: BuildContext,
  value: ArgValue | undefined,
  name: string,
): Param | undefined {
  const { defaultPageSize, maxPageSize } = context.model.limits;
  return pagingParam(value, name)?.map((v) => {
    if (typeof v === 'number' && v > maxPageSize)
      throw badInput(`Argument "${name}" must be at most ${maxPageSize} (got ${v}).`);
    return v ?? defaultPageSize;
  });
}

/**
 * The page size of a list or connection given no size: the server's constant, written in the text
 * (integerLiteral). The same in every execution, it is part of the statement's shape, and written
 * out it lets a generic plan know a nested list's per-parent `LIMIT` (docs/pg-mutations.md,
 * "Plans"); a size the request gives stays a parameter.
 */
export function defaultPageSize(context: BuildContext): SqlNode {
  return integerLiteral(context.model.limits.defaultPageSize);
}
