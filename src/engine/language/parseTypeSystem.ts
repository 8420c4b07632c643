import {
  DirectiveLocation,
  type ConstValueNode,
  type DirectiveDefinitionNode,
  type EnumValueDefinitionNode,
  type FieldDefinitionNode,
  type InputValueDefinitionNode,
  type NamedTypeNode,
  type NameNode,
  type OperationTypeDefinitionNode,
  type TypeSystemDefinitionNode,
  type TypeSystemExtensionNode,
} from 'graphql';
import { parseValueLiteral } from './parseValueLiteral.js';
import type { Parser } from './Parser.js';
import * as ast from './typeSystemNodes.js';
import {
  AMP,
  AT,
  BRACE_L,
  BRACE_R,
  COLON,
  EQUALS,
  NAME,
  PAREN_L,
  PAREN_R,
  PIPE,
  tokenDescription,
} from './tokenKinds.js';

/**
 * The type system definitions (spec §3: https://spec.graphql.org/October2021/#sec-Type-System),
 * for a definition whose keyword (after any description) is `keyword`; undefined when
 * `keyword` starts no type system definition.
 */
export function parseTypeSystemDefinition(
  p: Parser,
  keyword: string | undefined,
): TypeSystemDefinitionNode | undefined {
  const start = p.start;
  switch (keyword) {
    case 'schema': {
      const description = p.parseDescription();
      p.expectKeyword('schema');
      const directives = p.parseConstDirectives();
      const operationTypes = p.many(BRACE_L, parseOperationTypeDefinition, BRACE_R);
      return ast.schemaDefinition(description, directives, operationTypes, p.loc(start));
    }
    case 'scalar': {
      const description = p.parseDescription();
      p.expectKeyword('scalar');
      const name = p.parseName();
      const directives = p.parseConstDirectives();
      return ast.scalarTypeDefinition(description, name, directives, p.loc(start));
    }
    case 'type':
    case 'interface': {
      const description = p.parseDescription();
      p.expectKeyword(keyword);
      const name = p.parseName();
      const interfaces = parseImplementsInterfaces(p);
      const directives = p.parseConstDirectives();
      const fields = p.optionalMany(BRACE_L, parseFieldDefinition, BRACE_R);
      const build = keyword === 'type' ? ast.objectTypeDefinition : ast.interfaceTypeDefinition;
      return build(description, name, interfaces, directives, fields, p.loc(start));
    }
    case 'union': {
      const description = p.parseDescription();
      p.expectKeyword('union');
      const name = p.parseName();
      const directives = p.parseConstDirectives();
      const types = parseUnionMemberTypes(p);
      return ast.unionTypeDefinition(description, name, directives, types, p.loc(start));
    }
    case 'enum': {
      const description = p.parseDescription();
      p.expectKeyword('enum');
      const name = p.parseName();
      const directives = p.parseConstDirectives();
      const values = p.optionalMany(BRACE_L, parseEnumValueDefinition, BRACE_R);
      return ast.enumTypeDefinition(description, name, directives, values, p.loc(start));
    }
    case 'input': {
      const description = p.parseDescription();
      p.expectKeyword('input');
      const name = p.parseName();
      const directives = p.parseConstDirectives();
      const fields = p.optionalMany(BRACE_L, parseInputValueDefinition, BRACE_R);
      return ast.inputObjectTypeDefinition(description, name, directives, fields, p.loc(start));
    }
    case 'directive':
      return parseDirectiveDefinition(p);
  }
  return undefined;
}

/** The type system extensions (spec §3.1.2 and each type's "Extensions"), at `extend`. */
export function parseTypeSystemExtension(p: Parser): TypeSystemExtensionNode {
  const lexer = p;
  const kind = lexer.lookahead();
  const keyword = lexer.aheadTokenValue;
  if (kind === NAME) {
    const start = lexer.start;
    switch (keyword) {
      case 'schema': {
        p.expectKeyword('extend');
        p.expectKeyword('schema');
        const directives = p.parseConstDirectives();
        const operationTypes = p.optionalMany(BRACE_L, parseOperationTypeDefinition, BRACE_R);
        if (directives.length === 0 && operationTypes.length === 0) throw p.unexpected();
        return ast.schemaExtension(directives, operationTypes, p.loc(start));
      }
      case 'scalar': {
        const name = extensionName(p, keyword);
        const directives = p.parseConstDirectives();
        if (directives.length === 0) throw p.unexpected();
        return ast.scalarTypeExtension(name, directives, p.loc(start));
      }
      case 'type':
      case 'interface': {
        const name = extensionName(p, keyword);
        const interfaces = parseImplementsInterfaces(p);
        const directives = p.parseConstDirectives();
        const fields = p.optionalMany(BRACE_L, parseFieldDefinition, BRACE_R);
        if (interfaces.length === 0 && directives.length === 0 && fields.length === 0) {
          throw p.unexpected();
        }
        const build = keyword === 'type' ? ast.objectTypeExtension : ast.interfaceTypeExtension;
        return build(name, interfaces, directives, fields, p.loc(start));
      }
      case 'union': {
        const name = extensionName(p, keyword);
        const directives = p.parseConstDirectives();
        const types = parseUnionMemberTypes(p);
        if (directives.length === 0 && types.length === 0) throw p.unexpected();
        return ast.unionTypeExtension(name, directives, types, p.loc(start));
      }
      case 'enum': {
        const name = extensionName(p, keyword);
        const directives = p.parseConstDirectives();
        const values = p.optionalMany(BRACE_L, parseEnumValueDefinition, BRACE_R);
        if (directives.length === 0 && values.length === 0) throw p.unexpected();
        return ast.enumTypeExtension(name, directives, values, p.loc(start));
      }
      case 'input': {
        const name = extensionName(p, keyword);
        const directives = p.parseConstDirectives();
        const fields = p.optionalMany(BRACE_L, parseInputValueDefinition, BRACE_R);
        if (directives.length === 0 && fields.length === 0) throw p.unexpected();
        return ast.inputObjectTypeExtension(name, directives, fields, p.loc(start));
      }
      case 'directive': {
        if (!p.directivesOnDirectiveDefinitions) break;
        p.expectKeyword('extend');
        p.expectKeyword('directive');
        p.expect(AT);
        const name = p.parseName();
        const directives = p.parseConstDirectives();
        if (directives.length === 0) throw p.unexpected();
        return ast.directiveExtension(name, directives, p.loc(start));
      }
    }
  }
  throw p.unexpectedToken(kind, keyword, lexer.aheadTokenStart);
}

/** `extend <keyword> Name`. */
function extensionName(p: Parser, keyword: string): NameNode {
  p.expectKeyword('extend');
  p.expectKeyword(keyword);
  return p.parseName();
}

function parseOperationTypeDefinition(p: Parser): OperationTypeDefinitionNode {
  const start = p.start;
  const operation = p.parseOperationType();
  p.expect(COLON);
  const type = p.parseNamedType();
  return ast.operationTypeDefinition(operation, type, p.loc(start));
}

function parseImplementsInterfaces(p: Parser): NamedTypeNode[] {
  return p.expectOptionalKeyword('implements') ? p.delimitedMany(AMP, namedType) : [];
}

function parseUnionMemberTypes(p: Parser): NamedTypeNode[] {
  return p.expectOptional(EQUALS) ? p.delimitedMany(PIPE, namedType) : [];
}

function namedType(p: Parser): NamedTypeNode {
  return p.parseNamedType();
}

function parseFieldDefinition(p: Parser): FieldDefinitionNode {
  const start = p.start;
  const description = p.parseDescription();
  const name = p.parseName();
  const args = p.optionalMany(PAREN_L, parseInputValueDefinition, PAREN_R);
  p.expect(COLON);
  const type = p.parseTypeReference();
  const directives = p.parseConstDirectives();
  return ast.fieldDefinition(description, name, args, type, directives, p.loc(start));
}

function parseInputValueDefinition(p: Parser): InputValueDefinitionNode {
  const start = p.start;
  const description = p.parseDescription();
  const name = p.parseName();
  p.expect(COLON);
  const type = p.parseTypeReference();
  const defaultValue = p.expectOptional(EQUALS)
    ? (parseValueLiteral(p, true) as ConstValueNode)
    : undefined;
  const directives = p.parseConstDirectives();
  return ast.inputValueDefinition(description, name, type, defaultValue, directives, p.loc(start));
}

function parseEnumValueDefinition(p: Parser): EnumValueDefinitionNode {
  const start = p.start;
  const description = p.parseDescription();
  const { kind, value } = p;
  if (value === 'true' || value === 'false' || value === 'null') {
    throw p.error(
      p.start,
      `${tokenDescription(kind, value)} is reserved and cannot be used for an enum value.`,
    );
  }
  const name = p.parseName();
  const directives = p.parseConstDirectives();
  return ast.enumValueDefinition(description, name, directives, p.loc(start));
}

function parseDirectiveDefinition(p: Parser): DirectiveDefinitionNode {
  const start = p.start;
  const description = p.parseDescription();
  p.expectKeyword('directive');
  p.expect(AT);
  const name = p.parseName();
  const args = p.optionalMany(PAREN_L, parseInputValueDefinition, PAREN_R);
  const directives = p.directivesOnDirectiveDefinitions ? p.parseConstDirectives() : [];
  const repeatable = p.expectOptionalKeyword('repeatable');
  p.expectKeyword('on');
  const locations = p.delimitedMany(PIPE, parseDirectiveLocation);
  return ast.directiveDefinition(
    description,
    name,
    args,
    directives,
    repeatable,
    locations,
    p.loc(start),
  );
}

/** DirectiveLocation (spec §3.13): a name among `DirectiveLocation`'s. */
function parseDirectiveLocation(p: Parser): NameNode {
  const { kind, value, start } = p;
  const name = p.parseName();
  if (Object.prototype.hasOwnProperty.call(DirectiveLocation, name.value)) return name;
  throw p.unexpectedToken(kind, value, start);
}
