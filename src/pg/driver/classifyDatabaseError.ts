import { ErrorCode } from '../../engine/index.js';
import { SetupError } from './setupStatement.js';

/** What a client is told about a failed statement: a code, a message that quotes no data. */
export interface DatabaseErrorClass {
  readonly code: ErrorCode;
  readonly message: string;
  /** The SQLSTATE PostgreSQL reported; absent for driver and socket errors, which have none. */
  readonly sqlState?: string;
}

const DATABASE_ERROR = {
  code: ErrorCode.DATABASE_ERROR,
  message: 'The database could not run the statement.',
} as const;

const UNAVAILABLE = {
  code: ErrorCode.DATABASE_UNAVAILABLE,
  message: 'The database is unavailable.',
} as const;

/**
 * SQLSTATEs, by full code or by class (the first two characters), most specific first
 * (PostgreSQL manual, Appendix A).
 */
const BY_SQLSTATE: ReadonlyArray<readonly [string, Omit<DatabaseErrorClass, 'sqlState'>]> = [
  // statement_timeout (and a cancel request): the statement was stopped, not refused.
  [
    '57014',
    {
      code: ErrorCode.DATABASE_TIMEOUT,
      message: 'The statement ran past its time limit and was cancelled.',
    },
  ],
  // admin_shutdown, crash_shutdown, cannot_connect_now, database_dropped.
  ['57P01', UNAVAILABLE],
  ['57P02', UNAVAILABLE],
  ['57P03', UNAVAILABLE],
  ['57P04', UNAVAILABLE],
  // The server refused a new connection: it has none left (max_connections).
  [
    '53300',
    {
      code: ErrorCode.DATABASE_BUSY,
      message: 'The database has no free connection for this request.',
    },
  ],
  // Class 23, integrity constraint violation: what a write broke (the mutation layer adds the
  // constraint, its columns and the input row).
  [
    '23505',
    {
      code: ErrorCode.UNIQUE_VIOLATION,
      message: 'A row with the same key already exists.',
    },
  ],
  [
    '23503',
    {
      code: ErrorCode.FOREIGN_KEY_VIOLATION,
      message: 'A referenced row does not exist, or a row to delete is still referenced.',
    },
  ],
  ['23502', { code: ErrorCode.NOT_NULL_VIOLATION, message: 'A required column has no value.' }],
  ['23514', { code: ErrorCode.CHECK_VIOLATION, message: 'A value breaks a check constraint.' }],
  [
    '23P01',
    { code: ErrorCode.CHECK_VIOLATION, message: 'A value breaks an exclusion constraint.' },
  ],
  // serialization_failure, deadlock_detected: retried while the whole operation may be (writes).
  [
    '40001',
    {
      code: ErrorCode.WRITE_CONFLICT,
      message: 'The write conflicted with concurrent transactions; try again.',
    },
  ],
  [
    '40P01',
    {
      code: ErrorCode.WRITE_CONFLICT,
      message: 'The write conflicted with concurrent transactions; try again.',
    },
  ],
  // insufficient_privilege: a missing GRANT, or a row a row-level security policy's WITH CHECK
  // refused (PostgreSQL raises both as 42501).
  [
    '42501',
    {
      code: ErrorCode.PERMISSION_DENIED,
      message:
        "The request's role may not do this: a privilege or a row-level security policy refused it.",
    },
  ],
  // invalid_catalog_name: the database named in the URL does not exist (any more).
  ['3D000', UNAVAILABLE],
  // Class 08, connection exception; class 28, invalid authorization (login refused).
  ['08', UNAVAILABLE],
  ['28', UNAVAILABLE],
  // Class 22, data exception: a value the client sent that PostgreSQL could not take (a NUL in
  // text, out of range, a malformed date). The database layer checks values before SQL; this is
  // the backstop, and like every message here it does not repeat the value.
  [
    '22',
    {
      code: ErrorCode.BAD_USER_INPUT,
      message: 'A value could not be used by the database: it is malformed or out of range.',
    },
  ],
];

/**
 * Errors of the drivers and of the socket beneath them (their `code` is not a SQLSTATE): the
 * connection is gone, refused or never made.
 */
const CONNECTION_CODES: ReadonlySet<string> = new Set([
  // postgres.js
  'CONNECTION_CLOSED',
  'CONNECTION_DESTROYED',
  'CONNECTION_ENDED',
  'CONNECT_TIMEOUT',
  'SASL_SIGNATURE_MISMATCH',
  // Node.js sockets and DNS (node-postgres passes them on as they are)
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);

/** PGlite's errors once its database is closed or closing (plain Errors without a code). */
const CONNECTION_MESSAGES: ReadonlySet<string> = new Set([
  'PGlite is closed',
  'PGlite is closing',
  'PGlite failed to initialize properly',
]);

const SQLSTATE = /^[0-9A-Z]{5}$/;

/**
 * Sorts an error from a driver (postgres.js, node-postgres, PGlite) into what the client sees.
 * Only a well-formed SQLSTATE becomes `sqlState`; every other `code` is the driver's own word.
 */
export function classifyDatabaseError(error: unknown): DatabaseErrorClass {
  if (error instanceof SetupError) return setupErrorClass(error.error);
  const code = (error as { code?: unknown } | null)?.code;
  // First: some socket codes (EPIPE) have the form of a SQLSTATE.
  if (typeof code === 'string' && CONNECTION_CODES.has(code)) return UNAVAILABLE;
  if (typeof code === 'string' && SQLSTATE.test(code)) {
    const known =
      BY_SQLSTATE.find(([key]) => key === code) ??
      BY_SQLSTATE.find(([key]) => key.length === 2 && code.startsWith(key));
    return { ...(known?.[1] ?? DATABASE_ERROR), sqlState: code };
  }
  const message = (error as { message?: unknown } | null)?.message;
  if (typeof message === 'string' && CONNECTION_MESSAGES.has(message)) return UNAVAILABLE;
  return DATABASE_ERROR;
}

/**
 * A failed setup (the request's role and settings, QueryOptions.setup): a database that is down,
 * busy or slow stays what it is; anything PostgreSQL refused (a role that does not exist, 22023,
 * or that the connecting user may not assume, 42501; a setting name it does not take, 42602,
 * 42704) is SETTINGS_REJECTED.
 */
function setupErrorClass(error: unknown): DatabaseErrorClass {
  const inner = classifyDatabaseError(error);
  if (inner.sqlState === undefined || inner.code === ErrorCode.DATABASE_UNAVAILABLE) return inner;
  if (inner.code === ErrorCode.DATABASE_BUSY || inner.code === ErrorCode.DATABASE_TIMEOUT)
    return inner;
  return {
    code: ErrorCode.SETTINGS_REJECTED,
    message:
      "The database refused the request's role or settings: a role that does not exist, or that the server's database user may not assume.",
    sqlState: inner.sqlState,
  };
}
