import {
  isEnumType,
  isInterfaceType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
  isUnionType,
  type GraphQLOutputType,
  type GraphQLSchema,
} from 'graphql';

/**
 * Attaches the corpus's deterministic "wiring" resolvers (see the corpus README) to a schema built
 * with graphql-js's `buildSchema`, in place, so that graphql-js and Sluice run the very same schema:
 *
 * - Int 2, Float 3.14, String "str", Boolean true, ID "id", any custom scalar "str";
 * - every list two items; an enum its first value; an object (or abstract type) an empty object;
 * - a union resolves to its member whose name sorts first, an interface to its implementation
 *   whose name sorts last; nullable fields still return values.
 *
 * "Sorts" is taken as JavaScript's default string order (UTF-16 code units, the same as Java's
 * `String.compareTo`), so `SortMB` sorts before `SortMa`; the corpus has CaseUnion/CaseInterface
 * schemas that exist to tell the orders apart. Both engines see the same choice, so it decides only
 * which member is picked, never whether they agree.
 */
export function wireSchema(schema: GraphQLSchema): GraphQLSchema {
  for (const type of Object.values(schema.getTypeMap())) {
    if (type.name.startsWith('__')) continue; // introspection types resolve themselves
    if (isObjectType(type)) {
      for (const field of Object.values(type.getFields())) {
        const make = valueMaker(field.type);
        field.resolve = () => make();
      }
    } else if (isUnionType(type)) {
      const first = type
        .getTypes()
        .map((member) => member.name)
        .sort()[0];
      type.resolveType = () => first;
    } else if (isInterfaceType(type)) {
      const last = schema
        .getPossibleTypes(type)
        .map((implementation) => implementation.name)
        .sort()
        .at(-1);
      type.resolveType = () => last;
    }
  }
  return schema;
}

const scalarValues: Readonly<Record<string, unknown>> = {
  Int: 2,
  Float: 3.14,
  String: 'str',
  Boolean: true,
  ID: 'id',
};

/**
 * Returns a function producing a fresh value for a field of this type (fresh, so that no engine
 * can lean on seeing the same object twice).
 */
function valueMaker(type: GraphQLOutputType): () => unknown {
  if (isNonNullType(type)) return valueMaker(type.ofType);
  if (isListType(type)) {
    const item = valueMaker(type.ofType);
    return () => [item(), item()];
  }
  if (isScalarType(type)) {
    const value = Object.hasOwn(scalarValues, type.name) ? scalarValues[type.name] : 'str';
    return () => value;
  }
  if (isEnumType(type)) {
    const first = type.getValues()[0];
    if (first === undefined) throw new Error(`Enum ${type.name} has no values`);
    return () => first.value;
  }
  // Objects, interfaces and unions: an empty object whose fields resolve through the wiring.
  return () => ({});
}
