import type { GraphQLResolveInfo } from 'graphql';

type ResponsePath = GraphQLResolveInfo['path'];

/**
 * The parts of a resolver's `info` that resolvers (and look-ahead libraries) read, as plain data
 * a fixture can log: the harness then checks that Sluice hands resolvers the same `info`.
 */
export function infoSummary(info: GraphQLResolveInfo): Record<string, unknown> {
  return {
    fieldName: info.fieldName,
    parentType: info.parentType.name,
    returnType: String(info.returnType),
    path: pathSummary(info.path),
    fieldNodes: info.fieldNodes.map(
      (node) =>
        `${node.alias ? `${node.alias.value}: ` : ''}${node.name.value}@${node.loc?.start ?? '?'}`,
    ),
    operation: `${info.operation.operation} ${info.operation.name?.value ?? '(anonymous)'}`,
    fragments: Object.keys(info.fragments),
    variableValues: { ...info.variableValues },
  };
}

function pathSummary(path: ResponsePath | undefined): string[] {
  const keys: string[] = [];
  for (let at = path; at; at = at.prev) {
    keys.unshift(at.typename === undefined ? String(at.key) : `${at.typename}.${at.key}`);
  }
  return keys;
}
