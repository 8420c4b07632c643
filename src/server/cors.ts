import { headerValue } from './csrf.js';
import type { CorsOptions, HttpRequest, HttpResponse } from './types.js';

/**
 * Throws on options no server should run with, when the handler is created. `*` with credentials
 * is one: the Fetch standard refuses a literal `*` with credentials, and echoing each origin
 * instead would let every web site send a visitor's cookies and read the answers. `null` with
 * credentials is another: sandboxed iframes, `data:` and `file:` pages send `Origin: null`, so
 * any web site can produce it. A predicate is the caller's own code and is not checked.
 */
export function checkCorsOptions(options: CorsOptions): void {
  if (!options.credentials) return;
  if (options.origin === '*') {
    throw new Error(
      'cors: origin "*" cannot be combined with credentials: true (every web site could read ' +
        "answers made with its visitors' cookies). List the allowed origins instead.",
    );
  }
  const listed = typeof options.origin === 'string' ? [options.origin] : options.origin;
  if (typeof listed !== 'function' && listed.includes('null')) {
    throw new Error(
      'cors: origin "null" cannot be combined with credentials: true (any web site can send ' +
        "Origin: null from a sandboxed iframe and read answers made with its visitors' cookies). " +
        'Remove "null" from the allowed origins.',
    );
  }
}

/** Fetch standard, "CORS protocol": the headers that let a page on another origin read a response. */
export function allowedOrigin(origin: string, options: CorsOptions): string | null {
  const rule = options.origin;
  if (rule === '*') return '*';
  if (typeof rule === 'function') return rule(origin) ? origin : null;
  if (typeof rule === 'string') return rule === origin ? origin : null;
  return rule.includes(origin) ? origin : null;
}

/** Headers to add to an actual (non-preflight) response. */
export function corsHeaders(request: HttpRequest, options: CorsOptions): Record<string, string> {
  const headers: Record<string, string> = { vary: 'Origin' };
  const origin = headerValue(request, 'origin');
  if (origin === undefined) return headers;
  const allowed = allowedOrigin(origin, options);
  if (allowed === null) return headers;
  headers['access-control-allow-origin'] = allowed;
  if (options.credentials) headers['access-control-allow-credentials'] = 'true';
  const exposed = options.exposedHeaders ?? ['Server-Timing'];
  if (exposed.length > 0) headers['access-control-expose-headers'] = exposed.join(', ');
  return headers;
}

/**
 * Answers an OPTIONS preflight. A refused origin gets a 204 without `Access-Control-Allow-Origin`,
 * which is how a browser learns "no" (the status of a preflight is not exposed to the page).
 */
export function preflightResponse(request: HttpRequest, options: CorsOptions): HttpResponse {
  const headers: Record<string, string> = { vary: 'Origin, Access-Control-Request-Headers' };
  const origin = headerValue(request, 'origin');
  const allowed = origin === undefined ? null : allowedOrigin(origin, options);
  if (allowed !== null) {
    headers['access-control-allow-origin'] = allowed;
    headers['access-control-allow-methods'] = 'GET, POST, OPTIONS';
    const requested = headerValue(request, 'access-control-request-headers');
    const asked = requested ? requested.split(',').map((h) => h.trim()) : [];
    const allowedHeaders = [...new Set([...(options.allowedHeaders ?? []), ...asked])].filter(
      (h) => h !== '',
    );
    if (allowedHeaders.length > 0)
      headers['access-control-allow-headers'] = allowedHeaders.join(', ');
    headers['access-control-max-age'] = String(options.maxAge ?? 600);
    if (options.credentials) headers['access-control-allow-credentials'] = 'true';
  }
  return { status: 204, headers, body: '' };
}

/**
 * Whether a request that CORS does not guard (a WebSocket upgrade, which browsers send from any
 * page with its cookies) may proceed: no `Origin` (not a browser), the server's own origin (the
 * `Host` it was sent to), or an origin the CORS configuration allows.
 */
export function originAccepted(request: HttpRequest, options: CorsOptions | null): boolean {
  const origin = headerValue(request, 'origin');
  if (origin === undefined) return true;
  let host: string;
  try {
    host = new URL(origin).host;
  } catch {
    return false;
  }
  if (host !== '' && host === headerValue(request, 'host')) return true;
  return options !== null && allowedOrigin(origin, options) !== null;
}
