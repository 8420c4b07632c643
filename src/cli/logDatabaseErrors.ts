import type { ReflectOptions } from '../pg/index.js';
import type { Logger } from '../server/index.js';

/**
 * What the pg layer reports about a statement PostgreSQL refused (`ReflectOptions.onDatabaseError`):
 * PostgreSQL's message, Sluice's error code, the SQLSTATE, the statement's name, and the request's
 * context (the CLI's carries `requestId`). Declared here too so the CLI does not depend on the
 * exact shape of the pg type.
 */
export interface DatabaseErrorEvent {
  readonly message: string;
  readonly code: string;
  readonly sqlState?: string | undefined;
  readonly statement: string;
  readonly contextValue: unknown;
}

/** The context the CLI gives each request on a database source: what its logs are tied to. */
export interface DatabaseContext {
  readonly requestId: string;
}

export type ReflectOptionsWithErrors = ReflectOptions & {
  readonly onDatabaseError?: (event: DatabaseErrorEvent) => void;
};

/** One `database error` line per failed statement, at level error, with the request's id. */
export function logDatabaseError(logger: Logger): (event: DatabaseErrorEvent) => void {
  return (event) => {
    const context = event.contextValue as Partial<DatabaseContext> | null | undefined;
    logger.error('database error', {
      requestId: typeof context?.requestId === 'string' ? context.requestId : undefined,
      code: event.code,
      sqlState: event.sqlState,
      statement: event.statement,
      message: event.message,
    });
  };
}

/** `options` plus the logging of failed statements. */
export function withDatabaseErrorLog(
  options: ReflectOptions,
  logger: Logger,
): ReflectOptionsWithErrors {
  return { ...options, onDatabaseError: logDatabaseError(logger) };
}
