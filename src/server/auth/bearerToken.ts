import { ErrorCode } from '../../engine/index.js';
import type { HttpRequest } from '../types.js';
import { authError } from './authError.js';

/** RFC 6750 §2.1: `Bearer` (any case), one or more spaces, a token68 (b64token). */
const BEARER = /^Bearer +([A-Za-z0-9\-._~+/]+=*) *$/i;

/**
 * The request's bearer token (RFC 6750 §2.1), or null when it sends no `Authorization` header.
 * Anything else in the header (another scheme, no token, several headers) is refused: a request
 * that tried to say who it is never runs as nobody.
 */
export function bearerToken(request: HttpRequest): string | null {
  const given = request.headers['authorization'];
  if (given === undefined) return null;
  if (typeof given !== 'string' && given.length !== 1) {
    throw authError(ErrorCode.INVALID_TOKEN, 'The request must have one Authorization header.');
  }
  const match = BEARER.exec(typeof given === 'string' ? given : (given[0] as string));
  if (match === null) {
    throw authError(ErrorCode.INVALID_TOKEN, 'The Authorization header must be "Bearer <token>".');
  }
  return match[1] as string;
}
