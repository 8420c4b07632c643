import { GraphQLError } from 'graphql';
import { createHash } from 'node:crypto';
import { classifyDatabaseError } from '../driver/classifyDatabaseError.js';
import type { DatabaseErrorEvent } from './createPgSource.js';

export function report(
  onDatabaseError: (event: DatabaseErrorEvent) => void,
  error: unknown,
  failure: GraphQLError,
  text: string,
  contextValue: unknown,
): void {
  const { code, sqlState } = failure.extensions as { code: string; sqlState?: string };
  try {
    onDatabaseError({
      message: fullMessage(error),
      code,
      ...(sqlState === undefined ? {} : { sqlState }),
      statement: statementName(text),
      contextValue,
    });
  } catch {
    // A logger's own failure must not change the answer; the client's error stands.
  }
}

/** The error's message, with PostgreSQL's DETAIL and HINT lines as psql prints them. */
function fullMessage(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const { detail, hint } = error as { detail?: unknown; hint?: unknown };
  let message = error.message;
  if (typeof detail === 'string' && detail !== '') message += `\nDETAIL:  ${detail}`;
  if (typeof hint === 'string' && hint !== '') message += `\nHINT:  ${hint}`;
  return message;
}

/** `sluice_` and 12 hex digits of the SHA-1 of the statement's text (DatabaseErrorEvent). */
function statementName(text: string): string {
  return 'sluice_' + createHash('sha1').update(text).digest('hex').slice(0, 12);
}

/**
 * A failed statement, as the client sees it (classifyDatabaseError.ts): a code, the SQLSTATE, and a
 * message of Sluice's own, since PostgreSQL's can quote data. The original error is kept for logs.
 * GraphQLErrors (a full pool, an operation given up) are already in that form.
 */
export function databaseError(error: unknown): GraphQLError {
  if (error instanceof GraphQLError) return error;
  const { code, message, sqlState } = classifyDatabaseError(error);
  return new GraphQLError(message, {
    originalError: error instanceof Error ? error : new Error(String(error)),
    extensions: { code, ...(sqlState === undefined ? {} : { sqlState }) },
  });
}
