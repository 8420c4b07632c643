import { isUtf8 } from 'node:buffer';
import { ErrorCode } from '../engine/index.js';
import { JSON_TYPE, parseContentType } from './mediaType.js';
import { HttpError } from './responses.js';

/**
 * The GraphQL-over-HTTP request parameters (spec "Request Parameters"), plus `documentId` from the
 * persisted-documents draft. `null` and absent are the same thing (spec note), so both are
 * `undefined` here.
 */
export interface GraphQLParams {
  readonly query: string | undefined;
  readonly operationName: string | undefined;
  readonly variables: Readonly<Record<string, unknown>> | undefined;
  readonly extensions: Readonly<Record<string, unknown>> | undefined;
  readonly documentId: string | undefined;
}

const bad = (message: string) => new HttpError(400, ErrorCode.BAD_REQUEST, message);

function isMap(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function optionalString(value: unknown, name: string): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw bad(`The "${name}" parameter must be a string.`);
  return value;
}

function optionalMap(value: unknown, name: string): Record<string, unknown> | undefined {
  if (value === undefined || value === null) return undefined;
  if (!isMap(value)) throw bad(`The "${name}" parameter must be a map (a JSON object).`);
  return value;
}

/** GET: parameters in the query string; `variables` and `extensions` are JSON text (spec "GET"). */
export function paramsFromSearch(search: URLSearchParams): GraphQLParams {
  const json = (name: string): unknown => {
    const text = search.get(name);
    if (text === null || text === '') return undefined;
    try {
      return JSON.parse(text);
    } catch {
      throw bad(`The "${name}" parameter is not valid JSON.`);
    }
  };
  const operationName = search.get('operationName');
  return {
    query: search.get('query') ?? undefined,
    // An empty operationName is the same as none (spec "GET").
    operationName: operationName === null || operationName === '' ? undefined : operationName,
    variables: optionalMap(json('variables'), 'variables'),
    extensions: optionalMap(json('extensions'), 'extensions'),
    documentId: search.get('documentId') ?? undefined,
  };
}

/**
 * UTF-8 text of a body, or null when the bytes are not UTF-8. Decoding replaces each invalid
 * sequence by U+FFFD, so a text without U+FFFD came from valid bytes; only a text holding one
 * (rare: invalid bytes, or a real U+FFFD) is checked byte by byte. A fatal TextDecoder costs
 * more on every request (it showed in profiles).
 */
function utf8Text(body: Uint8Array): string | null {
  const bytes = Buffer.isBuffer(body)
    ? body
    : Buffer.from(body.buffer, body.byteOffset, body.length);
  const text = bytes.toString('utf8');
  if (text.includes('\uFFFD') && !isUtf8(bytes)) return null;
  // A byte order mark is not JSON; TextDecoder dropped it, and so do we (RFC 8259 §8.1 allows it).
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/**
 * A POST body must say what it is (spec "POST"), and only JSON in UTF-8 is served (415 otherwise).
 * Every POST that runs an operation passes here, over plain HTTP and SSE alike: a type a page on
 * another site may post without a preflight (`text/plain`, with any parameters) is refused
 * whatever else its text holds.
 */
export function assertJsonContentType(header: string | undefined): void {
  const contentType = parseContentType(header);
  if (contentType === null) {
    throw new HttpError(
      415,
      ErrorCode.UNSUPPORTED_MEDIA_TYPE,
      'A POST request needs a Content-Type header (application/json).',
    );
  }
  if (contentType.type !== JSON_TYPE) {
    throw new HttpError(
      415,
      ErrorCode.UNSUPPORTED_MEDIA_TYPE,
      `Content-Type "${contentType.type}" is not supported; send application/json.`,
    );
  }
  const charset = contentType.charset;
  if (charset !== undefined && charset !== 'utf-8' && charset !== 'utf8') {
    throw new HttpError(
      415,
      ErrorCode.UNSUPPORTED_MEDIA_TYPE,
      `Charset "${charset}" is not supported; send utf-8.`,
    );
  }
}

/** POST with `application/json`: one JSON object; batches (arrays) are not supported. */
export function paramsFromJsonBody(body: Uint8Array | string | null): GraphQLParams {
  if (body === null || body.length === 0) throw bad('The request body is empty.');
  const text = typeof body === 'string' ? body : utf8Text(body);
  if (text === null) throw bad('The request body is not valid UTF-8.');
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw bad('The request body is not valid JSON.');
  }
  if (Array.isArray(parsed)) throw bad('Batched requests (a JSON array) are not supported.');
  if (!isMap(parsed)) throw bad('The request body must be a JSON object.');
  return {
    query: optionalString(parsed['query'], 'query'),
    operationName: optionalString(parsed['operationName'], 'operationName'),
    variables: optionalMap(parsed['variables'], 'variables'),
    extensions: optionalMap(parsed['extensions'], 'extensions'),
    documentId: optionalString(parsed['documentId'], 'documentId'),
  };
}
