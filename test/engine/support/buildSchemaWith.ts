import {
  buildSchema,
  isScalarType,
  type GraphQLScalarTypeConfig,
  type GraphQLSchema,
} from 'graphql';

type ScalarBehaviour = Pick<
  GraphQLScalarTypeConfig<unknown, unknown>,
  'serialize' | 'parseValue' | 'parseLiteral'
>;

/**
 * `buildSchema`, then custom scalar behaviour assigned onto the built scalar types (graphql-js
 * types are plain objects with public fields, so this is the oldest way tools wire SDL schemas).
 * Deliberately independent of Sluice's `makeSchema`, which has tests of its own.
 */
export function buildSchemaWith(
  sdl: string,
  scalars: Record<string, ScalarBehaviour>,
): GraphQLSchema {
  const schema = buildSchema(sdl);
  for (const [name, behaviour] of Object.entries(scalars)) {
    const type = schema.getType(name);
    if (!isScalarType(type)) throw new Error(`buildSchemaWith: ${name} is not a scalar`);
    Object.assign(type, behaviour);
  }
  return schema;
}
