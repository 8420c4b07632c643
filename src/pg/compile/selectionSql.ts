import { GraphQLError, type FieldNode } from 'graphql';
import { identifier, nameLiteral, sql } from '../sql/sql.js';
import type { SqlNode } from '../sql/SqlNode.js';
import {
  neededColumnKey,
  NODE_ID_FIELD,
  type RelationShape,
  type TableModel,
} from '../schema/Model.js';
import type { BuildContext } from './BuildContext.js';
import { collectSubfields } from './collectFields.js';
import { columnJson } from './columnSql.js';
import { connectionSql } from './connectionSql.js';
import { aggregateSql } from './aggregateSql.js';
import { fitsRow, jsonArray, jsonObject, jsonRow, selectList, type Entry } from './jsonObject.js';
import { distinctOnClause, readColumnList } from './distinctOnSql.js';
import { nodeIdSql } from './nodeId.js';
import { orderBySql, orderKeys } from './orderSql.js';
import { readArgs, type ArgValue } from './readArgument.js';
import {
  baseRows,
  defaultPageSize,
  pagingParam,
  pageSize,
  whereClause,
  type RowSource,
} from './rowsSql.js';

/**
 * The JSON entries of one row of `table` (alias `alias`) for the merged field nodes; `nested`,
 * when given, is set if one of them is a relation (the row then carries nested JSON).
 */
export function objectEntries(
  context: BuildContext,
  table: TableModel,
  alias: string,
  fieldNodes: ReadonlyArray<FieldNode>,
  nested?: { value: boolean },
): Entry[] {
  const type = context.objectType(table.typeName);
  const entries: Entry[] = [];
  const needed = new Set<string>();
  for (const [key, nodes] of collectSubfields(context, type, fieldNodes)) {
    const name = (nodes[0] as FieldNode).name.value;
    if (name === '__typename') {
      entries.push([key, nameLiteral(table.typeName)]);
      continue;
    }
    const column = table.columns.get(name);
    if (column) {
      entries.push([key, columnJson(context, alias, column)]);
      continue;
    }
    if (name === NODE_ID_FIELD && context.model.nodeTypes.get(table.typeName) === table) {
      entries.push([key, nodeIdSql(alias, table)]);
      continue;
    }
    const field = table.fields.get(name);
    if (!field)
      throw new GraphQLError(`Cannot query field "${name}" on type "${table.typeName}".`, {
        nodes,
      });
    if (field.kind === 'computed') {
      // Resolved by the engine after the statement; the row carries the columns it declared.
      context.sawComputed.value = true;
      for (const c of field.computed.needs) needed.add(c.name);
      continue;
    }
    const args = readArgs(context, type, nodes);
    if (nested) nested.value = true;
    const source: RowSource = { kind: 'relation', relation: field.relation, parentAlias: alias };
    const related = relationSql(context, field.shape, field.relation.target, source, nodes, args);
    context.correlated?.add(related);
    entries.push([key, related]);
  }
  if (context.mode === 'value') {
    for (const name of needed) {
      const column = [...table.columns.values()].find((c) => c.name === name);
      if (column) entries.push([neededColumnKey(name), columnJson(context, alias, column)]);
    }
  }
  return entries;
}

export function relationSql(
  context: BuildContext,
  shape: RelationShape,
  table: TableModel,
  source: RowSource,
  nodes: ReadonlyArray<FieldNode>,
  args: Record<string, ArgValue>,
): SqlNode {
  switch (shape) {
    case 'one':
      return singleRowSql(context, table, source, nodes, []);
    case 'list':
      return listSql(context, table, source, nodes, args);
    case 'connection':
      return connectionSql(context, table, source, nodes, args, objectEntries);
    case 'aggregate':
      return aggregateSql(context, table, source, nodes, args);
  }
}

/** `(SELECT row_to_json(s) FROM (SELECT … FROM t WHERE …) AS s)`: one row or NULL (jsonRow). */
export function singleRowSql(
  context: BuildContext,
  table: TableModel,
  source: RowSource,
  nodes: ReadonlyArray<FieldNode>,
  extra: ReadonlyArray<(alias: string) => SqlNode>,
  extraEntries: ReadonlyArray<Entry> = [],
): SqlNode {
  const alias = context.alias();
  const { from, conditions } = baseRows(context, source, alias, null);
  conditions.push(...extra.map((condition) => condition(alias)));
  const entries = [...objectEntries(context, table, alias, nodes), ...extraEntries];
  const s = identifier(context.alias('s'));
  return jsonRow(context, entries, sql`FROM ${from}${whereClause(conditions)}`, s);
}

/**
 * A list: an array aggregate (jsonArray) over a row subquery that filters, orders (after
 * `distinctOn`: `SELECT DISTINCT ON (…)`) and limits at its own level, so a
 * nested `posts(limit: 3)` limits per parent row. PostgreSQL feeds an aggregate the rows of a
 * sorted subquery in order when nothing else is joined in (the shape measured fastest, docs/pg.md).
 *
 * `asRows` (a root list, rootFieldsSql.ts): when the rows hold a relation, a whole statement that
 * returns each element's JSON as a row of its own, in order, instead of one aggregate
 * (listRowsJson.ts joins them), and `asRows.value` is set. A flat list stays one aggregate: its
 * JSON is small, and rows cost the driver an object each.
 */
export function listSql(
  context: BuildContext,
  table: TableModel,
  source: RowSource,
  nodes: ReadonlyArray<FieldNode>,
  args: Record<string, ArgValue>,
  asRows?: { value: boolean },
): SqlNode {
  const alias = context.alias();
  const { from, conditions } = baseRows(context, source, alias, args['where'] ?? null);
  const distinct = readColumnList(table, args['distinctOn'] ?? null, 'distinctOn');
  const keys = orderKeys(table, args['orderBy'] ?? null, distinct);
  const nested = { value: false };
  const entries = objectEntries(context, table, alias, nodes, nested);
  const select = distinctOnClause(alias, distinct);
  const order = keys.length > 0 ? sql` ORDER BY ${orderBySql(alias, keys)}` : sql``;
  const limit = pageSize(context, args['limit'], 'limit') ?? defaultPageSize(context);
  const offset = pagingParam(args['offset'], 'offset');
  const paging = sql` LIMIT ${limit}${offset ? sql` OFFSET ${offset}` : sql``}`;
  const s = identifier(context.alias('s'));
  const rows = sql`FROM ${from}${whereClause(conditions)}${order}${paging}`;
  if (asRows !== undefined && nested.value) {
    asRows.value = true;
    return fitsRow(entries)
      ? sql`SELECT row_to_json(${s}.*)::text FROM (SELECT ${select}${selectList(entries)} ${rows}) AS ${s}`
      : sql`SELECT ${s}.j::text FROM (SELECT ${select}${jsonObject(context, entries)} AS j ${rows}) AS ${s}`;
  }
  if (fitsRow(entries)) {
    // A row with a relation carries nested JSON: then json_agg, when the caller compacts it.
    const seen = context.sawSpaced;
    const spaced = seen !== undefined && nested.value;
    if (spaced) seen.value = true;
    return sql`(SELECT ${jsonArray(sql`${s}.*`, undefined, undefined, spaced)} FROM (SELECT ${select}${selectList(entries)} ${rows}) AS ${s})`;
  }
  return sql`(SELECT ${jsonArray(sql`${s}.j`)} FROM (SELECT ${select}${jsonObject(context, entries)} AS j ${rows}) AS ${s})`;
}
