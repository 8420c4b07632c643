import { Kind, type ASTNode, type ValueNode } from 'graphql';

/**
 * graphql-js's key for comparing two argument values in OverlappingFieldsCanBeMerged: the value
 * as JSON, each node as [kind, …], object fields sorted by name.
 */
export function argumentValueKey(value: ValueNode): string {
  return JSON.stringify(value, stringifyNode);
}

const KINDS: ReadonlySet<unknown> = new Set(Object.values(Kind));

function stringifyNode(_key: string, node: unknown): unknown {
  if (typeof node !== 'object' || node === null || !KINDS.has((node as ASTNode).kind)) return node;
  const value = node as ASTNode;
  switch (value.kind) {
    case Kind.VARIABLE:
      return [value.kind, value.name.value];
    case Kind.OBJECT:
      return [
        value.kind,
        value.fields
          .slice()
          .sort((first, second) =>
            first.name.value < second.name.value
              ? -1
              : first.name.value > second.name.value
                ? 1
                : 0,
          ),
      ];
    case Kind.OBJECT_FIELD:
      return [value.name.value, value.value];
    case Kind.LIST:
      return [value.kind, value.values];
    case Kind.STRING:
      return [value.kind, value.value, value.block === true];
    default:
      return [value.kind, 'value' in value ? value.value : null];
  }
}
