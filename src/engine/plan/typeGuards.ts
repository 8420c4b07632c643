import {
  GraphQLEnumType,
  GraphQLInterfaceType,
  GraphQLList,
  GraphQLNonNull,
  GraphQLObjectType,
  GraphQLScalarType,
  GraphQLUnionType,
  type GraphQLAbstractType,
  type GraphQLLeafType,
} from 'graphql';

/**
 * Type predicates for plans and executors: graphql-js's `isNonNullType` and friends, without
 * their development-mode realm check, which costs a property lookup on every failed check
 * (profiles of first executions showed it). Plans are only built after `assertValidSchema`
 * accepted the schema, which runs that same realm check on the schema, so types here always come
 * from this graphql instance and a plain `instanceof` is the same answer.
 */
export const isNonNull = (type: unknown): type is GraphQLNonNull<never> =>
  type instanceof GraphQLNonNull;
export const isList = (type: unknown): type is GraphQLList<never> => type instanceof GraphQLList;
export const isObject = (type: unknown): type is GraphQLObjectType =>
  type instanceof GraphQLObjectType;
export const isAbstract = (type: unknown): type is GraphQLAbstractType =>
  type instanceof GraphQLInterfaceType || type instanceof GraphQLUnionType;
export const isLeaf = (type: unknown): type is GraphQLLeafType =>
  type instanceof GraphQLScalarType || type instanceof GraphQLEnumType;
export const isEnum = (type: unknown): type is GraphQLEnumType => type instanceof GraphQLEnumType;
