import {
  SchemaMetaFieldDef,
  TypeMetaFieldDef,
  TypeNameMetaFieldDef,
  type FieldNode,
  type GraphQLCompositeType,
  type GraphQLField,
  type GraphQLInterfaceType,
  type GraphQLObjectType,
  type GraphQLSchema,
} from 'graphql';
import { isAbstract, isComposite, isInterface, isObject } from '../schema/typeGuards.js';
import { naturalCompare } from 'graphql/jsutils/naturalCompare.js';
import { suggestionList } from 'graphql/jsutils/suggestionList.js';

/**
 * The field a selection names on its parent type, as graphql-js's TypeInfo finds it: the
 * introspection fields `__schema` and `__type` only on the query type, `__typename` on every
 * composite type ([spec: Type Name Introspection](https://spec.graphql.org/October2021/#sec-Type-Name-Introspection)).
 */
export function fieldDefinition(
  schema: GraphQLSchema,
  parentType: GraphQLCompositeType,
  node: FieldNode,
): GraphQLField<unknown, unknown> | undefined {
  const name = node.name.value;
  if (name === SchemaMetaFieldDef.name && schema.getQueryType() === parentType) {
    return SchemaMetaFieldDef;
  }
  if (name === TypeMetaFieldDef.name && schema.getQueryType() === parentType) {
    return TypeMetaFieldDef;
  }
  if (name === TypeNameMetaFieldDef.name && isComposite(parentType)) {
    return TypeNameMetaFieldDef;
  }
  if (isObject(parentType) || isInterface(parentType)) {
    return parentType.getFields()[name];
  }
  return undefined;
}

/**
 * FieldsOnCorrectTypeRule's first suggestion: the types under an abstract type that have the
 * field, the most used first, super types before subtypes, then by name.
 */
export function suggestedTypeNames(
  schema: GraphQLSchema,
  type: GraphQLCompositeType,
  fieldName: string,
): string[] {
  if (!isAbstract(type)) return [];
  const suggested = new Set<GraphQLObjectType | GraphQLInterfaceType>();
  const usageCount: { [name: string]: number } = Object.create(null);
  for (const possibleType of schema.getPossibleTypes(type)) {
    if (!possibleType.getFields()[fieldName]) continue;
    suggested.add(possibleType);
    usageCount[possibleType.name] = 1;
    for (const possibleInterface of possibleType.getInterfaces()) {
      if (!possibleInterface.getFields()[fieldName]) continue;
      suggested.add(possibleInterface);
      usageCount[possibleInterface.name] = (usageCount[possibleInterface.name] ?? 0) + 1;
    }
  }
  return [...suggested]
    .sort((typeA, typeB) => {
      const usageCountDiff = usageCount[typeB.name]! - usageCount[typeA.name]!;
      if (usageCountDiff !== 0) return usageCountDiff;
      if (isInterface(typeA) && schema.isSubType(typeA, typeB)) return -1;
      if (isInterface(typeB) && schema.isSubType(typeB, typeA)) return 1;
      return naturalCompare(typeA.name, typeB.name);
    })
    .map((x) => x.name);
}

/** FieldsOnCorrectTypeRule's second suggestion: the type's own field names like the one asked for. */
export function suggestedFieldNames(type: GraphQLCompositeType, fieldName: string): string[] {
  if (isObject(type) || isInterface(type)) {
    return suggestionList(fieldName, Object.keys(type.getFields()));
  }
  return [];
}
