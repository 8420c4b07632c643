import { ErrorCode } from '../../engine/index.js';
import { HttpError } from '../responses.js';

export type AuthErrorCode =
  | typeof ErrorCode.AUTHENTICATION_REQUIRED
  | typeof ErrorCode.INVALID_TOKEN
  | typeof ErrorCode.TOKEN_EXPIRED
  | typeof ErrorCode.AUTHENTICATION_UNAVAILABLE;

/** Seconds a client should wait before retrying when the keys could not be fetched. */
const RETRY_AFTER_S = 5;

/**
 * A refused credential as the server answers it: 401 with `WWW-Authenticate: Bearer` (RFC 6750
 * §3), whose `error` is absent when the request sent no token and `invalid_token` otherwise, with
 * Sluice's own description (never the token's text). Keys that cannot be fetched are the
 * server's trouble, not the token's: 503 with Retry-After.
 */
export function authError(code: AuthErrorCode, message: string): HttpError {
  if (code === ErrorCode.AUTHENTICATION_UNAVAILABLE) {
    return new HttpError(503, code, message, { 'retry-after': String(RETRY_AFTER_S) });
  }
  const challenge =
    code === ErrorCode.AUTHENTICATION_REQUIRED
      ? 'Bearer'
      : `Bearer error="invalid_token", error_description="${message.replace(/["\\]/g, '')}"`;
  return new HttpError(401, code, message, { 'www-authenticate': challenge });
}
