import { randomBytes } from 'node:crypto';
import type { HttpRequest } from './types.js';

/**
 * An incoming `x-request-id` is reused (so a proxy's id ties its logs to ours) only when it is
 * short and made of characters that are safe in a header, a JSON log line and a URL.
 */
const SAFE_ID = /^[\w.:+/=-]{1,128}$/;

// A random prefix per process and a counter: unique across instances in practice, and far
// cheaper per request than a random UUID. The ids are labels, not secrets.
const PREFIX = randomBytes(6).toString('hex');
let counter = 0;

/** The request's id: its own `x-request-id` when safe, else a new one. */
export function requestIdOf(request: HttpRequest): string {
  const given = request.headers['x-request-id'];
  if (typeof given === 'string' && SAFE_ID.test(given)) return given;
  return `${PREFIX}-${(++counter).toString(36)}`;
}
