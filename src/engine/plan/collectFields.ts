import {
  getDirectiveValues,
  GraphQLIncludeDirective,
  GraphQLSkipDirective,
  Kind,
  typeFromAST,
  type FieldNode,
  type FragmentDefinitionNode,
  type FragmentSpreadNode,
  type GraphQLObjectType,
  type GraphQLSchema,
  type InlineFragmentNode,
  type SelectionSetNode,
} from 'graphql';
import { isAbstract } from '../schema/typeGuards.js';

export type CollectedFields = Map<string, FieldNode[]>;

/**
 * [CollectFields](https://spec.graphql.org/October2021/#CollectFields()), exactly as graphql-js implements it: response keys in
 * first-seen order, fragments visited once per selection set, `@skip` before `@include`.
 */
export function collectFields(
  schema: GraphQLSchema,
  fragments: Readonly<Record<string, FragmentDefinitionNode>>,
  variableValues: Readonly<Record<string, unknown>>,
  runtimeType: GraphQLObjectType,
  selectionSet: SelectionSetNode,
): CollectedFields {
  const fields: CollectedFields = new Map();
  collectInto(schema, fragments, variableValues, runtimeType, selectionSet, fields, undefined);
  return fields;
}

/** The sub-fields of merged field nodes (graphql-js's collectSubfields). */
export function collectSubfields(
  schema: GraphQLSchema,
  fragments: Readonly<Record<string, FragmentDefinitionNode>>,
  variableValues: Readonly<Record<string, unknown>>,
  returnType: GraphQLObjectType,
  fieldNodes: ReadonlyArray<FieldNode>,
): CollectedFields {
  const fields: CollectedFields = new Map();
  let visited: Set<string> | undefined;
  for (const node of fieldNodes) {
    if (node.selectionSet) {
      visited = collectInto(
        schema,
        fragments,
        variableValues,
        returnType,
        node.selectionSet,
        fields,
        visited,
      );
    }
  }
  return fields;
}

/**
 * Collects `selectionSet` into `fields`. `visited` holds the fragments already spread; it is made
 * at the first spread (most selections have none) and returned, undefined while there was none.
 */
function collectInto(
  schema: GraphQLSchema,
  fragments: Readonly<Record<string, FragmentDefinitionNode>>,
  variableValues: Readonly<Record<string, unknown>>,
  runtimeType: GraphQLObjectType,
  selectionSet: SelectionSetNode,
  fields: CollectedFields,
  visited: Set<string> | undefined,
): Set<string> | undefined {
  for (const selection of selectionSet.selections) {
    switch (selection.kind) {
      case Kind.FIELD: {
        if (!shouldIncludeNode(variableValues, selection)) continue;
        const name = selection.alias ? selection.alias.value : selection.name.value;
        const list = fields.get(name);
        if (list !== undefined) list.push(selection);
        else fields.set(name, [selection]);
        break;
      }
      case Kind.INLINE_FRAGMENT: {
        if (
          !shouldIncludeNode(variableValues, selection) ||
          !doesFragmentConditionMatch(schema, selection, runtimeType)
        ) {
          continue;
        }
        visited = collectInto(
          schema,
          fragments,
          variableValues,
          runtimeType,
          selection.selectionSet,
          fields,
          visited,
        );
        break;
      }
      case Kind.FRAGMENT_SPREAD: {
        const name = selection.name.value;
        if (visited?.has(name) === true || !shouldIncludeNode(variableValues, selection)) continue;
        (visited ??= new Set()).add(name);
        const fragment = fragments[name];
        if (!fragment || !doesFragmentConditionMatch(schema, fragment, runtimeType)) continue;
        visited = collectInto(
          schema,
          fragments,
          variableValues,
          runtimeType,
          fragment.selectionSet,
          fields,
          visited,
        );
        break;
      }
    }
  }
  return visited;
}

function shouldIncludeNode(
  variableValues: Readonly<Record<string, unknown>>,
  node: FieldNode | FragmentSpreadNode | InlineFragmentNode,
): boolean {
  if (node.directives === undefined || node.directives.length === 0) return true;
  const skip = getDirectiveValues(GraphQLSkipDirective, node, variableValues);
  if (skip?.['if'] === true) return false;
  const include = getDirectiveValues(GraphQLIncludeDirective, node, variableValues);
  if (include?.['if'] === false) return false;
  return true;
}

function doesFragmentConditionMatch(
  schema: GraphQLSchema,
  fragment: FragmentDefinitionNode | InlineFragmentNode,
  type: GraphQLObjectType,
): boolean {
  const typeConditionNode = fragment.typeCondition;
  if (!typeConditionNode) return true;
  const conditionalType = typeFromAST(schema, typeConditionNode);
  if (conditionalType === type) return true;
  if (conditionalType && isAbstract(conditionalType))
    return schema.isSubType(conditionalType, type);
  return false;
}
