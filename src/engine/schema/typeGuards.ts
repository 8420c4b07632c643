import {
  GraphQLBoolean,
  GraphQLEnumType,
  GraphQLFloat,
  GraphQLID,
  GraphQLInt,
  GraphQLString,
  GraphQLInputObjectType,
  GraphQLInterfaceType,
  GraphQLList,
  GraphQLNonNull,
  GraphQLObjectType,
  GraphQLScalarType,
  GraphQLUnionType,
  type GraphQLAbstractType,
  type GraphQLCompositeType,
  type GraphQLInputType,
  type GraphQLLeafType,
  type GraphQLNamedType,
  type GraphQLOutputType,
  type GraphQLType,
} from 'graphql';

/**
 * Type predicates for plans, executors and the validator: graphql-js's `isNonNullType` and
 * friends, without their development-mode realm check, which costs a property lookup on every
 * failed check (profiles of first executions and of validation showed it: ~9% of a cold request).
 * Plans are only built, and documents only validated natively, after `assertValidSchema`
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
export const isInterface = (type: unknown): type is GraphQLInterfaceType =>
  type instanceof GraphQLInterfaceType;
export const isInputObject = (type: unknown): type is GraphQLInputObjectType =>
  type instanceof GraphQLInputObjectType;
export const isComposite = (type: unknown): type is GraphQLCompositeType =>
  type instanceof GraphQLObjectType ||
  type instanceof GraphQLInterfaceType ||
  type instanceof GraphQLUnionType;

/** graphql-js's `isOutputType`: a named output type, or a list or non-null of one. */
export function isOutput(type: unknown): type is GraphQLOutputType {
  while (type instanceof GraphQLList || type instanceof GraphQLNonNull) type = type.ofType;
  return isLeaf(type) || isComposite(type);
}

/** graphql-js's `isInputType`: a named input type, or a list or non-null of one. */
export function isInput(type: unknown): type is GraphQLInputType {
  while (type instanceof GraphQLList || type instanceof GraphQLNonNull) type = type.ofType;
  return isLeaf(type) || type instanceof GraphQLInputObjectType;
}

/** graphql-js's `getNamedType`: undefined for no type. */
export function namedTypeOf(type: GraphQLType | null | undefined): GraphQLNamedType | undefined {
  if (!type) return undefined;
  let unwrapped: GraphQLType = type;
  while (unwrapped instanceof GraphQLList || unwrapped instanceof GraphQLNonNull)
    unwrapped = unwrapped.ofType as GraphQLType;
  return unwrapped;
}

/** The built-in scalars whose plain values are written (and stored) without calling serialize. */
export type BuiltinScalarKind = 'string' | 'int' | 'float' | 'boolean';

/** Which built-in scalar a (possibly non-null) type is, by its serialize (ID's is String's kind). */
export function builtinScalarKind(type: GraphQLOutputType): BuiltinScalarKind | undefined {
  const nullable = isNonNull(type) ? type.ofType : type;
  if (!isLeaf(nullable)) return undefined;
  const serialize = nullable.serialize;
  if (serialize === GraphQLString.serialize || serialize === GraphQLID.serialize) return 'string';
  if (serialize === GraphQLInt.serialize) return 'int';
  if (serialize === GraphQLFloat.serialize) return 'float';
  if (serialize === GraphQLBoolean.serialize) return 'boolean';
  return undefined;
}

/**
 * The object type of a (possibly non-null) object type that completes without calling anything
 * (no isTypeOf): its values can go straight to its sub-selection.
 */
export function plainObjectTypeOf(type: GraphQLOutputType): GraphQLObjectType | undefined {
  const nullable = isNonNull(type) ? type.ofType : type;
  return isObject(nullable) && nullable.isTypeOf == null ? nullable : undefined;
}

/**
 * Whether completing this type (without going into sub-selections) calls something that takes
 * the resolve info: resolveType (abstract types) or isTypeOf (object types that have one).
 */
export function completionNeedsInfo(type: GraphQLOutputType): boolean {
  if (isNonNull(type) || isList(type)) return completionNeedsInfo(type.ofType);
  if (isAbstract(type)) return true;
  if (isObject(type)) return type.isTypeOf != null;
  return false;
}

/** Leaf types need no path unless something fails; everything else passes the path down. */
export function isLeafCompletion(type: GraphQLOutputType): boolean {
  if (isNonNull(type)) return isLeafCompletion(type.ofType);
  return isLeaf(type);
}
