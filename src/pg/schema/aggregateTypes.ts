import {
  GraphQLInt,
  GraphQLList,
  GraphQLNonNull,
  GraphQLObjectType,
  type GraphQLFieldConfigMap,
  type GraphQLFieldResolver,
  type GraphQLOutputType,
} from 'graphql';
import { aggregateScalar, AGGREGATE_FUNCTIONS } from './aggregateScalar.js';
import type { InputTypes } from './inputTypes.js';
import type { ModelLimits, TableModel } from './Model.js';

/** `extensions.sluice.listSize` of a list field (buildSchema's `ListSize`). */
export type ListSizeOf = (slicingArguments: ReadonlyArray<string>) => object;

/**
 * The aggregate types of a table: `<Type>Aggregate` (count, the functions over columns, and
 * `groups`), its `<Type>AggregateGroup` (the same per group, with the group's `keys`), the
 * `<Type><Fn>Aggregate` objects of column values and `<Type>GroupKeys`.
 */
export function createAggregateTypes(
  inputs: InputTypes,
  limits: ModelLimits,
  listSize: ListSizeOf,
  resolve: GraphQLFieldResolver<unknown, unknown>,
): (table: TableModel) => GraphQLObjectType {
  const aggregates = new Map<TableModel, GraphQLObjectType>();

  /** count and the function objects: the fields an aggregate and each of its groups have. */
  const functionFields = (table: TableModel): GraphQLFieldConfigMap<unknown, unknown> => {
    const fields: GraphQLFieldConfigMap<unknown, unknown> = {
      count: { type: new GraphQLNonNull(GraphQLInt), resolve },
    };
    for (const fn of AGGREGATE_FUNCTIONS) {
      const columns = [...table.columns.values()].filter(
        (c) => aggregateScalar(fn, c) !== undefined,
      );
      if (columns.length === 0) continue;
      const sub = new GraphQLObjectType({
        name: `${table.typeName}${fn.charAt(0).toUpperCase()}${fn.slice(1)}Aggregate`,
        fields: Object.fromEntries(
          columns.map((c) => [
            c.fieldName,
            {
              type:
                fn === 'countDistinct'
                  ? new GraphQLNonNull(GraphQLInt)
                  : (aggregateScalar(fn, c, inputs) as GraphQLOutputType),
              resolve,
            },
          ]),
        ),
      });
      fields[fn] = { type: new GraphQLNonNull(sub), resolve };
    }
    return fields;
  };

  /** `groups(groupBy:, limit:)`, when the table has a column to group by. */
  const groupsField = (
    table: TableModel,
    functions: GraphQLFieldConfigMap<unknown, unknown>,
  ): GraphQLFieldConfigMap<unknown, unknown> => {
    const columnEnum = inputs.orderableColumn(table);
    if (!columnEnum) return {};
    const orderable = [...table.orderableColumns.values()];
    const keys = new GraphQLObjectType({
      name: `${table.typeName}GroupKeys`,
      description: `The values a group of ${table.typeName} rows shares: only the columns of groupBy can be selected.`,
      fields: Object.fromEntries(
        orderable.map((c) => [c.fieldName, { type: inputs.scalar(c), resolve }]),
      ),
    });
    const group = new GraphQLObjectType({
      name: `${table.typeName}AggregateGroup`,
      description: `The aggregates of the ${table.typeName} rows that share the values of the groupBy columns.`,
      fields: { keys: { type: new GraphQLNonNull(keys), resolve }, ...functions },
    });
    return {
      groups: {
        type: new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(group))),
        description:
          'The rows grouped by the groupBy columns (SQL GROUP BY; NULL is a value of its own), the groups ordered by those columns ascending, nulls last.',
        args: {
          groupBy: { type: new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(columnEnum))) },
          having: {
            type: inputs.having(table),
            description: 'Only the groups for which these hold (SQL HAVING).',
          },
          limit: {
            type: GraphQLInt,
            defaultValue: limits.defaultPageSize,
            description: `Groups at most; null means the default. At most ${limits.maxPageSize}.`,
          },
        },
        extensions: { sluice: { listSize: listSize(['limit']) } },
        resolve,
      },
    };
  };

  return (table) => {
    let type = aggregates.get(table);
    if (!type) {
      const functions = functionFields(table);
      type = new GraphQLObjectType({
        name: `${table.typeName}Aggregate`,
        fields: { ...functions, ...groupsField(table, functions) },
      });
      aggregates.set(table, type);
    }
    return type;
  };
}
