import {
  getVariableValues,
  Kind,
  parse,
  validate,
  GraphQLError,
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLSchema,
  type OperationDefinitionNode,
} from 'graphql';
import {
  ErrorCode,
  getFieldSource,
  pickOperation,
  type SourceCompileRequest,
} from '../../engine/index.js';
import type { PgSource } from './createPgSource.js';
import { collectFields } from './collectFields.js';

export interface OperationSourceFields {
  readonly request: SourceCompileRequest;
  readonly source: PgSource | undefined;
  /** Coerced variable values (defaults applied). */
  readonly variables: Record<string, unknown>;
  readonly document: DocumentNode;
}

/**
 * What the engine hands a data source for one operation, worked out without the engine: parse,
 * validate, coerce variables, collect the root fields that belong to a PostgreSQL source. Used by
 * `explain` (and tests) to get at the statement of a document directly.
 */
export function operationSourceFields(
  schema: GraphQLSchema,
  query: string | DocumentNode,
  options: { variables?: Record<string, unknown>; operationName?: string } = {},
): OperationSourceFields {
  const document = typeof query === 'string' ? parse(query) : query;
  const errors = validate(schema, document);
  if (errors.length > 0) throw errors[0] as GraphQLError;
  const picked = pickOperation(document, options.operationName);
  if (picked instanceof GraphQLError) throw picked;
  const operation: OperationDefinitionNode = picked;
  const coerced = getVariableValues(
    schema,
    operation.variableDefinitions ?? [],
    options.variables ?? {},
  );
  if (coerced.errors) {
    const [first] = coerced.errors;
    throw new GraphQLError(first?.message ?? 'Invalid variables', {
      extensions: { code: ErrorCode.BAD_USER_INPUT },
    });
  }
  const variables = coerced.coerced;
  const fragments: Record<string, FragmentDefinitionNode> = {};
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments[definition.name.value] = definition;
  }
  const parentType =
    operation.operation === 'query'
      ? schema.getQueryType()
      : operation.operation === 'mutation'
        ? schema.getMutationType()
        : null;
  if (!parentType) {
    throw new GraphQLError('Only queries and mutations run on the database.');
  }
  const context = { schema, fragments, conditionValues: variables };
  let source: PgSource | undefined;
  const fields = [];
  for (const [responseKey, fieldNodes] of collectFields(
    context,
    parentType,
    operation.selectionSet,
  )) {
    const fieldDef = parentType.getFields()[fieldNodes[0]?.name.value ?? ''];
    const fieldSource = fieldDef && (getFieldSource(fieldDef) as PgSource | undefined);
    if (!fieldDef || !fieldSource) continue;
    source ??= fieldSource;
    if (fieldSource === source) fields.push({ responseKey, fieldDef, fieldNodes });
  }
  return {
    request: { schema, operation, fragments, parentType, fields, conditionValues: variables },
    source,
    variables,
    document,
  };
}
