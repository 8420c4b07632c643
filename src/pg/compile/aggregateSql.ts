import type { FieldNode } from 'graphql';
import { identifier, nameLiteral, sql } from '../sql/sql.js';
import type { SqlNode } from '../sql/SqlNode.js';
import type { ColumnModel, TableModel } from '../schema/Model.js';
import {
  aggregateScalar,
  AGGREGATE_FUNCTIONS,
  type AggregateFunction,
} from '../schema/buildSchema.js';
import type { BuildContext } from './BuildContext.js';
import { collectSubfields } from './collectFields.js';
import { columnRef, valueJson } from './columnSql.js';
import { jsonObject, jsonRow, type Entry } from './jsonObject.js';
import type { ArgValue } from './readArgument.js';
import { baseRows, whereClause, type RowSource } from './rowsSql.js';

/**
 * `count`, `sum`, `avg`, `min`, `max`, `countDistinct` over the rows matching `where`, as one
 * JSON object.
 */
export function aggregateSql(
  context: BuildContext,
  table: TableModel,
  source: RowSource,
  nodes: ReadonlyArray<FieldNode>,
  args: Record<string, ArgValue>,
): SqlNode {
  const alias = context.alias();
  const { from, conditions } = baseRows(context, source, alias, args['where'] ?? null);
  const type = context.objectType(`${table.typeName}Aggregate`);
  const entries: Entry[] = [];
  for (const [key, fieldNodes] of collectSubfields(context, type, nodes)) {
    const name = (fieldNodes[0] as FieldNode).name.value;
    if (name === '__typename') entries.push([key, nameLiteral(type.name)]);
    else if (name === 'count') entries.push([key, sql`count(*)::int`]);
    else if ((AGGREGATE_FUNCTIONS as ReadonlyArray<string>).includes(name)) {
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
    }
  }
  const s = identifier(context.alias('s'));
  return jsonRow(context, entries, sql`FROM ${from}${whereClause(conditions)}`, s);
}

function aggregateValue(
  context: BuildContext,
  fn: AggregateFunction,
  alias: string,
  column: ColumnModel,
): SqlNode {
  const ref = columnRef(alias, column);
  if (fn === 'countDistinct') return sql`count(DISTINCT ${ref})::int`;
  const call =
    fn === 'sum'
      ? sql`sum(${ref})`
      : fn === 'avg'
        ? sql`avg(${ref})`
        : fn === 'min'
          ? sql`min(${ref})`
          : sql`max(${ref})`;
  if (fn === 'min' || fn === 'max') return valueJson(context, call, column);
  // sum/avg of integers and numeric are int8/numeric: text keeps them exact (BigInt, BigFloat).
  const scalar = aggregateScalar(fn, column);
  if (scalar?.name !== 'Float') return sql`${call}::text`;
  context.sawFloat.value = true;
  context.sawLoose.value = true;
  return call;
}
