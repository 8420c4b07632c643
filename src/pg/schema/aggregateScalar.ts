import { GraphQLFloat, GraphQLInt, GraphQLString, type GraphQLScalarType } from 'graphql';
import type { InputTypes } from './inputTypes.js';
import type { ColumnModel } from './Model.js';
import { GraphQLBigFloat, GraphQLBigInt, SCALARS } from './scalars.js';

export const AGGREGATE_FUNCTIONS = ['sum', 'avg', 'min', 'max', 'countDistinct'] as const;
export type AggregateFunction = (typeof AGGREGATE_FUNCTIONS)[number];

/** The functions a to-many relation's `<Target>AggregateOrderBy` sorts by, besides `count`. */
export const ORDER_FUNCTIONS = ['sum', 'avg', 'min', 'max'] as const;
export type OrderFunction = (typeof ORDER_FUNCTIONS)[number];

/** The GraphQL scalar of `fn(column)`, or undefined when the function does not apply. */
export function aggregateScalar(
  fn: AggregateFunction,
  column: ColumnModel,
  inputs?: InputTypes,
): GraphQLScalarType | ReturnType<InputTypes['scalar']> | undefined {
  if (column.isArray) return undefined;
  const numeric = ['Int', 'BigInt', 'BigFloat', 'Float'].includes(column.scalar);
  switch (fn) {
    case 'sum':
      // PostgreSQL: sum(int2/int4) is int8, sum(int8/numeric) is numeric, sum(float) is float8.
      if (!numeric) return undefined;
      return column.scalar === 'Int'
        ? GraphQLBigInt
        : column.scalar === 'Float'
          ? GraphQLFloat
          : GraphQLBigFloat;
    case 'avg':
      if (!numeric) return undefined;
      return column.scalar === 'Float' ? GraphQLFloat : GraphQLBigFloat;
    case 'countDistinct':
      // count(DISTINCT col): the non-NULL values told apart by the type's equality.
      return column.orderable ? GraphQLInt : undefined;
    case 'min':
    case 'max':
      if (!column.orderable || column.scalar === 'Boolean' || column.scalar === 'UUID')
        return undefined;
      return inputs
        ? inputs.scalar(column)
        : column.scalar === 'enum'
          ? GraphQLString
          : SCALARS[column.scalar];
  }
}

/**
 * The value of `count(*)` as an orderBy key (its cursor and keyset condition) and a `having`
 * filter see it: an `int8` that is never NULL, named like the aggregate field, filtered as an
 * `Int` (the field's scalar).
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
  scalar: 'Int',
  enumModel: undefined,
  isArray: false,
  notNull: true,
  textForm: 'cast',
  orderable: true,
  equality: true,
  ordering: true,
};

const functionColumns = new WeakMap<ColumnModel, Map<AggregateFunction, ColumnModel>>();

/**
 * The value of `fn(column)` as an orderBy key and a `having` filter see it: nullable (no rows),
 * of the type PostgreSQL gives the function: min and max the column's, sum of int2/int4 int8, sum
 * of int8/numeric and avg of integers and numeric numeric, sum and avg of floats float8 (sum of
 * float4 float4); countDistinct an int8 never NULL, filtered as an `Int`. One object per column
 * and function, so keys can be told apart by it.
 */
export function functionColumn(fn: AggregateFunction, column: ColumnModel): ColumnModel {
  let byFn = functionColumns.get(column);
  if (!byFn) functionColumns.set(column, (byFn = new Map()));
  let made = byFn.get(fn);
  if (!made) {
    const own = column.column.type.name;
    const type = (name: string, scalar: ColumnModel['scalar']) => ({
      name,
      scalar,
      textForm: scalar === 'Float' ? ('json' as const) : ('cast' as const),
    });
    const result =
      fn === 'min' || fn === 'max'
        ? undefined
        : fn === 'countDistinct'
          ? type('int8', 'Int')
          : column.scalar === 'Float'
            ? type(fn === 'sum' && own === 'float4' ? 'float4' : 'float8', 'Float')
            : fn === 'sum' && column.scalar === 'Int'
              ? type('int8', 'BigInt')
              : type('numeric', 'BigFloat');
    made = {
      ...column,
      column: {
        ...column.column,
        notNull: fn === 'countDistinct',
        ...(result && {
          type: {
            name: result.name,
            schema: 'pg_catalog',
            isArray: false,
            isEnum: false,
            output: ['pg_catalog', `${result.name}out`] as const,
          },
        }),
      },
      notNull: fn === 'countDistinct',
      textSearch: undefined,
      ...(result && { scalar: result.scalar, textForm: result.textForm, enumModel: undefined }),
    };
    byFn.set(fn, made);
  }
  return made;
}
