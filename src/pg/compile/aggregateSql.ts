import { GraphQLError, type FieldNode, type GraphQLObjectType } from 'graphql';
import { identifier, join, nameLiteral, sql } from '../sql/sql.js';
import type { SqlNode } from '../sql/SqlNode.js';
import type { ColumnModel, TableModel } from '../schema/Model.js';
import {
  aggregateScalar,
  AGGREGATE_FUNCTIONS,
  COUNT_COLUMN,
  functionColumn,
  type AggregateFunction,
} from '../schema/aggregateScalar.js';
import type { BuildContext } from './BuildContext.js';
import { collectSubfields } from './collectFields.js';
import { aggregateCall } from './aggregateCall.js';
import { columnRef, valueJson } from './columnSql.js';
import { readColumnList } from './distinctOnSql.js';
import { fitsRow, jsonArray, jsonObject, jsonRow, selectList, type Entry } from './jsonObject.js';
import { badInput } from './Param.js';
import { columnConditions, filterSql } from './whereSql.js';
import type { ArgValue } from './readArgument.js';
import { baseRows, defaultPageSize, pageSize, whereClause, type RowSource } from './rowsSql.js';
import { readArgs } from './readArgument.js';

/**
 * `count`, `sum`, `avg`, `min`, `max`, `countDistinct` over the rows matching `where`, as one
 * JSON object; `groups` the same per group of rows (groupsSql).
 */
export function aggregateSql(
  context: BuildContext,
  table: TableModel,
  source: RowSource,
  nodes: ReadonlyArray<FieldNode>,
  args: Record<string, ArgValue>,
): SqlNode {
  const alias = context.alias();
  const where = args['where'] ?? null;
  const { from, conditions } = baseRows(context, source, alias, where);
  const type = context.objectType(`${table.typeName}Aggregate`);
  const { entries, aggregates } = functionEntries(
    context,
    table,
    alias,
    type,
    nodes,
    (key, fieldNodes) => {
      if ((fieldNodes[0] as FieldNode).name.value !== 'groups') return false;
      const groupArgs = readArgs(context, type, fieldNodes);
      return [key, groupsSql(context, table, source, where, fieldNodes, groupArgs)];
    },
  );
  const s = identifier(context.alias('s'));
  // Only groups (and __typename) selected: their subqueries read the rows, this level need not.
  const rest = aggregates ? sql`FROM ${from}${whereClause(conditions)}` : sql``;
  return jsonRow(context, entries, rest, s);
}

/**
 * The groups of the rows matching `where`: `SELECT <keys and functions> FROM … GROUP BY <columns>
 * ORDER BY <columns> LIMIT n` aggregated into a JSON array. The group keys ascend NULLS LAST (as
 * they do in an index on the columns), so the groups have one order and a page of them is stable.
 */
function groupsSql(
  context: BuildContext,
  table: TableModel,
  source: RowSource,
  where: ArgValue,
  nodes: ReadonlyArray<FieldNode>,
  args: Record<string, ArgValue>,
): SqlNode {
  const groupBy = args['groupBy'] ?? null;
  const columns = readColumnList(table, groupBy, 'groupBy');
  const alias = context.alias();
  const { from, conditions } = baseRows(context, source, alias, where);
  const type = context.objectType(`${table.typeName}AggregateGroup`);
  const { entries } = functionEntries(context, table, alias, type, nodes, (key, fieldNodes) => {
    if ((fieldNodes[0] as FieldNode).name.value !== 'keys') return false;
    // groupBy is null only in the statement built for absent variables (createPgSource), which
    // never runs: `groupBy` is non-null, so a request without it is refused before any SQL.
    const given = groupBy === null ? undefined : columns;
    return [key, jsonObject(context, keyEntries(context, table, alias, given, fieldNodes))];
  });
  const refs = join(columns.map((c) => columnRef(alias, c)));
  // The columns themselves: a key selected in a subquery is matched to a grouped column only.
  const grouped = join(columns.map((c) => identifier(alias, c.name)));
  const condition = havingSql(context, table, alias, args['having'] ?? null);
  const having = condition ? sql` HAVING ${condition}` : sql``;
  const grouping =
    columns.length > 0
      ? sql` GROUP BY ${grouped}${having} ORDER BY ${refs}`
      : sql` GROUP BY ()${having}`;
  const limit = pageSize(context, args['limit'], 'limit') ?? defaultPageSize(context);
  const rows = sql`FROM ${from}${whereClause(conditions)}${grouping} LIMIT ${limit}`;
  const s = identifier(context.alias('s'));
  if (fitsRow(entries))
    return sql`(SELECT ${jsonArray(sql`${s}.*`)} FROM (SELECT ${selectList(entries)} ${rows}) AS ${s})`;
  return sql`(SELECT ${jsonArray(sql`${s}.j`)} FROM (SELECT ${jsonObject(context, entries)} AS j ${rows}) AS ${s})`;
}

/**
 * `groups(having:)` as a HAVING condition on the groups of the rows `alias`: `count` and each
 * function's columns compared as the where filters compare a column (`count(*) > $1`,
 * `sum(t.total) >= $2`), `and`/`or`/`not` combined as in `where`, nested at most maxFilterDepth
 * deep; undefined when it sets none.
 */
function havingSql(
  context: BuildContext,
  table: TableModel,
  alias: string,
  having: ArgValue,
): SqlNode | undefined {
  const { limits } = context.model;
  return filterSql(limits, 'having', having, 1, (field, value) => {
    if (field === 'count') return columnConditions(limits, sql`count(*)`, COUNT_COLUMN, value);
    const fn = field as AggregateFunction;
    const filters = Object.entries((value ?? {}) as Record<string, ArgValue>);
    return filters.flatMap(([name, filter]) => {
      const column = table.columns.get(name) as ColumnModel;
      const call = aggregateCall(fn, columnRef(alias, column));
      return columnConditions(limits, call, functionColumn(fn, column), filter);
    });
  });
}

/**
 * A group's `keys`: the values of its groupBy columns; another column is refused. Without
 * `columns` (groupBy not known yet) every key is NULL.
 */
function keyEntries(
  context: BuildContext,
  table: TableModel,
  alias: string,
  columns: ReadonlyArray<ColumnModel> | undefined,
  nodes: ReadonlyArray<FieldNode>,
): Entry[] {
  const type = context.objectType(`${table.typeName}GroupKeys`);
  const entries: Entry[] = [];
  for (const [key, fieldNodes] of collectSubfields(context, type, nodes)) {
    const name = (fieldNodes[0] as FieldNode).name.value;
    if (name === '__typename') {
      entries.push([key, nameLiteral(type.name)]);
      continue;
    }
    const column = table.columns.get(name) as ColumnModel;
    if (columns === undefined) {
      entries.push([key, sql`NULL`]);
      continue;
    }
    if (!columns.includes(column)) {
      throw badInput(
        `"keys.${name}" is not among the columns of groupBy: a group has one value only for those.`,
      );
    }
    entries.push([key, valueJson(context, columnRef(alias, column), column)]);
  }
  return entries;
}

/**
 * The entries of an aggregate object (`<Type>Aggregate` or `<Type>AggregateGroup`) over the rows
 * of `alias`: `__typename`, `count` and the function objects; `other` answers its other fields
 * (`groups`, `keys`), or false when it is not one. `aggregates`: whether an entry aggregates the
 * rows (count or a function).
 */
function functionEntries(
  context: BuildContext,
  table: TableModel,
  alias: string,
  type: GraphQLObjectType,
  nodes: ReadonlyArray<FieldNode>,
  other: (key: string, fieldNodes: FieldNode[]) => Entry | false,
): { entries: Entry[]; aggregates: boolean } {
  const entries: Entry[] = [];
  let aggregates = false;
  for (const [key, fieldNodes] of collectSubfields(context, type, nodes)) {
    const name = (fieldNodes[0] as FieldNode).name.value;
    if (name === '__typename') entries.push([key, nameLiteral(type.name)]);
    else if (name === 'count') {
      aggregates = true;
      entries.push([key, sql`count(*)::int`]);
    } else if ((AGGREGATE_FUNCTIONS as ReadonlyArray<string>).includes(name)) {
      aggregates = true;
      const fn = name as AggregateFunction;
      const subType = context.objectType(
        `${table.typeName}${fn.charAt(0).toUpperCase()}${fn.slice(1)}Aggregate`,
      );
      const sub: Entry[] = [];
      for (const [subKey, subNodes] of collectSubfields(context, subType, fieldNodes)) {
        const field = (subNodes[0] as FieldNode).name.value;
        if (field === '__typename') {
          sub.push([subKey, nameLiteral(subType.name)]);
          continue;
        }
        const column = table.columns.get(field) as ColumnModel;
        sub.push([subKey, aggregateValue(context, fn, alias, column)]);
      }
      entries.push([key, jsonObject(context, sub)]);
    } else {
      const entry = other(key, fieldNodes);
      if (!entry) throw new GraphQLError(`Cannot query field "${name}" on type "${type.name}".`);
      entries.push(entry);
    }
  }
  return { entries, aggregates };
}

function aggregateValue(
  context: BuildContext,
  fn: AggregateFunction,
  alias: string,
  column: ColumnModel,
): SqlNode {
  const call = aggregateCall(fn, columnRef(alias, column));
  if (fn === 'countDistinct') return sql`${call}::int`;
  if (fn === 'min' || fn === 'max') return valueJson(context, call, column);
  // sum/avg of integers and numeric are int8/numeric: text keeps them exact (BigInt, BigFloat).
  const scalar = aggregateScalar(fn, column);
  if (scalar?.name !== 'Float') return sql`${call}::text`;
  context.sawFloat.value = true;
  context.sawLoose.value = true;
  return call;
}
