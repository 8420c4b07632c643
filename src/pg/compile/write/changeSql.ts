import { GraphQLError, type FieldNode } from 'graphql';
import { ErrorCode } from '../../../engine/index.js';
import { identifier, join, sql } from '../../sql/sql.js';
import type { SqlNode } from '../../sql/SqlNode.js';
import type { ColumnModel, MutationKind, TableModel } from '../../schema/Model.js';
import type { BuildContext } from '../BuildContext.js';
import { columnOperand, columnRef, columnType, relationSql } from '../columnSql.js';
import { keyConditionSql } from '../keyConditionSql.js';
import { Param } from '../Param.js';
import type { ArgValue } from '../readArgument.js';
import { whereSql } from '../whereSql.js';
import { inputError, type InputPath } from './createInput.js';
import { elementText } from './insertSql.js';
import { byPrimaryKey, columnsRead, keysOut, returnedRowsSql } from './returnedRowsSql.js';

/**
 * The rows an update or delete reaches: by primary key (`updateCustomer(id: 1)`) or by the
 * reads' `where`. A filter that sets no condition would reach every row: refused with
 * UNFILTERED_WRITE unless the model allows it.
 */
function targetCondition(
  context: BuildContext,
  kind: MutationKind,
  table: TableModel,
  alias: string,
  args: Record<string, ArgValue>,
  path: InputPath,
): SqlNode {
  if (kind === 'updateOne' || kind === 'deleteOne') {
    return join(
      table.primaryKey.map((column) => keyConditionSql(alias, column, args[column.fieldName])),
      ' AND ',
    );
  }
  const condition = whereSql(context, table, alias, args['where'] ?? null);
  if (condition) return condition;
  if (context.model.allowUnfilteredWrites) return sql`TRUE`;
  throw new GraphQLError(
    'This "where" sets no condition, so it would reach every row; give at least one.',
    { extensions: { code: ErrorCode.UNFILTERED_WRITE, inputPath: [...path, 'where'] } },
  );
}

/** The statement of an update or delete field (updateSql, deleteSql). */
export function changeSql(
  context: BuildContext,
  kind: MutationKind,
  table: TableModel,
  args: Record<string, ArgValue>,
  fieldNodes: ReadonlyArray<FieldNode>,
  path: InputPath,
  /** An update answers its selection itself (answersFromReturnedRows). */
  answer = false,
): SqlNode {
  return kind === 'deleteOne' || kind === 'deleteMany'
    ? deleteSql(context, kind, table, args, fieldNodes, path)
    : updateSql(context, kind, table, args, path, answer ? fieldNodes : undefined);
}

/**
 * `WITH u AS (UPDATE … RETURNING key) SELECT key arrays`: the rows an update changed, by primary
 * key (ordered by it), for the read-back statement. `set` values come first, then `increment`
 * amounts are added (`"balance" = "t1"."balance" + $2`). Given `answer` (a selection of the
 * rows alone), the statement returns the columns it reads and ends with its SELECT over them,
 * ordered by primary key, instead: no read-back. The answer's rows take the UPDATE's alias (the
 * two are in different scopes), so the statement names one table alias, as without it.
 */
export function updateSql(
  context: BuildContext,
  kind: MutationKind,
  table: TableModel,
  args: Record<string, ArgValue>,
  path: InputPath,
  answer?: ReadonlyArray<FieldNode>,
): SqlNode {
  const alias = context.alias();
  const assigned = new Map<string, { column: ColumnModel; set?: SqlNode; add?: SqlNode }>();
  const entry = (column: ColumnModel) => {
    let found = assigned.get(column.name);
    if (!found) assigned.set(column.name, (found = { column }));
    return found;
  };
  const set = args['set'];
  if (set !== null && set !== undefined && typeof set === 'object' && !(set instanceof Param)) {
    for (const [field, value] of Object.entries(set as Record<string, ArgValue>)) {
      const column = table.write?.columns.get(field);
      if (!column) continue;
      if (!(value instanceof Param)) {
        if (column.notNull)
          throw inputError(`"${field}" cannot be set to null (the column is NOT NULL).`, [
            ...path,
            'set',
            field,
          ]);
        entry(column).set = sql`NULL`;
        continue;
      }
      entry(column).set = textParam(column, value);
    }
  }
  const increment = args['increment'];
  if (increment !== null && increment !== undefined && typeof increment === 'object') {
    for (const [field, value] of Object.entries(increment as Record<string, ArgValue>)) {
      const column = table.write?.columns.get(field);
      if (!column || !(value instanceof Param)) continue;
      entry(column).add = textParam(column, value);
    }
  }
  if (assigned.size === 0)
    throw inputError('Give at least one column to change, in "set" or "increment".', path);
  const condition = targetCondition(context, kind, table, alias, args, path);
  const assignments = [...assigned.values()].map(({ column, set, add }) => {
    const base = set ?? columnRef(alias, column);
    return sql`${identifier(column.name)} = ${add ? sql`${base} + ${add}` : base}`;
  });
  const table_ = relationSql(table.table);
  const update = sql`UPDATE ${table_} AS ${identifier(alias)} SET ${join(assignments)} WHERE ${condition}`;
  if (answer) {
    const json = changedRowsJson(context, kind, table, answer, sql`u`, alias);
    return sql`WITH u AS (${update} RETURNING ${returnedFor(json, alias, table, alias)})\n${json}`;
  }
  const keys = table.primaryKey.map((c) => identifier(c.name));
  const returning = join(table.primaryKey.map((c) => columnRef(alias, c)));
  const arrays = keys.map(
    (k) =>
      sql`(SELECT array_agg(u.${k} ORDER BY ${join(keys.map((o) => sql`u.${o}`))})::text FROM u)`,
  );
  return sql`WITH u AS (${update} RETURNING ${returning})\n${keysOut(arrays)}`;
}

/**
 * `WITH d AS (DELETE … RETURNING key and columns read) SELECT json`: one statement. The deleted
 * rows come from RETURNING; their nested relations read the statement's snapshot, which still
 * holds the rows a cascade removes, so the answer shows the rows as they were.
 */
export function deleteSql(
  context: BuildContext,
  kind: MutationKind,
  table: TableModel,
  args: Record<string, ArgValue>,
  fieldNodes: ReadonlyArray<FieldNode>,
  path: InputPath,
): SqlNode {
  const alias = context.alias();
  const condition = targetCondition(context, kind, table, alias, args, path);
  // RETURNING lists columns (returnedFor): a role granted SELECT on some only may still delete.
  const rows = context.alias();
  const json = changedRowsJson(context, kind, table, fieldNodes, sql`d`, rows);
  return sql`WITH d AS (DELETE FROM ${relationSql(table.table)} AS ${identifier(alias)} WHERE ${condition} RETURNING ${returnedFor(json, rows, table, alias)})\n${json}`;
}

/**
 * What an UPDATE's or a DELETE's RETURNING gives for `json` (which reads its rows as `rowsAlias`):
 * the key and the columns the answer reads, of the target `alias` — not `*`, which needs SELECT on
 * every column.
 */
function returnedFor(json: SqlNode, rowsAlias: string, table: TableModel, alias: string): SqlNode {
  const columns = new Set([
    ...table.primaryKey.map((c) => c.name),
    ...columnsRead(json, rowsAlias),
  ]);
  return join([...columns].map((c) => identifier(alias, c)));
}

/**
 * The selection's JSON over the rows an UPDATE's or a DELETE's RETURNING gave (`rows`: its CTE),
 * in primary-key order; `alias` names them when given, else a new table alias does.
 */
function changedRowsJson(
  context: BuildContext,
  kind: MutationKind,
  table: TableModel,
  fieldNodes: ReadonlyArray<FieldNode>,
  rows: SqlNode,
  alias?: string,
): SqlNode {
  return returnedRowsSql(
    context,
    table,
    fieldNodes,
    kind === 'updateOne' || kind === 'deleteOne',
    (a) => sql`${rows} AS ${identifier(a)}`,
    (a) => byPrimaryKey(table, a),
    undefined,
    alias,
  );
}

/** A value as text cast to the column's type (checked for int2 / float4 first). */
function textParam(column: ColumnModel, param: Param): SqlNode {
  const text = columnOperand(column, param).map((v) => elementText(column, v));
  return column.isArray
    ? sql`${text}::text::${columnType(column)}[]`
    : sql`${text}::text::${columnType(column)}`;
}
