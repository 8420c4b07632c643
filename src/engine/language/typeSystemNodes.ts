import {
  Kind,
  type Location,
  type OperationTypeNode,
  type ConstDirectiveNode,
  type ConstValueNode,
  type DirectiveDefinitionNode,
  type DirectiveExtensionNode,
  type EnumTypeDefinitionNode,
  type EnumTypeExtensionNode,
  type EnumValueDefinitionNode,
  type FieldDefinitionNode,
  type InputObjectTypeDefinitionNode,
  type InputObjectTypeExtensionNode,
  type InputValueDefinitionNode,
  type InterfaceTypeDefinitionNode,
  type InterfaceTypeExtensionNode,
  type NameNode,
  type NamedTypeNode,
  type ObjectTypeDefinitionNode,
  type ObjectTypeExtensionNode,
  type OperationTypeDefinitionNode,
  type ScalarTypeDefinitionNode,
  type ScalarTypeExtensionNode,
  type SchemaDefinitionNode,
  type SchemaExtensionNode,
  type StringValueNode,
  type TypeNode,
  type UnionTypeDefinitionNode,
  type UnionTypeExtensionNode,
} from 'graphql';

/**
 * One builder per node kind of type system definitions and extensions: graphql-js
 * 16's keys in its order (those it sets to `undefined` included), `loc`
 * last and only when locations are kept, so that a node is one object literal of its final
 * shape, never extended afterwards.
 */
export function schemaDefinition(
  description: StringValueNode | undefined,
  directives: ReadonlyArray<ConstDirectiveNode>,
  operationTypes: ReadonlyArray<OperationTypeDefinitionNode>,
  loc: Location | undefined,
): SchemaDefinitionNode {
  return (
    loc === undefined
      ? { kind: Kind.SCHEMA_DEFINITION, description, directives, operationTypes }
      : { kind: Kind.SCHEMA_DEFINITION, description, directives, operationTypes, loc }
  ) as SchemaDefinitionNode;
}

export function operationTypeDefinition(
  operation: OperationTypeNode,
  type: NamedTypeNode,
  loc: Location | undefined,
): OperationTypeDefinitionNode {
  return (
    loc === undefined
      ? { kind: Kind.OPERATION_TYPE_DEFINITION, operation, type }
      : { kind: Kind.OPERATION_TYPE_DEFINITION, operation, type, loc }
  ) as OperationTypeDefinitionNode;
}

export function scalarTypeDefinition(
  description: StringValueNode | undefined,
  name: NameNode,
  directives: ReadonlyArray<ConstDirectiveNode>,
  loc: Location | undefined,
): ScalarTypeDefinitionNode {
  return (
    loc === undefined
      ? { kind: Kind.SCALAR_TYPE_DEFINITION, description, name, directives }
      : { kind: Kind.SCALAR_TYPE_DEFINITION, description, name, directives, loc }
  ) as ScalarTypeDefinitionNode;
}

export function objectTypeDefinition(
  description: StringValueNode | undefined,
  name: NameNode,
  interfaces: ReadonlyArray<NamedTypeNode>,
  directives: ReadonlyArray<ConstDirectiveNode>,
  fields: ReadonlyArray<FieldDefinitionNode>,
  loc: Location | undefined,
): ObjectTypeDefinitionNode {
  return (
    loc === undefined
      ? { kind: Kind.OBJECT_TYPE_DEFINITION, description, name, interfaces, directives, fields }
      : {
          kind: Kind.OBJECT_TYPE_DEFINITION,
          description,
          name,
          interfaces,
          directives,
          fields,
          loc,
        }
  ) as ObjectTypeDefinitionNode;
}

export function fieldDefinition(
  description: StringValueNode | undefined,
  name: NameNode,
  args: ReadonlyArray<InputValueDefinitionNode>,
  type: TypeNode,
  directives: ReadonlyArray<ConstDirectiveNode>,
  loc: Location | undefined,
): FieldDefinitionNode {
  return (
    loc === undefined
      ? { kind: Kind.FIELD_DEFINITION, description, name, arguments: args, type, directives }
      : { kind: Kind.FIELD_DEFINITION, description, name, arguments: args, type, directives, loc }
  ) as FieldDefinitionNode;
}

export function inputValueDefinition(
  description: StringValueNode | undefined,
  name: NameNode,
  type: TypeNode,
  defaultValue: ConstValueNode | undefined,
  directives: ReadonlyArray<ConstDirectiveNode>,
  loc: Location | undefined,
): InputValueDefinitionNode {
  return (
    loc === undefined
      ? { kind: Kind.INPUT_VALUE_DEFINITION, description, name, type, defaultValue, directives }
      : {
          kind: Kind.INPUT_VALUE_DEFINITION,
          description,
          name,
          type,
          defaultValue,
          directives,
          loc,
        }
  ) as InputValueDefinitionNode;
}

export function interfaceTypeDefinition(
  description: StringValueNode | undefined,
  name: NameNode,
  interfaces: ReadonlyArray<NamedTypeNode>,
  directives: ReadonlyArray<ConstDirectiveNode>,
  fields: ReadonlyArray<FieldDefinitionNode>,
  loc: Location | undefined,
): InterfaceTypeDefinitionNode {
  return (
    loc === undefined
      ? { kind: Kind.INTERFACE_TYPE_DEFINITION, description, name, interfaces, directives, fields }
      : {
          kind: Kind.INTERFACE_TYPE_DEFINITION,
          description,
          name,
          interfaces,
          directives,
          fields,
          loc,
        }
  ) as InterfaceTypeDefinitionNode;
}

export function unionTypeDefinition(
  description: StringValueNode | undefined,
  name: NameNode,
  directives: ReadonlyArray<ConstDirectiveNode>,
  types: ReadonlyArray<NamedTypeNode>,
  loc: Location | undefined,
): UnionTypeDefinitionNode {
  return (
    loc === undefined
      ? { kind: Kind.UNION_TYPE_DEFINITION, description, name, directives, types }
      : { kind: Kind.UNION_TYPE_DEFINITION, description, name, directives, types, loc }
  ) as UnionTypeDefinitionNode;
}

export function enumTypeDefinition(
  description: StringValueNode | undefined,
  name: NameNode,
  directives: ReadonlyArray<ConstDirectiveNode>,
  values: ReadonlyArray<EnumValueDefinitionNode>,
  loc: Location | undefined,
): EnumTypeDefinitionNode {
  return (
    loc === undefined
      ? { kind: Kind.ENUM_TYPE_DEFINITION, description, name, directives, values }
      : { kind: Kind.ENUM_TYPE_DEFINITION, description, name, directives, values, loc }
  ) as EnumTypeDefinitionNode;
}

export function enumValueDefinition(
  description: StringValueNode | undefined,
  name: NameNode,
  directives: ReadonlyArray<ConstDirectiveNode>,
  loc: Location | undefined,
): EnumValueDefinitionNode {
  return (
    loc === undefined
      ? { kind: Kind.ENUM_VALUE_DEFINITION, description, name, directives }
      : { kind: Kind.ENUM_VALUE_DEFINITION, description, name, directives, loc }
  ) as EnumValueDefinitionNode;
}

export function inputObjectTypeDefinition(
  description: StringValueNode | undefined,
  name: NameNode,
  directives: ReadonlyArray<ConstDirectiveNode>,
  fields: ReadonlyArray<InputValueDefinitionNode>,
  loc: Location | undefined,
): InputObjectTypeDefinitionNode {
  return (
    loc === undefined
      ? { kind: Kind.INPUT_OBJECT_TYPE_DEFINITION, description, name, directives, fields }
      : { kind: Kind.INPUT_OBJECT_TYPE_DEFINITION, description, name, directives, fields, loc }
  ) as InputObjectTypeDefinitionNode;
}

export function directiveDefinition(
  description: StringValueNode | undefined,
  name: NameNode,
  args: ReadonlyArray<InputValueDefinitionNode>,
  directives: ReadonlyArray<ConstDirectiveNode>,
  repeatable: boolean,
  locations: ReadonlyArray<NameNode>,
  loc: Location | undefined,
): DirectiveDefinitionNode {
  return (
    loc === undefined
      ? {
          kind: Kind.DIRECTIVE_DEFINITION,
          description,
          name,
          arguments: args,
          directives,
          repeatable,
          locations,
        }
      : {
          kind: Kind.DIRECTIVE_DEFINITION,
          description,
          name,
          arguments: args,
          directives,
          repeatable,
          locations,
          loc,
        }
  ) as DirectiveDefinitionNode;
}

export function schemaExtension(
  directives: ReadonlyArray<ConstDirectiveNode>,
  operationTypes: ReadonlyArray<OperationTypeDefinitionNode>,
  loc: Location | undefined,
): SchemaExtensionNode {
  return (
    loc === undefined
      ? { kind: Kind.SCHEMA_EXTENSION, directives, operationTypes }
      : { kind: Kind.SCHEMA_EXTENSION, directives, operationTypes, loc }
  ) as SchemaExtensionNode;
}

export function scalarTypeExtension(
  name: NameNode,
  directives: ReadonlyArray<ConstDirectiveNode>,
  loc: Location | undefined,
): ScalarTypeExtensionNode {
  return (
    loc === undefined
      ? { kind: Kind.SCALAR_TYPE_EXTENSION, name, directives }
      : { kind: Kind.SCALAR_TYPE_EXTENSION, name, directives, loc }
  ) as ScalarTypeExtensionNode;
}

export function objectTypeExtension(
  name: NameNode,
  interfaces: ReadonlyArray<NamedTypeNode>,
  directives: ReadonlyArray<ConstDirectiveNode>,
  fields: ReadonlyArray<FieldDefinitionNode>,
  loc: Location | undefined,
): ObjectTypeExtensionNode {
  return (
    loc === undefined
      ? { kind: Kind.OBJECT_TYPE_EXTENSION, name, interfaces, directives, fields }
      : { kind: Kind.OBJECT_TYPE_EXTENSION, name, interfaces, directives, fields, loc }
  ) as ObjectTypeExtensionNode;
}

export function interfaceTypeExtension(
  name: NameNode,
  interfaces: ReadonlyArray<NamedTypeNode>,
  directives: ReadonlyArray<ConstDirectiveNode>,
  fields: ReadonlyArray<FieldDefinitionNode>,
  loc: Location | undefined,
): InterfaceTypeExtensionNode {
  return (
    loc === undefined
      ? { kind: Kind.INTERFACE_TYPE_EXTENSION, name, interfaces, directives, fields }
      : { kind: Kind.INTERFACE_TYPE_EXTENSION, name, interfaces, directives, fields, loc }
  ) as InterfaceTypeExtensionNode;
}

export function unionTypeExtension(
  name: NameNode,
  directives: ReadonlyArray<ConstDirectiveNode>,
  types: ReadonlyArray<NamedTypeNode>,
  loc: Location | undefined,
): UnionTypeExtensionNode {
  return (
    loc === undefined
      ? { kind: Kind.UNION_TYPE_EXTENSION, name, directives, types }
      : { kind: Kind.UNION_TYPE_EXTENSION, name, directives, types, loc }
  ) as UnionTypeExtensionNode;
}

export function enumTypeExtension(
  name: NameNode,
  directives: ReadonlyArray<ConstDirectiveNode>,
  values: ReadonlyArray<EnumValueDefinitionNode>,
  loc: Location | undefined,
): EnumTypeExtensionNode {
  return (
    loc === undefined
      ? { kind: Kind.ENUM_TYPE_EXTENSION, name, directives, values }
      : { kind: Kind.ENUM_TYPE_EXTENSION, name, directives, values, loc }
  ) as EnumTypeExtensionNode;
}

export function inputObjectTypeExtension(
  name: NameNode,
  directives: ReadonlyArray<ConstDirectiveNode>,
  fields: ReadonlyArray<InputValueDefinitionNode>,
  loc: Location | undefined,
): InputObjectTypeExtensionNode {
  return (
    loc === undefined
      ? { kind: Kind.INPUT_OBJECT_TYPE_EXTENSION, name, directives, fields }
      : { kind: Kind.INPUT_OBJECT_TYPE_EXTENSION, name, directives, fields, loc }
  ) as InputObjectTypeExtensionNode;
}

export function directiveExtension(
  name: NameNode,
  directives: ReadonlyArray<ConstDirectiveNode>,
  loc: Location | undefined,
): DirectiveExtensionNode {
  return (
    loc === undefined
      ? { kind: Kind.DIRECTIVE_EXTENSION, name, directives }
      : { kind: Kind.DIRECTIVE_EXTENSION, name, directives, loc }
  ) as DirectiveExtensionNode;
}
