import {
  execute,
  Kind,
  type FieldNode,
  type DocumentNode,
  type GraphQLSchema,
  type OperationDefinitionNode,
} from 'graphql';
import { operationSourceFields } from '../../../src/pg/compile/operationSourceFields.js';
import { SOURCE_VALUES } from '../../../src/pg/schema/buildSchema.js';
import { sourceJSONText } from '../../../src/engine/index.js';

export interface OperationRun {
  /** The response as JSON text: `{"data":{…}}` or `{"errors":[…]}`. */
  readonly body: string;
  readonly sql: string;
  readonly parameters: ReadonlyArray<string>;
  /** Per root field: how its source answered (`error`: the field's own error). */
  readonly modes: ReadonlyArray<'json' | 'value' | 'error'>;
}

/**
 * Runs an operation the way the engine does through the DataSource seam: collect the database root
 * fields, compile them once, execute the one statement, splice `json` results and complete
 * `value` results (computed fields) with graphql-js. Until the engine's executor calls the seam
 * itself, tests use this.
 */
export async function runOperation(
  schema: GraphQLSchema,
  query: string,
  variables: Record<string, unknown> = {},
): Promise<OperationRun> {
  let prepared;
  try {
    prepared = operationSourceFields(schema, query, { variables });
  } catch (error) {
    return {
      body: JSON.stringify({ errors: [{ message: (error as Error).message }] }),
      sql: '',
      parameters: [],
      modes: [],
    };
  }
  const { request, source, document } = prepared;
  if (!source) throw new Error('no database field in the operation');
  let compiled;
  try {
    compiled = source.compile(request);
  } catch (error) {
    const e = error as { message: string; extensions?: unknown };
    const errors = [{ message: e.message, extensions: e.extensions }];
    return { body: JSON.stringify({ errors, data: null }), sql: '', parameters: [], modes: [] };
  }
  let results;
  try {
    results = await compiled.execute(prepared.variables, {});
  } catch (error) {
    const e = error as { message: string; extensions?: unknown };
    return {
      body: JSON.stringify({
        errors: [{ message: e.message, extensions: e.extensions }],
        data: null,
      }),
      ...compiled.describe(),
      sql: compiled.describe().text,
      modes: [],
    };
  }
  const parts: string[] = [];
  const modes: Array<'json' | 'value' | 'error'> = [];
  const errors: unknown[] = [];
  for (const [i, field] of request.fields.entries()) {
    const result = results[i];
    if (!result) throw new Error('missing result');
    modes.push(result.kind);
    if (result.kind === 'error') {
      const e = result.error as { message: string; extensions?: unknown };
      errors.push({ message: e.message, path: [field.responseKey], extensions: e.extensions });
      parts.push(`${JSON.stringify(field.responseKey)}:null`);
      continue;
    }
    if (result.kind === 'json') {
      parts.push(`${JSON.stringify(field.responseKey)}:${sourceJSONText(result.json)}`);
      continue;
    }
    const only = restrictTo(document, request.operation, field.fieldNodes);
    const completed = await execute({
      schema,
      document: only,
      variableValues: prepared.variables,
      rootValue: { [SOURCE_VALUES]: new Map([[field.responseKey, result.value]]) },
    });
    if (completed.errors) errors.push(...completed.errors.map((e) => e.toJSON()));
    parts.push(
      `${JSON.stringify(field.responseKey)}:${JSON.stringify(completed.data?.[field.responseKey] ?? null)}`,
    );
  }
  const describe = compiled.describe();
  const data = `{${parts.join(',')}}`;
  return {
    body:
      errors.length > 0
        ? `{"errors":${JSON.stringify(errors)},"data":${data}}`
        : `{"data":${data}}`,
    sql: describe.text,
    parameters: describe.parameters,
    modes,
  };
}

function restrictTo(
  document: DocumentNode,
  operation: OperationDefinitionNode,
  fieldNodes: ReadonlyArray<FieldNode>,
): DocumentNode {
  return {
    ...document,
    definitions: document.definitions
      .filter((d) => d.kind !== Kind.OPERATION_DEFINITION || d === operation)
      .map((d) =>
        d === operation
          ? { ...operation, selectionSet: { kind: Kind.SELECTION_SET, selections: fieldNodes } }
          : d,
      ),
  };
}
