// The expected response body of each scenario: graphql-js 16 `execute` on the shared schema,
// serialised with JSON.stringify. Every contender must answer these exact bytes before it is loaded,
// and the bare node:http contender serves them as they are.
import { buildSchema, graphqlSync } from 'graphql';
import { resolvers, typeDefs } from './schema.js';

/** Attaches a resolver map to an SDL-built schema, as graphql-tools' makeExecutableSchema does. */
function executableSchema() {
  const schema = buildSchema(typeDefs);
  for (const [typeName, fields] of Object.entries(resolvers)) {
    const type = schema.getType(typeName);
    if (!type || !('getFields' in type)) throw new Error(`reference: no object type ${typeName}`);
    const defined = type.getFields();
    for (const [fieldName, resolve] of Object.entries(fields)) {
      const field = defined[fieldName];
      if (!field) throw new Error(`reference: no field ${typeName}.${fieldName}`);
      field.resolve = resolve;
    }
  }
  return schema;
}

/** JSON text graphql-js gives for a scenario's request body; throws if it has errors. */
export function referenceBody(body) {
  const result = graphqlSync({
    schema: executableSchema(),
    source: body.query,
    operationName: body.operationName,
    variableValues: body.variables,
  });
  if (result.errors) {
    throw new Error(`reference: ${body.operationName} failed: ${result.errors[0]?.message}`);
  }
  return JSON.stringify(result);
}
