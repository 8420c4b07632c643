import { typeFromAST, visit, type ASTNode, type GraphQLInputType } from 'graphql';
import type { SourceCompileRequest } from '../../engine/index.js';
import type { Variables } from './Param.js';
import { variableShape } from './readArgument.js';

/**
 * Where a document's variables are declared and its fragments defined: a compile request, or a
 * resolver's info. With its root fields, they are where the variables are looked for by default.
 */
export type VariablesScope = Pick<SourceCompileRequest, 'schema' | 'fragments' | 'operation'> & {
  readonly fields?: SourceCompileRequest['fields'];
};

/**
 * The key of the statement shape a request's variables ask for: the shape (readArgument.ts,
 * `variableShape`) of every variable these root fields use (or only those under `nodes`).
 */
export function variablesShapeKey(
  request: VariablesScope,
  nodes?: ReadonlyArray<ASTNode>,
): (variables: Variables) => string {
  const variableTypes = usedVariables(request, nodes);
  return (variables) => {
    let key = '';
    for (const [name, type] of variableTypes)
      key += `${name}=${variableShape(variables[name], type)};`;
    return key;
  };
}

/**
 * The operation's variables that appear in these root fields (or under `nodes`), with their
 * declared input types.
 */
export function usedVariables(
  request: VariablesScope,
  nodes: ReadonlyArray<ASTNode> = (request.fields ?? []).flatMap((field) => field.fieldNodes),
): Map<string, GraphQLInputType> {
  const names = new Set<string>();
  const seenFragments = new Set<string>();
  const visitNode = (node: Parameters<typeof visit>[0]) =>
    visit(node, {
      Variable: (v) => void names.add(v.name.value),
      FragmentSpread: (spread) => {
        const fragment = request.fragments[spread.name.value];
        if (fragment && !seenFragments.has(fragment.name.value)) {
          seenFragments.add(fragment.name.value);
          visitNode(fragment);
        }
      },
    });
  for (const node of nodes) visitNode(node);
  const types = new Map<string, GraphQLInputType>();
  for (const definition of request.operation.variableDefinitions ?? []) {
    const name = definition.variable.name.value;
    if (!names.has(name)) continue;
    const type = typeFromAST(request.schema, definition.type as never) as
      GraphQLInputType | undefined;
    if (type) types.set(name, type);
  }
  return types;
}
