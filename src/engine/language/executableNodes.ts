import {
  Kind,
  type Location,
  type OperationTypeNode,
  type ArgumentNode,
  type BooleanValueNode,
  type ConstDirectiveNode,
  type ConstValueNode,
  type DefinitionNode,
  type DirectiveNode,
  type DocumentNode,
  type EnumValueNode,
  type FieldNode,
  type FloatValueNode,
  type FragmentDefinitionNode,
  type FragmentSpreadNode,
  type InlineFragmentNode,
  type IntValueNode,
  type ListTypeNode,
  type ListValueNode,
  type NameNode,
  type NamedTypeNode,
  type NonNullTypeNode,
  type NullValueNode,
  type ObjectFieldNode,
  type ObjectValueNode,
  type OperationDefinitionNode,
  type SelectionNode,
  type SelectionSetNode,
  type StringValueNode,
  type TypeNode,
  type ValueNode,
  type VariableDefinitionNode,
  type VariableNode,
} from 'graphql';

// Copied into constants of this module: each use of an imported binding loads it and checks
// that it is initialised, where a module constant is folded into the optimised code.
const {
  ARGUMENT,
  BOOLEAN,
  DIRECTIVE,
  DOCUMENT,
  ENUM,
  FIELD,
  FLOAT,
  FRAGMENT_DEFINITION,
  FRAGMENT_SPREAD,
  INLINE_FRAGMENT,
  INT,
  LIST,
  LIST_TYPE,
  NAME,
  NAMED_TYPE,
  NON_NULL_TYPE,
  NULL,
  OBJECT,
  OBJECT_FIELD,
  OPERATION_DEFINITION,
  SELECTION_SET,
  STRING,
  VARIABLE,
  VARIABLE_DEFINITION,
} = Kind;

/**
 * One builder per node kind of executable documents, values and types: graphql-js 16's
 * keys in its order (those it sets to `undefined` included), `loc`
 * last and only when locations are kept, so that a node is one object literal of its final
 * shape, never extended afterwards.
 */
export function name(value: string, loc: Location | undefined): NameNode {
  return (loc === undefined ? { kind: NAME, value } : { kind: NAME, value, loc }) as NameNode;
}

export function document(
  definitions: ReadonlyArray<DefinitionNode>,
  loc: Location | undefined,
): DocumentNode {
  return new (DocumentObject as unknown as DocumentConstructor)(definitions, loc);
}

type DocumentConstructor = new (
  definitions: ReadonlyArray<DefinitionNode>,
  loc: Location | undefined,
) => DocumentNode;

/**
 * Documents alone are made by a constructor, not a literal: `parse` then defines the
 * non-enumerable `tokenCount` on each, and a literal has room for its own properties only, so
 * that definition allocated a property array and moved the object to another map (a fifth of
 * parsing a one-line query went to `Object.defineProperty`); V8 gives a constructor's objects
 * room for the properties they come to have. Its `prototype` is `Object.prototype`, so a
 * document is a plain object as a literal is: the same prototype, keys, order and descriptors.
 */
function DocumentObject(
  this: { kind: Kind; definitions: ReadonlyArray<DefinitionNode>; loc?: Location },
  definitions: ReadonlyArray<DefinitionNode>,
  loc: Location | undefined,
): void {
  this.kind = DOCUMENT;
  this.definitions = definitions;
  if (loc !== undefined) this.loc = loc;
}
DocumentObject.prototype = Object.prototype;

export function operationDefinition(
  operation: OperationTypeNode,
  description: StringValueNode | undefined,
  name: NameNode | undefined,
  variableDefinitions: ReadonlyArray<VariableDefinitionNode>,
  directives: ReadonlyArray<DirectiveNode>,
  selectionSet: SelectionSetNode,
  loc: Location | undefined,
): OperationDefinitionNode {
  return (
    loc === undefined
      ? {
          kind: OPERATION_DEFINITION,
          operation,
          description,
          name,
          variableDefinitions,
          directives,
          selectionSet,
        }
      : {
          kind: OPERATION_DEFINITION,
          operation,
          description,
          name,
          variableDefinitions,
          directives,
          selectionSet,
          loc,
        }
  ) as OperationDefinitionNode;
}

export function variableDefinition(
  description: StringValueNode | undefined,
  variable: VariableNode,
  type: TypeNode,
  defaultValue: ConstValueNode | undefined,
  directives: ReadonlyArray<ConstDirectiveNode>,
  loc: Location | undefined,
): VariableDefinitionNode {
  return (
    loc === undefined
      ? { kind: VARIABLE_DEFINITION, description, variable, type, defaultValue, directives }
      : {
          kind: VARIABLE_DEFINITION,
          description,
          variable,
          type,
          defaultValue,
          directives,
          loc,
        }
  ) as VariableDefinitionNode;
}

export function variable(name: NameNode, loc: Location | undefined): VariableNode {
  return (
    loc === undefined ? { kind: VARIABLE, name } : { kind: VARIABLE, name, loc }
  ) as VariableNode;
}

export function selectionSet(
  selections: ReadonlyArray<SelectionNode>,
  loc: Location | undefined,
): SelectionSetNode {
  return (
    loc === undefined
      ? { kind: SELECTION_SET, selections }
      : { kind: SELECTION_SET, selections, loc }
  ) as SelectionSetNode;
}

export function field(
  alias: NameNode | undefined,
  name: NameNode,
  args: ReadonlyArray<ArgumentNode>,
  directives: ReadonlyArray<DirectiveNode>,
  selectionSet: SelectionSetNode | undefined,
  loc: Location | undefined,
): FieldNode {
  return (
    loc === undefined
      ? { kind: FIELD, alias, name, arguments: args, directives, selectionSet }
      : { kind: FIELD, alias, name, arguments: args, directives, selectionSet, loc }
  ) as FieldNode;
}

export function argument(
  name: NameNode,
  value: ValueNode,
  loc: Location | undefined,
): ArgumentNode {
  return (
    loc === undefined ? { kind: ARGUMENT, name, value } : { kind: ARGUMENT, name, value, loc }
  ) as ArgumentNode;
}

export function fragmentSpread(
  name: NameNode,
  directives: ReadonlyArray<DirectiveNode>,
  loc: Location | undefined,
): FragmentSpreadNode {
  return (
    loc === undefined
      ? { kind: FRAGMENT_SPREAD, name, directives }
      : { kind: FRAGMENT_SPREAD, name, directives, loc }
  ) as FragmentSpreadNode;
}

export function inlineFragment(
  typeCondition: NamedTypeNode | undefined,
  directives: ReadonlyArray<DirectiveNode>,
  selectionSet: SelectionSetNode,
  loc: Location | undefined,
): InlineFragmentNode {
  return (
    loc === undefined
      ? { kind: INLINE_FRAGMENT, typeCondition, directives, selectionSet }
      : { kind: INLINE_FRAGMENT, typeCondition, directives, selectionSet, loc }
  ) as InlineFragmentNode;
}

export function fragmentDefinition(
  description: StringValueNode | undefined,
  name: NameNode,
  typeCondition: NamedTypeNode,
  directives: ReadonlyArray<DirectiveNode>,
  selectionSet: SelectionSetNode,
  loc: Location | undefined,
): FragmentDefinitionNode {
  return (
    loc === undefined
      ? {
          kind: FRAGMENT_DEFINITION,
          description,
          name,
          typeCondition,
          directives,
          selectionSet,
        }
      : {
          kind: FRAGMENT_DEFINITION,
          description,
          name,
          typeCondition,
          directives,
          selectionSet,
          loc,
        }
  ) as FragmentDefinitionNode;
}

export function legacyFragmentDefinition(
  description: StringValueNode | undefined,
  name: NameNode,
  variableDefinitions: ReadonlyArray<VariableDefinitionNode>,
  typeCondition: NamedTypeNode,
  directives: ReadonlyArray<DirectiveNode>,
  selectionSet: SelectionSetNode,
  loc: Location | undefined,
): FragmentDefinitionNode {
  return (
    loc === undefined
      ? {
          kind: FRAGMENT_DEFINITION,
          description,
          name,
          variableDefinitions,
          typeCondition,
          directives,
          selectionSet,
        }
      : {
          kind: FRAGMENT_DEFINITION,
          description,
          name,
          variableDefinitions,
          typeCondition,
          directives,
          selectionSet,
          loc,
        }
  ) as FragmentDefinitionNode;
}

export function intValue(value: string, loc: Location | undefined): IntValueNode {
  return (loc === undefined ? { kind: INT, value } : { kind: INT, value, loc }) as IntValueNode;
}

export function floatValue(value: string, loc: Location | undefined): FloatValueNode {
  return (
    loc === undefined ? { kind: FLOAT, value } : { kind: FLOAT, value, loc }
  ) as FloatValueNode;
}

export function stringValue(
  value: string,
  block: boolean,
  loc: Location | undefined,
): StringValueNode {
  return (
    loc === undefined ? { kind: STRING, value, block } : { kind: STRING, value, block, loc }
  ) as StringValueNode;
}

export function booleanValue(value: boolean, loc: Location | undefined): BooleanValueNode {
  return (
    loc === undefined ? { kind: BOOLEAN, value } : { kind: BOOLEAN, value, loc }
  ) as BooleanValueNode;
}

export function nullValue(loc: Location | undefined): NullValueNode {
  return (loc === undefined ? { kind: NULL } : { kind: NULL, loc }) as NullValueNode;
}

export function enumValue(value: string, loc: Location | undefined): EnumValueNode {
  return (loc === undefined ? { kind: ENUM, value } : { kind: ENUM, value, loc }) as EnumValueNode;
}

export function listValue(
  values: ReadonlyArray<ValueNode>,
  loc: Location | undefined,
): ListValueNode {
  return (
    loc === undefined ? { kind: LIST, values } : { kind: LIST, values, loc }
  ) as ListValueNode;
}

export function objectValue(
  fields: ReadonlyArray<ObjectFieldNode>,
  loc: Location | undefined,
): ObjectValueNode {
  return (
    loc === undefined ? { kind: OBJECT, fields } : { kind: OBJECT, fields, loc }
  ) as ObjectValueNode;
}

export function objectField(
  name: NameNode,
  value: ValueNode,
  loc: Location | undefined,
): ObjectFieldNode {
  return (
    loc === undefined
      ? { kind: OBJECT_FIELD, name, value }
      : { kind: OBJECT_FIELD, name, value, loc }
  ) as ObjectFieldNode;
}

export function directive(
  name: NameNode,
  args: ReadonlyArray<ArgumentNode>,
  loc: Location | undefined,
): DirectiveNode {
  return (
    loc === undefined
      ? { kind: DIRECTIVE, name, arguments: args }
      : { kind: DIRECTIVE, name, arguments: args, loc }
  ) as DirectiveNode;
}

export function namedType(name: NameNode, loc: Location | undefined): NamedTypeNode {
  return (
    loc === undefined ? { kind: NAMED_TYPE, name } : { kind: NAMED_TYPE, name, loc }
  ) as NamedTypeNode;
}

export function listType(type: TypeNode, loc: Location | undefined): ListTypeNode {
  return (
    loc === undefined ? { kind: LIST_TYPE, type } : { kind: LIST_TYPE, type, loc }
  ) as ListTypeNode;
}

export function nonNullType(
  type: NamedTypeNode | ListTypeNode,
  loc: Location | undefined,
): NonNullTypeNode {
  return (
    loc === undefined ? { kind: NON_NULL_TYPE, type } : { kind: NON_NULL_TYPE, type, loc }
  ) as NonNullTypeNode;
}
