import { syntaxError, type GraphQLError, type Source } from 'graphql';
import { blockStringValue } from './blockStringValue.js';
import * as tokenKinds from './tokenKinds.js';

// Copied into constants of this module: each use of an imported binding loads it and checks
// that it is initialised, where a module constant is folded into the optimised code.
const {
  AMP,
  AT,
  BANG,
  BLOCK_STRING,
  BRACE_L,
  BRACE_R,
  BRACKET_L,
  BRACKET_R,
  COLON,
  COMMENT,
  DOLLAR,
  EOF,
  EQUALS,
  FLOAT,
  INT,
  NAME,
  PAREN_L,
  PAREN_R,
  PIPE,
  SOF,
  SPREAD,
  STRING,
} = tokenKinds;

/** The kind of each one-character punctuator, by character code; 0 for every other character. */
const PUNCTUATOR = new Uint8Array(128);
PUNCTUATOR[0x21] = BANG;
PUNCTUATOR[0x24] = DOLLAR;
PUNCTUATOR[0x26] = AMP;
PUNCTUATOR[0x28] = PAREN_L;
PUNCTUATOR[0x29] = PAREN_R;
PUNCTUATOR[0x3a] = COLON;
PUNCTUATOR[0x3d] = EQUALS;
PUNCTUATOR[0x40] = AT;
PUNCTUATOR[0x5b] = BRACKET_L;
PUNCTUATOR[0x5d] = BRACKET_R;
PUNCTUATOR[0x7b] = BRACE_L;
PUNCTUATOR[0x7c] = PIPE;
PUNCTUATOR[0x7d] = BRACE_R;

/** 1 for the characters a name may continue with (letters, digits, `_`), 2 for those it may start with. */
const NAME_CHAR = new Uint8Array(128);
for (let code = 0x30; code <= 0x39; code++) NAME_CHAR[code] = 1;
for (let code = 0x41; code <= 0x5a; code++) NAME_CHAR[code] = 2;
for (let code = 0x61; code <= 0x7a; code++) NAME_CHAR[code] = 2;
NAME_CHAR[0x5f] = 2;

/**
 * GraphQL's lexer (spec §2.1: https://spec.graphql.org/October2021/#sec-Language.Source-Text),
 * one token at a time and without token objects: the current token is the fields `kind`, `start`,
 * `end` and `value`, and `lastEnd` is where the token before it ended (what a node's `loc.end`
 * is). Tokens, errors and their positions are graphql-js 16's: a token is read when the one
 * before it is consumed, and `lookahead` reads one more, so errors surface in the same order.
 * Lines are not tracked: an error's location is computed from its position, and tokens with
 * lines and columns are made only when asked for (`SourceLocation.ts`).
 */
export class Lexer {
  // Fields are declared and assigned in the constructor rather than class fields, which V8
  // defines one by one on the new object: a lexer (and parser) is made per parse.
  declare readonly body: string;
  /** The body's characters, one byte each (`charactersOf`). */
  declare readonly codes: Uint8Array;
  declare readonly source: Source;
  declare kind: number;
  declare start: number;
  declare end: number;
  /** A name's, number's or string's value (a string's unescaped); undefined for punctuators. */
  declare value: string | undefined;
  declare lastEnd: number;
  declare private aheadKind: number;
  declare private aheadStart: number;
  declare private aheadEnd: number;
  declare private aheadValue: string | undefined;
  declare private comments: number;
  /** The text an escape sequence stands for; set by `readEscape`. */
  declare private escaped: string;
  declare private readonly maxComments: number | undefined;
  declare private readonly keepComments: boolean;

  /**
   * `keepComments` makes comments tokens of their own (for the token chain); otherwise they
   * are skipped and counted against `maxComments`.
   */
  constructor(source: Source, maxComments: number | undefined, keepComments = false) {
    this.body = source.body;
    this.codes = charactersOf(source.body);
    this.source = source;
    this.kind = SOF;
    this.start = 0;
    this.end = 0;
    this.value = undefined;
    this.lastEnd = 0;
    this.aheadKind = -1;
    this.aheadStart = 0;
    this.aheadEnd = 0;
    this.aheadValue = undefined;
    this.comments = 0;
    this.escaped = '';
    this.maxComments = maxComments;
    this.keepComments = keepComments;
  }

  /**
   * Moves to the next token: the one `lookahead` read, or the one at the current token's end.
   * Reading is in this method rather than a helper it calls: it is too large to be inlined, and
   * this way a token costs one call wherever the parser consumes one.
   */
  next(): void {
    let position = this.end;
    this.lastEnd = position;
    if (this.aheadKind !== -1) {
      this.kind = this.aheadKind;
      this.start = this.aheadStart;
      this.end = this.aheadEnd;
      this.value = this.aheadValue;
      this.aheadKind = -1;
      return;
    }
    if (this.kind === EOF) return;
    const body = this.body;
    const codes = this.codes;
    const length = body.length;
    while (position < length) {
      const code = codes[position]!;
      // Ignored tokens: white space, line terminators, commas, the byte order mark (spec §2.1.1–2.1.5).
      if (code === 0x20 || code === 0x0a || code === 0x2c || code === 0x09 || code === 0x0d) {
        position++;
        continue;
      }
      if (code < 128) {
        const punctuator = PUNCTUATOR[code]!;
        if (punctuator !== 0) return this.setToken(punctuator, position, position + 1, undefined);
        const nameChar = NAME_CHAR[code]!;
        if (nameChar === 2) return this.readName(position);
        if (nameChar === 1 || code === 0x2d) return this.readNumber(position, code);
        if (code === 0x22) {
          return codes[position + 1]! === 0x22 && codes[position + 2]! === 0x22
            ? this.readBlockString(position)
            : this.readString(position);
        }
        if (code === 0x23) {
          const end = commentEnd(body, position);
          if (this.keepComments) {
            return this.setToken(COMMENT, position, end, body.slice(position + 1, end));
          }
          if (this.maxComments !== undefined && ++this.comments > this.maxComments) {
            throw this.error(
              position,
              `Document contains more than ${this.maxComments} comments. Parsing aborted.`,
            );
          }
          position = end;
          continue;
        }
        if (code === 0x2e && codes[position + 1]! === 0x2e && codes[position + 2]! === 0x2e) {
          return this.setToken(SPREAD, position, position + 3, undefined);
        }
      } else if (body.charCodeAt(position) === 0xfeff) {
        position++;
        continue;
      }
      throw this.error(position, unexpectedCharacter(body, position, body.charCodeAt(position)));
    }
    this.setToken(EOF, length, length, undefined);
  }

  /** Reads the token after the current one without moving to it; returns its kind. */
  lookahead(): number {
    if (this.aheadKind === -1) {
      if (this.kind === EOF) return EOF;
      const { kind, start, end, value, lastEnd } = this;
      this.next();
      this.aheadKind = this.kind;
      this.aheadStart = this.start;
      this.aheadEnd = this.end;
      this.aheadValue = this.value;
      this.kind = kind;
      this.start = start;
      this.end = end;
      this.value = value;
      this.lastEnd = lastEnd;
    }
    return this.aheadKind;
  }

  get aheadTokenStart(): number {
    return this.aheadKind === -1 ? this.start : this.aheadStart;
  }

  get aheadTokenValue(): string | undefined {
    return this.aheadKind === -1 ? this.value : this.aheadValue;
  }

  error(position: number, description: string): GraphQLError {
    return syntaxError(this.source, position, description);
  }

  private setToken(kind: number, start: number, end: number, value: string | undefined): void {
    this.kind = kind;
    this.start = start;
    this.end = end;
    this.value = value;
  }

  private readName(start: number): void {
    const body = this.body;
    const codes = this.codes;
    let position = start + 1;
    for (;;) {
      const code = codes[position]!;
      if (code < 128 && NAME_CHAR[code] !== 0) position++;
      else break;
    }
    this.setToken(NAME, start, position, body.slice(start, position));
  }

  /** IntValue and FloatValue (spec §2.9.1–2.9.2), with graphql-js's messages for bad ones. */
  private readNumber(start: number, first: number): void {
    const body = this.body;
    const codes = this.codes;
    let position = start;
    let code = first;
    let isFloat = false;
    if (code === 0x2d) code = codes[++position]!;
    if (code === 0x30) {
      code = codes[++position]!;
      if (isDigit(code)) {
        throw this.error(
          position,
          `Invalid number, unexpected digit after 0: ${printCodePointAt(body, position)}.`,
        );
      }
    } else {
      position = this.readDigits(position, code);
      code = codes[position]!;
    }
    if (code === 0x2e) {
      isFloat = true;
      position = this.readDigits(position + 1, codes[position + 1]!);
      code = codes[position]!;
    }
    if (code === 0x45 || code === 0x65) {
      isFloat = true;
      code = codes[++position]!;
      if (code === 0x2b || code === 0x2d) code = codes[++position]!;
      position = this.readDigits(position, code);
      code = codes[position]!;
    }
    // A number cannot be followed by `.` or a name start (spec §2.9.1, lookahead restriction).
    if (code === 0x2e || (code < 128 && NAME_CHAR[code] === 2)) {
      throw this.error(
        position,
        `Invalid number, expected digit but got: ${printCodePointAt(body, position)}.`,
      );
    }
    this.setToken(isFloat ? FLOAT : INT, start, position, body.slice(start, position));
  }

  private readDigits(start: number, first: number): number {
    if (!isDigit(first)) {
      throw this.error(
        start,
        `Invalid number, expected digit but got: ${printCodePointAt(this.body, start)}.`,
      );
    }
    const codes = this.codes;
    let position = start + 1;
    while (isDigit(codes[position]!)) position++;
    return position;
  }

  /** StringValue (spec §2.9.4): escapes decoded, line terminators and lone surrogates refused. */
  private readString(start: number): void {
    const body = this.body;
    const codes = this.codes;
    const length = body.length;
    let position = start + 1;
    let chunkStart = position;
    let value = '';
    while (position < length) {
      const code = codes[position]!;
      if (code === 0x22) {
        // Most strings have no escape: their value is the one slice, with no concatenation.
        const rest = body.slice(chunkStart, position);
        return this.setToken(STRING, start, position + 1, value === '' ? rest : value + rest);
      }
      if (code === 0x5c) {
        value += body.slice(chunkStart, position);
        position = this.readEscape(position);
        value += this.escaped;
        chunkStart = position;
      } else if (code === 0x0a || code === 0x0d) {
        break;
      } else if (code < 128) {
        position++;
      } else {
        position = this.afterStringCharacter(position, body.charCodeAt(position));
      }
    }
    throw this.error(position, 'Unterminated string.');
  }

  /** Decodes the escape sequence at `position` (a backslash) into `escaped`; returns its end. */
  private readEscape(position: number): number {
    const body = this.body;
    const code = body.charCodeAt(position + 1);
    if (code === 0x75) {
      return body.charCodeAt(position + 2) === 0x7b
        ? this.readVariableWidthEscape(position)
        : this.readFixedWidthEscape(position);
    }
    const char = code < 128 ? ESCAPED_CHARACTER[code]! : '';
    if (char === '') {
      throw this.error(
        position,
        `Invalid character escape sequence: "${body.slice(position, position + 2)}".`,
      );
    }
    this.escaped = char;
    return position + 2;
  }

  /** `\u{…}`: one to eight hex digits naming a Unicode scalar value. */
  private readVariableWidthEscape(position: number): number {
    const body = this.body;
    let point = 0;
    let size = 3;
    while (size < 12) {
      const code = body.charCodeAt(position + size++);
      if (code === 0x7d) {
        if (size < 5 || !isScalarValue(point)) break;
        this.escaped = String.fromCodePoint(point);
        return position + size;
      }
      point = (point << 4) | hexValue(code);
      if (point < 0) break;
    }
    throw this.error(
      position,
      `Invalid Unicode escape sequence: "${body.slice(position, position + size)}".`,
    );
  }

  /** `\uXXXX`, or a surrogate pair written as two of them. */
  private readFixedWidthEscape(position: number): number {
    const body = this.body;
    const code = hex4(body, position + 2);
    if (isScalarValue(code)) {
      this.escaped = String.fromCharCode(code);
      return position + 6;
    }
    if (
      code >= 0xd800 &&
      code <= 0xdbff &&
      body.charCodeAt(position + 6) === 0x5c &&
      body.charCodeAt(position + 7) === 0x75
    ) {
      const trailing = hex4(body, position + 8);
      if (trailing >= 0xdc00 && trailing <= 0xdfff) {
        this.escaped = String.fromCharCode(code, trailing);
        return position + 12;
      }
    }
    throw this.error(
      position,
      `Invalid Unicode escape sequence: "${body.slice(position, position + 6)}".`,
    );
  }

  /** BlockString (spec §2.9.4): raw lines, `\"""` unescaped, then `blockStringValue`. */
  private readBlockString(start: number): void {
    const body = this.body;
    const length = body.length;
    let position = start + 3;
    let chunkStart = position;
    let line = '';
    const lines: string[] = [];
    while (position < length) {
      const code = body.charCodeAt(position);
      if (
        code === 0x22 &&
        body.charCodeAt(position + 1) === 0x22 &&
        body.charCodeAt(position + 2) === 0x22
      ) {
        lines.push(line + body.slice(chunkStart, position));
        return this.setToken(BLOCK_STRING, start, position + 3, blockStringValue(lines));
      }
      if (
        code === 0x5c &&
        body.charCodeAt(position + 1) === 0x22 &&
        body.charCodeAt(position + 2) === 0x22 &&
        body.charCodeAt(position + 3) === 0x22
      ) {
        line += body.slice(chunkStart, position);
        chunkStart = position + 1;
        position += 4;
      } else if (code === 0x0a || code === 0x0d) {
        lines.push(line + body.slice(chunkStart, position));
        position += code === 0x0d && body.charCodeAt(position + 1) === 0x0a ? 2 : 1;
        line = '';
        chunkStart = position;
      } else {
        position = this.afterStringCharacter(position, code);
      }
    }
    throw this.error(position, 'Unterminated string.');
  }

  /** Past the SourceCharacter at `position` in a string: a lone surrogate is refused. */
  private afterStringCharacter(position: number, code: number): number {
    if (code < 0xd800 || code > 0xdfff) return position + 1;
    if (isSurrogatePair(this.body, position)) return position + 2;
    throw this.error(
      position,
      `Invalid character within String: ${printCodePointAt(this.body, position)}.`,
    );
  }
}

/**
 * What `\x` stands for, by the code of `x` ('' when it is no escape): a dense array, where an
 * object with these few integer keys keeps them in a hashed dictionary.
 */
const ESCAPED_CHARACTER: string[] = new Array<string>(128).fill('');
ESCAPED_CHARACTER[0x22] = '"';
ESCAPED_CHARACTER[0x5c] = '\\';
ESCAPED_CHARACTER[0x2f] = '/';
ESCAPED_CHARACTER[0x62] = '\b';
ESCAPED_CHARACTER[0x66] = '\f';
ESCAPED_CHARACTER[0x6e] = '\n';
ESCAPED_CHARACTER[0x72] = '\r';
ESCAPED_CHARACTER[0x74] = '\t';

/** Where the comment starting at `start` ends: at a line terminator or a lone surrogate. */
function commentEnd(body: string, start: number): number {
  const length = body.length;
  let position = start + 1;
  while (position < length) {
    const code = body.charCodeAt(position);
    if (code === 0x0a || code === 0x0d) break;
    if (code < 0xd800 || code > 0xdfff) position++;
    else if (isSurrogatePair(body, position)) position += 2;
    else break;
  }
  return position;
}

function unexpectedCharacter(body: string, position: number, code: number): string {
  if (code === 0x27) {
    return 'Unexpected single quote character (\'), did you mean to use a double quote (")?';
  }
  const printed = printCodePointAt(body, position);
  return code < 0xd800 || code > 0xdfff || isSurrogatePair(body, position)
    ? `Unexpected character: ${printed}.`
    : `Invalid character: ${printed}.`;
}

/** A character as graphql-js's messages print it: `"a"`, `'"'`, `U+00A0` or `<EOF>`. */
function printCodePointAt(body: string, position: number): string {
  const code = body.codePointAt(position);
  if (code === undefined) return EOF_NAME;
  if (code >= 0x20 && code <= 0x7e) {
    const char = String.fromCharCode(code);
    return char === '"' ? `'"'` : `"${char}"`;
  }
  return 'U+' + code.toString(16).toUpperCase().padStart(4, '0');
}

const EOF_NAME = '<EOF>';

function isDigit(code: number): boolean {
  return code >= 0x30 && code <= 0x39;
}

function isScalarValue(code: number): boolean {
  return (code >= 0 && code <= 0xd7ff) || (code >= 0xe000 && code <= 0x10ffff);
}

function isSurrogatePair(body: string, position: number): boolean {
  const lead = body.charCodeAt(position);
  const trail = body.charCodeAt(position + 1);
  return lead >= 0xd800 && lead <= 0xdbff && trail >= 0xdc00 && trail <= 0xdfff;
}

function hexValue(code: number): number {
  if (code >= 0x30 && code <= 0x39) return code - 0x30;
  if (code >= 0x41 && code <= 0x46) return code - 0x37;
  if (code >= 0x61 && code <= 0x66) return code - 0x57;
  return -1;
}

function hex4(body: string, position: number): number {
  return (
    (hexValue(body.charCodeAt(position)) << 12) |
    (hexValue(body.charCodeAt(position + 1)) << 8) |
    (hexValue(body.charCodeAt(position + 2)) << 4) |
    hexValue(body.charCodeAt(position + 3))
  );
}

/**
 * A body's characters for the lexer, one byte each: an ASCII character's code, 128 for any other
 * (the lexer reads those again from the body: outside strings, comments and descriptions only the
 * byte order mark may be one), then zeros past the end, which the lexer's peeks past the last
 * character compare as `charCodeAt`'s NaN would. An element of a typed array is one load, where
 * `charCodeAt` finds the string's representation again at every call: about a fifth of parsing
 * a document of names. `TextEncoder.encodeInto` copies the body natively, as UTF-8: for ASCII,
 * the same bytes; otherwise each character's bytes are then made one (a surrogate pair's four,
 * two), in place, by a loop over bytes (a loop of `charCodeAt` is several times slower). One
 * array, grown to the longest body up to `MAX_SHARED_LENGTH`, serves every lexer: a lexer reads
 * only while it lexes, which runs to its end without another lexer being made (a `loc`'s tokens
 * are lexed after the parse), and an array each would be memory outside the heap per parse.
 */
function charactersOf(body: string): Uint8Array {
  const length = body.length;
  let codes = sharedCodes;
  if (length + PAST_END > codes.length) {
    codes = new Uint8Array(Math.max(length + PAST_END, 2 * codes.length));
    if (codes.length <= MAX_SHARED_LENGTH) sharedCodes = codes;
  }
  const copied = encoder.encodeInto(body, codes);
  let written = copied.written;
  if (written !== length) {
    if (copied.read !== length) {
      // At most three bytes a character: a lone surrogate is written as U+FFFD.
      codes = new Uint8Array(3 * length + PAST_END);
      written = encoder.encodeInto(body, codes).written;
    }
    let to = 0;
    for (let from = 0; from < written; to++) {
      const byte = codes[from]!;
      if (byte < 0x80) {
        codes[to] = byte;
        from++;
        continue;
      }
      codes[to] = 128;
      if (byte < 0xe0) from += 2;
      else if (byte < 0xf0) from += 3;
      else {
        codes[++to] = 128;
        from += 4;
      }
    }
  }
  codes[length] = 0;
  codes[length + 1] = 0;
  codes[length + 2] = 0;
  codes[length + 3] = 0;
  return codes;
}

/** Zeros after the body: the lexer peeks at most two characters past its end. */
const PAST_END = 4;
/** The most characters the shared array grows to (1 MiB); longer bodies get an array each. */
const MAX_SHARED_LENGTH = 1 << 20;
let sharedCodes = new Uint8Array(1 << 12);
const encoder = new TextEncoder();
