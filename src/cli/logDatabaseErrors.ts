import type { DatabaseErrorEvent, ReflectOptions } from '../pg/index.js';
import type { ClaimSettings, Logger } from '../server/index.js';

/**
 * The context the CLI gives each request on a database source: what its logs are tied to, and
 * with JWT verification on, who it runs as (loadRequestAuth.ts).
 */
export interface DatabaseContext {
  readonly requestId: string;
  readonly pgSettings?: ClaimSettings;
}

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

/** `options` plus the logging of failed statements (`ReflectOptions.onDatabaseError`). */
export function withDatabaseErrorLog(options: ReflectOptions, logger: Logger): ReflectOptions {
  return { ...options, onDatabaseError: logDatabaseError(logger) };
}
