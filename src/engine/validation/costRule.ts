import {
  getNamedType,
  getNullableType,
  isCompositeType,
  isInterfaceType,
  isListType,
  isObjectType,
  Kind,
  typeFromAST,
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLCompositeType,
  type GraphQLField,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';

/** Arguments read as the size of a list field, in this order. */
const SIZE_ARGUMENTS = ['first', 'last', 'limit'];
/** Assumed size of a list whose field has no size argument. */
export const DEFAULT_LIST_SIZE = 10;

type Cost = (variables: Readonly<Record<string, unknown>>) => number;

const constant =
  (value: number): Cost =>
  () =>
    value;

/**
 * Estimates what an operation costs to run, before running it: every field costs 1, and the
 * selections under a list field count once per expected item. The expected size of a list is
 * its `first`, `last` or `limit` argument (a literal or a variable, read per request) or
 * DEFAULT_LIST_SIZE. Fragments are measured once per type and reused wherever they are spread,
 * so the estimate is linear in the document's size. Returns a function of the variables; the
 * estimate is computed at plan time and only the variable-sized lists are evaluated per request.
 */
export function estimateCost(
  schema: GraphQLSchema,
  document: DocumentNode,
  operation: OperationDefinitionNode,
): Cost {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION)
      fragments.set(definition.name.value, definition);
  }
  const fragmentCosts = new Map<string, Cost>();
  const visiting = new Set<string>();

  const fieldDefOf = (
    parent: GraphQLCompositeType,
    name: string,
  ): GraphQLField<unknown, unknown> | undefined =>
    isObjectType(parent) || isInterfaceType(parent) ? parent.getFields()[name] : undefined;

  function selectionSetCost(parent: GraphQLCompositeType, selectionSet: SelectionSetNode): Cost {
    const parts: Cost[] = [];
    let fixed = 0;
    for (const selection of selectionSet.selections) {
      if (selection.kind === Kind.FIELD) {
        const part = fieldCost(parent, selection);
        if (typeof part === 'number') fixed += part;
        else parts.push(part);
      } else {
        let typeCondition = parent;
        let inner: SelectionSetNode | undefined;
        let key: string | undefined;
        if (selection.kind === Kind.INLINE_FRAGMENT) {
          inner = selection.selectionSet;
          if (selection.typeCondition) {
            const type = typeFromAST(schema, selection.typeCondition);
            if (type && isCompositeType(type)) typeCondition = type;
          }
        } else {
          const fragment = fragments.get(selection.name.value);
          if (!fragment) continue;
          const type = typeFromAST(schema, fragment.typeCondition);
          if (type && isCompositeType(type)) typeCondition = type;
          key = fragment.name.value;
          inner = fragment.selectionSet;
        }
        if (key === undefined) {
          parts.push(selectionSetCost(typeCondition, inner));
          continue;
        }
        let cost = fragmentCosts.get(key);
        if (!cost) {
          if (visiting.has(key)) continue; // cycles are refused by validation
          visiting.add(key);
          cost = selectionSetCost(typeCondition, inner);
          visiting.delete(key);
          fragmentCosts.set(key, cost);
        }
        parts.push(cost);
      }
    }
    if (parts.length === 0) return constant(fixed);
    return (variables) => {
      let total = fixed;
      for (const part of parts) total += part(variables);
      return total;
    };
  }

  function fieldCost(parent: GraphQLCompositeType, node: FieldNode): number | Cost {
    const fieldDef = fieldDefOf(parent, node.name.value);
    if (!fieldDef || !node.selectionSet) return 1;
    const named = getNamedType(fieldDef.type);
    if (!isCompositeType(named)) return 1;
    const children = selectionSetCost(named, node.selectionSet);
    if (!isListType(getNullableType(fieldDef.type))) return (variables) => 1 + children(variables);
    const size = listSize(node);
    return (variables) => 1 + size(variables) * children(variables);
  }

  function listSize(node: FieldNode): Cost {
    for (const name of SIZE_ARGUMENTS) {
      const argument = node.arguments?.find((arg) => arg.name.value === name);
      if (!argument) continue;
      const value = argument.value;
      if (value.kind === Kind.INT) return constant(Math.max(0, Number(value.value)));
      if (value.kind === Kind.VARIABLE) {
        const variable = value.name.value;
        return (variables) => {
          const given = variables[variable];
          return typeof given === 'number' && given >= 0 ? given : DEFAULT_LIST_SIZE;
        };
      }
    }
    return constant(DEFAULT_LIST_SIZE);
  }

  const rootType = schema.getRootType(operation.operation);
  if (!rootType) return constant(0);
  return selectionSetCost(rootType, operation.selectionSet);
}
