import type { NameNode, ObjectFieldNode, ValueNode } from 'graphql';
import * as ast from './executableNodes.js';
import type { Parser } from './Parser.js';
import * as tokenKinds from './tokenKinds.js';

// Copied into constants of this module: each use of an imported binding loads it and checks
// that it is initialised, where a module constant is folded into the optimised code.
const {
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
} = tokenKinds;

/** A list or object value being parsed, and for an object the field whose value comes next. */
class ValueFrame {
  // Declared and assigned in the constructor: class fields are defined one by one on each frame.
  /** The items: none until the first, then a one-item literal grown by `push` (see `collect`). */
  declare items: Array<ValueNode | ObjectFieldNode> | undefined;
  declare fieldStart: number;
  declare fieldName: NameNode | undefined;
  declare readonly parent: ValueFrame | undefined;
  declare readonly isList: boolean;
  declare readonly start: number;

  constructor(parent: ValueFrame | undefined, isList: boolean, start: number) {
    this.items = undefined;
    this.fieldStart = 0;
    this.fieldName = undefined;
    this.parent = parent;
    this.isList = isList;
    this.start = start;
  }
}

/**
 * Value (spec §2.9: https://spec.graphql.org/October2021/#sec-Input-Values); `isConst` refuses
 * variables. Lists and objects nest on a stack of frames, not on the call stack: a value is
 * parsed, then handed to the innermost open list or object, which may then close and be handed on.
 */
export function parseValueLiteral(parser: Parser, isConst: boolean): ValueNode {
  let frame: ValueFrame | undefined;
  for (;;) {
    let value: ValueNode;
    const kind = parser.kind;
    if (kind === BRACKET_L || kind === BRACE_L) {
      frame = new ValueFrame(frame, kind === BRACKET_L, parser.start);
      parser.open(kind);
      if (frame.isList) {
        if (!parser.closes(BRACKET_R)) continue;
      } else if (!parser.closes(BRACE_R)) {
        readFieldName(parser, frame);
        continue;
      }
      value = closeValue(parser, frame);
      frame = frame.parent;
    } else {
      value = parseScalarValue(parser, isConst);
    }
    for (;;) {
      if (frame === undefined) return value;
      if (frame.isList) {
        collect(frame, value);
        if (!parser.closes(BRACKET_R)) break;
      } else {
        collect(frame, ast.objectField(frame.fieldName!, value, parser.loc(frame.fieldStart)));
        if (!parser.closes(BRACE_R)) {
          readFieldName(parser, frame);
          break;
        }
      }
      value = closeValue(parser, frame);
      frame = frame.parent;
    }
  }
}

function closeValue(parser: Parser, frame: ValueFrame): ValueNode {
  const loc = parser.loc(frame.start);
  const items = frame.items ?? [];
  return frame.isList
    ? ast.listValue(items as ValueNode[], loc)
    : ast.objectValue(items as ObjectFieldNode[], loc);
}

/**
 * Adds an item to a list or object, which starts as a literal of its first item: `push` onto
 * `[]` makes room for 16 items, and most lists and objects here hold one to three.
 */
function collect(frame: ValueFrame, item: ValueNode | ObjectFieldNode): void {
  if (frame.items === undefined) frame.items = [item];
  else frame.items.push(item);
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
