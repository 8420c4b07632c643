import { GraphQLError } from 'graphql';
import { ErrorCode } from '../errors/ErrorCode.js';

/**
 * Checks a document's size before it is parsed: a large text costs memory for as long as it is
 * kept, and it is refused before it is hashed as a cache key. Linear, and stops early. Nesting is
 * bounded while parsing (`maxNesting` of src/engine/language/parse.ts). Returns the error to answer.
 */
export function checkDocumentText(text: string, maxBytes: number): GraphQLError | undefined {
  if (!utf8LengthAbove(text, maxBytes)) return undefined;
  return new GraphQLError(`Document is larger than the maximum of ${maxBytes} bytes.`, {
    extensions: { code: ErrorCode.MAX_DOCUMENT_SIZE_EXCEEDED },
  });
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
