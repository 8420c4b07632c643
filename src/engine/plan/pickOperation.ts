import { GraphQLError, Kind, type DocumentNode, type OperationDefinitionNode } from 'graphql';

/**
 * Picks the operation to run ([spec: GetOperation](https://spec.graphql.org/October2021/#GetOperation())), with graphql-js's messages for the three
 * ways that can fail.
 */
export function pickOperation(
  document: DocumentNode,
  operationName: string | null | undefined,
): OperationDefinitionNode | GraphQLError {
  let operation: OperationDefinitionNode | undefined;
  for (const definition of document.definitions) {
    if (definition.kind !== Kind.OPERATION_DEFINITION) continue;
    if (operationName == null) {
      if (operation !== undefined) {
        return new GraphQLError(
          'Must provide operation name if query contains multiple operations.',
        );
      }
      operation = definition;
    } else if (definition.name?.value === operationName) {
      operation = definition;
    }
  }
  if (operation) return operation;
  return new GraphQLError(
    operationName != null
      ? `Unknown operation named "${operationName}".`
      : 'Must provide an operation.',
  );
}
