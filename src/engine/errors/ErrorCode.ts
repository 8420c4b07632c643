/**
 * Every `extensions.code` Sluice itself puts on an error, in one place. The values are part of the
 * public contract: clients branch on them, so they never change once released. docs/errors.md
 * explains each one.
 */
export const ErrorCode = {
  /** The document could not be parsed (syntax error). */
  GRAPHQL_PARSE_FAILED: 'GRAPHQL_PARSE_FAILED',
  /** The document has more lexical tokens than `maxTokens` allows. */
  MAX_TOKENS_EXCEEDED: 'MAX_TOKENS_EXCEEDED',
  /** The document's text is longer than `maxDocumentBytes` (comments and white space count). */
  MAX_DOCUMENT_SIZE_EXCEEDED: 'MAX_DOCUMENT_SIZE_EXCEEDED',
  /** The document failed one of the GraphQL specification's validation rules. */
  GRAPHQL_VALIDATION_FAILED: 'GRAPHQL_VALIDATION_FAILED',
  /** Selection sets are nested deeper than `maxDepth`. */
  MAX_DEPTH_EXCEEDED: 'MAX_DEPTH_EXCEEDED',
  /** The operation uses more aliases than `maxAliases`. */
  MAX_ALIASES_EXCEEDED: 'MAX_ALIASES_EXCEEDED',
  /** The document uses more directives than `maxDirectives`. */
  MAX_DIRECTIVES_EXCEEDED: 'MAX_DIRECTIVES_EXCEEDED',
  /** The estimated cost of the operation is above `maxCost`. */
  COST_LIMIT_EXCEEDED: 'COST_LIMIT_EXCEEDED',
  /** Introspection was asked for while it is switched off. */
  INTROSPECTION_DISABLED: 'INTROSPECTION_DISABLED',
  /** No operation matches `operationName`, or a name is needed and missing. */
  OPERATION_RESOLUTION_FAILURE: 'OPERATION_RESOLUTION_FAILURE',
  /** The request's variables, as JSON, are larger than `maxVariablesBytes`. */
  MAX_VARIABLES_SIZE_EXCEEDED: 'MAX_VARIABLES_SIZE_EXCEEDED',
  /** An input value (a variable, or a filter of the database layer) nests deeper than allowed. */
  MAX_INPUT_DEPTH_EXCEEDED: 'MAX_INPUT_DEPTH_EXCEEDED',
  /** The operation is of a type this path does not run (a subscription sent to `execute`). */
  OPERATION_NOT_SUPPORTED: 'OPERATION_NOT_SUPPORTED',
  /** Variables did not coerce to the operation's variable definitions, or the request is malformed. */
  BAD_USER_INPUT: 'BAD_USER_INPUT',
  /** The request itself is malformed (missing query, wrong parameter types). */
  BAD_REQUEST: 'BAD_REQUEST',
  /** An automatic persisted query hash is not known yet; the client should send the full text. */
  PERSISTED_QUERY_NOT_FOUND: 'PERSISTED_QUERY_NOT_FOUND',
  /** The hash sent does not match the sha256 of the document sent with it. */
  PERSISTED_QUERY_HASH_MISMATCH: 'PERSISTED_QUERY_HASH_MISMATCH',
  /** Trusted-documents mode: the document is not on the allowlist. */
  PERSISTED_QUERY_NOT_ALLOWED: 'PERSISTED_QUERY_NOT_ALLOWED',
  /** The request body is larger than the configured limit (after decompression). */
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  /** The operation took longer than the configured timeout. */
  TIMEOUT: 'TIMEOUT',
  /** A mutation was sent over GET, or another method the endpoint does not serve. */
  METHOD_NOT_ALLOWED: 'METHOD_NOT_ALLOWED',
  /** The request's Content-Type is not one the endpoint accepts. */
  UNSUPPORTED_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  /** None of the media types in the request's Accept header can be produced. */
  NOT_ACCEPTABLE: 'NOT_ACCEPTABLE',
  /** A request a browser could send without a CORS preflight was refused (CSRF protection). */
  CSRF_PREVENTED: 'CSRF_PREVENTED',
  /** An event stream's client read too slowly: more events waited unread than allowed. */
  SLOW_CONSUMER: 'SLOW_CONSUMER',
  /** The database could not run the statement (an error PostgreSQL raised; `sqlState` says which). */
  DATABASE_ERROR: 'DATABASE_ERROR',
  /** No connection to the database could be made or kept (refused, closed, unreachable). */
  DATABASE_UNAVAILABLE: 'DATABASE_UNAVAILABLE',
  /** Every connection of the pool stayed busy past the acquire timeout; retry later. */
  DATABASE_BUSY: 'DATABASE_BUSY',
  /** The statement ran past its statement timeout and was cancelled. */
  DATABASE_TIMEOUT: 'DATABASE_TIMEOUT',
  /** A write would have made two rows equal in a primary key or unique constraint. */
  UNIQUE_VIOLATION: 'UNIQUE_VIOLATION',
  /** A write referenced a row that does not exist, or deleted one still referenced. */
  FOREIGN_KEY_VIOLATION: 'FOREIGN_KEY_VIOLATION',
  /** A write left a NOT NULL column without a value. */
  NOT_NULL_VIOLATION: 'NOT_NULL_VIOLATION',
  /** A write broke a CHECK constraint (or an exclusion constraint). */
  CHECK_VIOLATION: 'CHECK_VIOLATION',
  /** Concurrent transactions kept conflicting (serialization failure, deadlock) after retries. */
  WRITE_CONFLICT: 'WRITE_CONFLICT',
  /** A mutation field would write more rows than the configured limit. */
  MUTATION_TOO_LARGE: 'MUTATION_TOO_LARGE',
  /** `node(id:)` was given an id that is not a global id of this schema (or of no row's key). */
  INVALID_NODE_ID: 'INVALID_NODE_ID',
  /** An update or delete by filter set no condition, so it would reach every row. */
  UNFILTERED_WRITE: 'UNFILTERED_WRITE',
  /** PostgreSQL refused the request's role or settings (a role the connecting user may not assume). */
  SETTINGS_REJECTED: 'SETTINGS_REJECTED',
  /** The request's role lacks a privilege, or a row-level security policy refused a written row. */
  PERMISSION_DENIED: 'PERMISSION_DENIED',
  /** The server needs a bearer token and the request carries none. */
  AUTHENTICATION_REQUIRED: 'AUTHENTICATION_REQUIRED',
  /** The bearer token is malformed, its signature or algorithm is wrong, or a claim fails a check. */
  INVALID_TOKEN: 'INVALID_TOKEN',
  /** The bearer token's `exp` has passed. */
  TOKEN_EXPIRED: 'TOKEN_EXPIRED',
  /** The keys to verify tokens with could not be fetched (a JWKS URL that does not answer). */
  AUTHENTICATION_UNAVAILABLE: 'AUTHENTICATION_UNAVAILABLE',
  /** A resolver failed in a way it did not describe; the message is masked in production. */
  INTERNAL_SERVER_ERROR: 'INTERNAL_SERVER_ERROR',
} as const;

export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];
