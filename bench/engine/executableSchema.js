import { buildSchema, isObjectType } from 'graphql';

/**
 * Builds a schema from SDL and attaches a resolver map, as graphql-tools' makeExecutableSchema
 * does. Every contender runs this same GraphQLSchema object (one graphql instance: see
 * bench/README.md), so differences come from the executors, never from the schemas.
 *
 * @param {string} typeDefs
 * @param {Record<string, Record<string, import('graphql').GraphQLFieldResolver<any, any>>>} resolvers
 */
export function executableSchema(typeDefs, resolvers) {
  const schema = buildSchema(typeDefs);
  for (const [typeName, fields] of Object.entries(resolvers)) {
    const type = schema.getType(typeName);
    if (!isObjectType(type)) throw new Error(`bench: no object type ${typeName}`);
    const defined = type.getFields();
    for (const [fieldName, resolve] of Object.entries(fields)) {
      const field = defined[fieldName];
      if (!field) throw new Error(`bench: no field ${typeName}.${fieldName}`);
      field.resolve = resolve;
    }
  }
  return schema;
}
