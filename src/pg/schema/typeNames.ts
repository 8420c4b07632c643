import { specifiedScalarTypes } from 'graphql';
import { SCALARS } from './scalars.js';

/**
 * Every schema type name a reflected table's type name stands for: the object type and the types
 * named after it (buildSchema, inputTypes). A table's name is free only when all of these are.
 */
export function tableTypeNames(typeName: string): ReadonlyArray<string> {
  return TABLE_TYPE_SUFFIXES.map((suffix) => `${typeName}${suffix}`);
}

const TABLE_TYPE_SUFFIXES = [
  '',
  'Edge',
  'Connection',
  'Aggregate',
  'SumAggregate',
  'AvgAggregate',
  'MinAggregate',
  'MaxAggregate',
  'CountDistinctAggregate',
  'AggregateGroup',
  'AggregateHaving',
  'SumAggregateHaving',
  'AvgAggregateHaving',
  'MinAggregateHaving',
  'MaxAggregateHaving',
  'CountDistinctAggregateHaving',
  'GroupKeys',
  'Where',
  'OrderBy',
  'AggregateOrderBy',
  'SumAggregateOrderBy',
  'AvgAggregateOrderBy',
  'MinAggregateOrderBy',
  'MaxAggregateOrderBy',
  'OrderableColumn',
  'RelationFilter',
  // Mutations' types (mutationSchema.ts).
  'Input',
  'Patch',
  'Increment',
  'OnConflict',
  'UniqueConstraint',
  'Column',
];

/** An enum's type and its `where` filters (of a column, of an array column). */
export function enumTypeNames(typeName: string): ReadonlyArray<string> {
  return [typeName, `${typeName}Filter`, `${typeName}ListFilter`];
}

/** Type names of the schema itself, which no table or enum can take. */
export const BUILT_IN_TYPE_NAMES: ReadonlyArray<string> = [
  'Query',
  'Mutation',
  'Subscription',
  'PageInfo',
  'OrderDirection',
  'ListFilter',
  'FullTextFilter',
  'StringSearchFilter',
  // A String column whose type has `=` but no order, or neither (inputTypes.ts).
  'StringEqualityFilter',
  'StringTextFilter',
  ...new Set([...specifiedScalarTypes, ...Object.values(SCALARS)].map((t) => t.name)),
  ...Object.values(SCALARS).map((t) => `${t.name}Filter`),
  ...Object.values(SCALARS).map((t) => `${t.name}ListFilter`),
];

/** Field names of every `<Type>Where` besides its columns and relations. */
export const WHERE_OPERATORS: ReadonlyArray<string> = ['and', 'or', 'not'];
