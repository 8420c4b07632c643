import { ErrorCode, type ExecuteOutcome } from '../engine/index.js';

/** Seconds a client should wait before retrying (`Retry-After`), by database condition. */
const RETRY_AFTER_BUSY_S = 1;
const RETRY_AFTER_UNAVAILABLE_S = 5;

export interface DatabaseStatus {
  readonly status: 403 | 503 | 504;
  readonly code: string;
  readonly retryAfter?: string;
}

const UNAVAILABLE: DatabaseStatus = {
  status: 503,
  code: ErrorCode.DATABASE_UNAVAILABLE,
  retryAfter: String(RETRY_AFTER_UNAVAILABLE_S),
};
const BUSY: DatabaseStatus = {
  status: 503,
  code: ErrorCode.DATABASE_BUSY,
  retryAfter: String(RETRY_AFTER_BUSY_S),
};
const TIMEOUT: DatabaseStatus = { status: 504, code: ErrorCode.DATABASE_TIMEOUT };
const FORBIDDEN: DatabaseStatus = { status: 403, code: ErrorCode.SETTINGS_REJECTED };

/**
 * An outcome with no data whose errors say the database is down, busy, or cancelled the
 * statement at its timeout is the server's condition, not the request's: 503 with Retry-After
 * (so clients and load balancers back off) or 504, instead of 200. One whose role (or settings)
 * PostgreSQL refused, a role the token names that the server may not assume, is 403. Partial
 * data stays 200.
 */
export function databaseStatus(
  outcome: ExecuteOutcome<string | Uint8Array>,
): DatabaseStatus | null {
  const codes = outcome.errorCodes;
  // errorCodes first: noData reads the response text, worth it only when there are errors.
  if (codes.length === 0 || !outcome.noData) return null;
  if (codes.includes(ErrorCode.DATABASE_UNAVAILABLE)) return UNAVAILABLE;
  if (codes.includes(ErrorCode.DATABASE_BUSY)) return BUSY;
  if (codes.includes(ErrorCode.DATABASE_TIMEOUT)) return TIMEOUT;
  if (codes.includes(ErrorCode.SETTINGS_REJECTED)) return FORBIDDEN;
  return null;
}
