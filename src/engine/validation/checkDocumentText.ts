import { GraphQLError, Source } from 'graphql';
import { ErrorCode } from '../errors/ErrorCode.js';

export interface DocumentTextLimits {
  /** Most UTF-8 bytes the text may take (comments and white space count). */
  readonly maxBytes: number;
  /** Deepest the text may nest `{`, `[` and `(`, counted together. */
  readonly maxNesting: number;
}

/**
 * Checks a document's text before it is parsed: graphql-js parses recursively, so a document
 * nested a few thousand levels deep overflows the stack before any rule can run, and a large text
 * costs memory for as long as it is kept. Both checks are linear and stop early; the nesting
 * scan skips strings, block strings and comments as the lexer does. Returns the error to answer.
 */
export function checkDocumentText(
  text: string,
  limits: DocumentTextLimits,
): GraphQLError | undefined {
  if (utf8LengthAbove(text, limits.maxBytes)) {
    return new GraphQLError(`Document is larger than the maximum of ${limits.maxBytes} bytes.`, {
      extensions: { code: ErrorCode.MAX_DOCUMENT_SIZE_EXCEEDED },
    });
  }
  const at = nestingBeyond(text, limits.maxNesting);
  if (at === -1) return undefined;
  return new GraphQLError(
    `Document nests selections, lists, objects and arguments more than ${limits.maxNesting} levels deep.`,
    {
      source: new Source(text),
      positions: [at],
      extensions: { code: ErrorCode.MAX_DEPTH_EXCEEDED },
    },
  );
}

/** Whether `text` takes more than `max` bytes as UTF-8, counting only as far as needed. */
function utf8LengthAbove(text: string, max: number): boolean {
  const length = text.length;
  if (length > max) return true;
  if (length * 3 <= max) return false;
  let bytes = 0;
  for (let i = 0; i < length; i++) {
    const code = text.charCodeAt(i);
    // A surrogate pair is 4 bytes: 2 for each half.
    bytes += code < 0x80 ? 1 : code < 0x800 || (code >= 0xd800 && code <= 0xdfff) ? 2 : 3;
    if (bytes > max) return true;
  }
  return false;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const NEWLINE = 0x0a;
const RETURN = 0x0d;

/** What a character means to the scan; most (names, white space) mean nothing. */
const OTHER = 0;
const OPENING = 1;
const CLOSING = 2;
const COMMENT = 3;
const STRING = 4;
const CLASSES = new Uint8Array(128);
for (const char of '{[(') CLASSES[char.charCodeAt(0)] = OPENING;
for (const char of '}])') CLASSES[char.charCodeAt(0)] = CLOSING;
CLASSES['#'.charCodeAt(0)] = COMMENT;
CLASSES['"'.charCodeAt(0)] = STRING;

/**
 * The position of the first bracket nested deeper than `max`, or -1. Brackets inside strings,
 * block strings and comments are not punctuators ([spec: Source Text](https://spec.graphql.org/October2021/#sec-Source-Text)) and are skipped. An unterminated
 * string ends the scan: the parser refuses that text anyway. One table look-up per character:
 * about a twentieth of what parsing the text costs.
 */
export function nestingBeyond(text: string, max: number): number {
  const length = text.length;
  let depth = 0;
  let i = 0;
  while (i < length) {
    const code = text.charCodeAt(i++);
    const kind = code < 128 ? CLASSES[code]! : OTHER;
    if (kind === OTHER) continue;
    if (kind === OPENING) {
      if (++depth > max) return i - 1;
    } else if (kind === CLOSING) {
      // The parser stops at an unmatched closing bracket: nothing after it is parsed.
      if (depth > 0) depth--;
    } else if (kind === COMMENT) {
      while (i < length && text.charCodeAt(i) !== NEWLINE && text.charCodeAt(i) !== RETURN) i++;
    } else {
      const block = text.charCodeAt(i) === QUOTE && text.charCodeAt(i + 1) === QUOTE;
      i = block ? blockStringEnd(text, i + 2) : stringEnd(text, i);
      if (i === -1) return -1;
    }
  }
  return -1;
}

/** The position after the `"` closing a string whose text starts at `i`, or -1. */
function stringEnd(text: string, i: number): number {
  const length = text.length;
  while (i < length) {
    const code = text.charCodeAt(i++);
    if (code === QUOTE) return i;
    if (code === BACKSLASH) i++;
    else if (code === NEWLINE || code === RETURN) return -1;
  }
  return -1;
}

/** The position after the `"""` closing a block string whose text starts at `i`, or -1. */
function blockStringEnd(text: string, i: number): number {
  for (;;) {
    const quotes = text.indexOf('"""', i);
    if (quotes === -1) return -1;
    if (text.charCodeAt(quotes - 1) !== BACKSLASH) return quotes + 3;
    i = quotes + 3;
  }
}
