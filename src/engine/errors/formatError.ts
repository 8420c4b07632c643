import { GraphQLError, type GraphQLFormattedError } from 'graphql';
import { ErrorCode } from './ErrorCode.js';

export interface ErrorFormatOptions {
  /** Replace the message of unexpected errors by "Unexpected error." (production). */
  readonly maskErrors: boolean;
  /** Called with every unexpected error, in full, before it is masked. */
  readonly onUnexpectedError?: ((error: GraphQLError) => void) | undefined;
}

/**
 * An error is "unexpected" when a resolver (or Sluice) threw something that is not a
 * GraphQLError: the message may leak internals, so it is logged in full and masked when asked.
 * Errors thrown as GraphQLError are messages meant for the client and pass unchanged.
 */
export function isUnexpectedError(error: GraphQLError): boolean {
  const original = error.originalError;
  return (
    original != null &&
    !(original instanceof GraphQLError) &&
    error.extensions['code'] === undefined
  );
}

export function createErrorFormatter(
  options: ErrorFormatOptions,
): (error: GraphQLError) => GraphQLFormattedError {
  return (error) => {
    if (!isUnexpectedError(error)) return error.toJSON();
    options.onUnexpectedError?.(error);
    const formatted = error.toJSON();
    return {
      ...formatted,
      message: options.maskErrors ? 'Unexpected error.' : formatted.message,
      extensions: { ...formatted.extensions, code: ErrorCode.INTERNAL_SERVER_ERROR },
    };
  };
}

/** Gives a request-level error (parse, validation, variables) its code when it has none. */
export function withCode(error: GraphQLError, code: string): GraphQLError {
  if (error.extensions['code'] !== undefined) return error;
  return new GraphQLError(error.message, {
    nodes: error.nodes ?? null,
    source: error.source ?? null,
    positions: error.positions ?? null,
    path: error.path ?? null,
    originalError: error.originalError ?? null,
    extensions: { ...error.extensions, code },
  });
}

/** The distinct `extensions.code` values of formatted errors, in the order they first appear. */
export function errorCodesOf(errors: ReadonlyArray<GraphQLFormattedError>): ReadonlyArray<string> {
  const codes: string[] = [];
  for (const error of errors) {
    const code = error.extensions?.['code'];
    if (typeof code === 'string' && !codes.includes(code)) codes.push(code);
  }
  return codes;
}
