import type { NameNode, ObjectFieldNode, ValueNode } from 'graphql';
import * as ast from './executableNodes.js';
import type { Parser } from './Parser.js';
import {
  BLOCK_STRING,
  BRACE_L,
  BRACE_R,
  BRACKET_L,
  BRACKET_R,
  COLON,
  DOLLAR,
  FLOAT,
  INT,
  NAME,
  STRING,
} from './tokenKinds.js';

/** A list or object value being parsed, and for an object the field whose value comes next. */
class ValueFrame {
  isList = false;
  start = 0;
  items: Array<ValueNode | ObjectFieldNode> = NO_ITEMS;
  fieldStart = 0;
  fieldName: NameNode | undefined = undefined;
}

const NO_ITEMS: Array<ValueNode | ObjectFieldNode> = [];

/** Shared by every parse, as the selection frames are (Parser.ts); `valuesUsed` is the parse's own. */
const valueFrames: ValueFrame[] = [];

/**
 * Value (spec §2.9: https://spec.graphql.org/October2021/#sec-Input-Values); `isConst` refuses
 * variables. Lists and objects nest on `valueFrames`, not on the call stack: a value is
 * parsed, then handed to the innermost open list or object, which may then close and be handed on.
 */
export function parseValueLiteral(parser: Parser, isConst: boolean): ValueNode {
  const lexer = parser;
  const base = parser.valuesUsed;
  for (;;) {
    let value: ValueNode;
    const kind = lexer.kind;
    if (kind === BRACKET_L || kind === BRACE_L) {
      const frame = openValue(parser, kind === BRACKET_L);
      if (frame.isList) {
        if (!parser.closes(BRACKET_R)) continue;
      } else if (!parser.closes(BRACE_R)) {
        readFieldName(parser, frame);
        continue;
      }
      value = closeValue(parser, frame);
    } else {
      value = parseScalarValue(parser, isConst);
    }
    for (;;) {
      if (parser.valuesUsed === base) return value;
      const frame = valueFrames[parser.valuesUsed - 1]!;
      if (frame.isList) {
        frame.items.push(value);
        if (!parser.closes(BRACKET_R)) break;
      } else {
        frame.items.push(ast.objectField(frame.fieldName!, value, parser.loc(frame.fieldStart)));
        if (!parser.closes(BRACE_R)) {
          readFieldName(parser, frame);
          break;
        }
      }
      value = closeValue(parser, frame);
    }
  }
}

function openValue(parser: Parser, isList: boolean): ValueFrame {
  const start = parser.start;
  parser.open(isList ? BRACKET_L : BRACE_L);
  const used = parser.valuesUsed++;
  let frame = valueFrames[used];
  if (frame === undefined) {
    frame = new ValueFrame();
    valueFrames.push(frame);
  }
  frame.isList = isList;
  frame.start = start;
  frame.items = [];
  return frame;
}

function closeValue(parser: Parser, frame: ValueFrame): ValueNode {
  parser.valuesUsed--;
  const loc = parser.loc(frame.start);
  const items = frame.items;
  frame.items = NO_ITEMS;
  frame.fieldName = undefined;
  return frame.isList
    ? ast.listValue(items as ValueNode[], loc)
    : ast.objectValue(items as ObjectFieldNode[], loc);
}

/** ObjectField up to its value: `name :`. */
function readFieldName(parser: Parser, frame: ValueFrame): void {
  frame.fieldStart = parser.start;
  frame.fieldName = parser.parseName();
  parser.expect(COLON);
}

function parseScalarValue(parser: Parser, isConst: boolean): ValueNode {
  const lexer = parser;
  const { kind, start, value } = lexer;
  switch (kind) {
    case INT:
      parser.advance();
      return ast.intValue(value!, parser.loc(start));
    case FLOAT:
      parser.advance();
      return ast.floatValue(value!, parser.loc(start));
    case STRING:
    case BLOCK_STRING:
      parser.advance();
      return ast.stringValue(value!, kind === BLOCK_STRING, parser.loc(start));
    case NAME:
      parser.advance();
      switch (value) {
        case 'true':
          return ast.booleanValue(true, parser.loc(start));
        case 'false':
          return ast.booleanValue(false, parser.loc(start));
        case 'null':
          return ast.nullValue(parser.loc(start));
        default:
          return ast.enumValue(value!, parser.loc(start));
      }
    case DOLLAR:
      if (!isConst) return parser.parseVariable();
      parser.advance();
      if (lexer.kind === NAME) {
        throw lexer.error(start, `Unexpected variable "$${lexer.value}" in constant value.`);
      }
      throw parser.unexpectedToken(DOLLAR, undefined, start);
  }
  throw parser.unexpected();
}
