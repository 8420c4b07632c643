import { ErrorCode } from '../engine/index.js';
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

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** POST with `application/json`: one JSON object; batches (arrays) are not supported. */
export function paramsFromJsonBody(body: Uint8Array | string | null): GraphQLParams {
  if (body === null || body.length === 0) throw bad('The request body is empty.');
  let text: string;
  try {
    text = typeof body === 'string' ? body : utf8.decode(body);
  } catch {
    throw bad('The request body is not valid UTF-8.');
  }
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
