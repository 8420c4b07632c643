import {
  GraphQLError,
  isAbstractType,
  Kind,
  type DirectiveNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLObjectType,
  type GraphQLSchema,
  type SelectionSetNode,
} from 'graphql';
import type { Variables } from './Param.js';

export interface CollectContext {
  readonly schema: GraphQLSchema;
  readonly fragments: Readonly<Record<string, FragmentDefinitionNode>>;
  /** Values of the variables used by @skip/@include (the plan is specialised per combination). */
  readonly conditionValues: Variables;
}

/**
 * CollectFields (GraphQL spec §6.3.2) over the selection sets of all the field nodes merged under
 * one response key: response key → field nodes, in order, with @skip/@include applied and
 * fragments whose type condition does not apply to `type` left out.
 */
export function collectSubfields(
  context: CollectContext,
  type: GraphQLObjectType,
  fieldNodes: ReadonlyArray<FieldNode>,
): Map<string, FieldNode[]> {
  const fields = new Map<string, FieldNode[]>();
  const visited = new Set<string>();
  for (const node of fieldNodes) {
    if (node.selectionSet) collect(context, type, node.selectionSet, fields, visited);
  }
  return fields;
}

/** CollectFields for one selection set (e.g. an operation's root selection set). */
export function collectFields(
  context: CollectContext,
  type: GraphQLObjectType,
  selectionSet: SelectionSetNode,
): Map<string, FieldNode[]> {
  const fields = new Map<string, FieldNode[]>();
  collect(context, type, selectionSet, fields, new Set());
  return fields;
}

function collect(
  context: CollectContext,
  type: GraphQLObjectType,
  selectionSet: SelectionSetNode,
  fields: Map<string, FieldNode[]>,
  visited: Set<string>,
): void {
  for (const selection of selectionSet.selections) {
    if (!shouldInclude(context, selection)) continue;
    switch (selection.kind) {
      case Kind.FIELD: {
        const key = selection.alias?.value ?? selection.name.value;
        const list = fields.get(key);
        if (list) list.push(selection);
        else fields.set(key, [selection]);
        break;
      }
      case Kind.INLINE_FRAGMENT:
        if (appliesTo(context, selection.typeCondition?.name.value, type)) {
          collect(context, type, selection.selectionSet, fields, visited);
        }
        break;
      case Kind.FRAGMENT_SPREAD: {
        const name = selection.name.value;
        if (visited.has(name)) break;
        visited.add(name);
        const fragment = context.fragments[name];
        if (fragment && appliesTo(context, fragment.typeCondition.name.value, type)) {
          collect(context, type, fragment.selectionSet, fields, visited);
        }
        break;
      }
    }
  }
}

/** DoesFragmentTypeApply (§6.3.2): the type itself, or an interface/union it belongs to. */
function appliesTo(
  context: CollectContext,
  condition: string | undefined,
  type: GraphQLObjectType,
): boolean {
  if (condition === undefined || condition === type.name) return true;
  const conditionType = context.schema.getType(condition);
  return isAbstractType(conditionType) && context.schema.isSubType(conditionType, type);
}

/** @skip(if:) and @include(if:) (§3.13.2, §3.13.3), from literals or the condition variables. */
function shouldInclude(
  context: CollectContext,
  node: { readonly directives?: ReadonlyArray<DirectiveNode> | undefined },
): boolean {
  for (const directive of node.directives ?? []) {
    const name = directive.name.value;
    if (name !== 'skip' && name !== 'include') continue;
    const arg = directive.arguments?.find((a) => a.name.value === 'if');
    let value: unknown;
    if (arg?.value.kind === Kind.BOOLEAN) value = arg.value.value;
    else if (arg?.value.kind === Kind.VARIABLE)
      value = context.conditionValues[arg.value.name.value];
    if (typeof value !== 'boolean') {
      throw new GraphQLError(`Argument "if" of @${name} must be a Boolean.`, { nodes: directive });
    }
    if (name === 'skip' && value) return false;
    if (name === 'include' && !value) return false;
  }
  return true;
}
