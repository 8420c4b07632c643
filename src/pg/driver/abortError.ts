import { GraphQLError } from 'graphql';
import { ErrorCode } from '../../engine/index.js';

/**
 * What a query whose signal aborted rejects with: the signal's reason when it is already a
 * GraphQLError (the engine's or the server's own timeout error), otherwise a GraphQLError coded
 * TIMEOUT: an operation is given up when its time ran out or its client went away, and in the
 * second case nobody reads the answer.
 */
export function abortError(signal: AbortSignal): GraphQLError {
  const reason: unknown = signal.reason;
  if (reason instanceof GraphQLError) return reason;
  return new GraphQLError('The operation was given up before the database answered.', {
    ...(reason instanceof Error ? { originalError: reason } : {}),
    extensions: { code: ErrorCode.TIMEOUT },
  });
}
