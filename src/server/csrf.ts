import { ErrorCode } from '../engine/index.js';
import { parseContentType } from './mediaType.js';
import { HttpError } from './responses.js';
import type { CsrfOptions, HttpRequest } from './types.js';

/**
 * Headers that a page on another origin cannot add without a CORS preflight, so their presence
 * proves the request is not a forged "simple request" (Fetch standard, "CORS-safelisted request
 * header"). The names used by Sluice, the GraphQL-over-HTTP spec's security note, and Apollo.
 */
export const DEFAULT_CSRF_HEADERS = [
  'x-graphql-csrf',
  'graphql-require-preflight',
  'apollo-require-preflight',
  'x-apollo-operation-name',
] as const;

/** Content types a browser form or `fetch` may send cross-site without a preflight. */
const SIMPLE_CONTENT_TYPES = new Set([
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'text/plain',
]);

export function headerValue(request: HttpRequest, name: string): string | undefined {
  const value = request.headers[name];
  if (value === undefined) return undefined;
  return typeof value === 'string' ? value : value.join(', ');
}

/**
 * Throws CSRF_PREVENTED for a request a browser could send from any site without asking first:
 * one with no preflight-forcing header and either no Content-Type or a "simple" one. POST bodies
 * must be `application/json` anyway (415 otherwise), so in practice this guards GET, where a
 * query with side effects or a timing leak could be triggered by an `<img src>` on another site.
 */
export function assertNotSimpleRequest(request: HttpRequest, options: CsrfOptions): void {
  const names = options.headers ?? DEFAULT_CSRF_HEADERS;
  for (const name of names) {
    const value = headerValue(request, name.toLowerCase());
    if (value !== undefined && value.trim() !== '') return;
  }
  const contentType = parseContentType(headerValue(request, 'content-type'));
  if (contentType && !SIMPLE_CONTENT_TYPES.has(contentType.type)) return;
  throw new HttpError(
    403,
    ErrorCode.CSRF_PREVENTED,
    `This request could have been sent cross-site without a CORS preflight, so it was refused. ` +
      `Send it as POST with Content-Type: application/json, or add a non-empty ` +
      `"${names[0] ?? 'x-graphql-csrf'}" header.`,
  );
}
