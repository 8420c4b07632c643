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

const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const OPEN_PAREN = 0x28;
const CLOSE_PAREN = 0x29;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const HASH = 0x23;
const NEWLINE = 0x0a;
const RETURN = 0x0d;

/**
 * The position of the first bracket nested deeper than `max`, or -1. Brackets inside strings,
 * block strings and comments are not punctuators (spec §2.1) and are skipped. An unterminated
 * string ends the scan: the parser refuses that text anyway.
 */
export function nestingBeyond(text: string, max: number): number {
  const length = text.length;
  let depth = 0;
  let i = 0;
  while (i < length) {
    const code = text.charCodeAt(i++);
    if (code === OPEN_BRACE || code === OPEN_BRACKET || code === OPEN_PAREN) {
      if (++depth > max) return i - 1;
    } else if (code === CLOSE_BRACE || code === CLOSE_BRACKET || code === CLOSE_PAREN) {
      // The parser stops at an unmatched closing bracket: nothing after it is parsed.
      if (depth > 0) depth--;
    } else if (code === HASH) {
      while (i < length && text.charCodeAt(i) !== NEWLINE && text.charCodeAt(i) !== RETURN) i++;
    } else if (code === QUOTE) {
      if (text.charCodeAt(i) === QUOTE && text.charCodeAt(i + 1) === QUOTE) {
        // Block string: ends at the next """ not escaped as \"""
        const end = blockStringEnd(text, i + 2);
        if (end === -1) return -1;
        i = end;
      } else {
        const end = stringEnd(text, i);
        if (end === -1) return -1;
        i = end;
      }
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
