import type { HttpResponse } from './types.js';
import { JSON_TYPE, type ResponseMediaType } from './mediaType.js';

/**
 * A request error raised by the server itself (before the engine runs): its status, its stable
 * `extensions.code`, and headers such as `Allow`. Thrown inside the core, turned into a response
 * at one place.
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export function contentTypeHeader(media: ResponseMediaType): string {
  return `${media}; charset=utf-8`;
}

/** `{"errors":[{message, extensions:{code}}]}` — the GraphQL response shape for request errors. */
export function errorBody(message: string, code: string): string {
  return JSON.stringify({ errors: [{ message, extensions: { code } }] });
}

export function errorResponse(
  error: HttpError,
  media: ResponseMediaType = JSON_TYPE,
): HttpResponse {
  return {
    status: error.status,
    headers: { 'content-type': contentTypeHeader(media), ...error.headers },
    body: errorBody(error.message, error.code),
  };
}

export function jsonResponse(status: number, value: unknown): HttpResponse {
  return {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
    body: JSON.stringify(value),
  };
}

export function textResponse(status: number, contentType: string, body: string): HttpResponse {
  return { status, headers: { 'content-type': contentType }, body };
}

/** Adds `value` to a response's `Vary`, after what another step put there (a cached answer's). */
export function addVary(headers: Record<string, string>, value: string): void {
  const vary = headers['vary'];
  headers['vary'] = vary ? `${vary}, ${value}` : value;
}
