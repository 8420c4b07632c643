import type { ExecutionArgs, GraphQLError, GraphQLFormattedError } from 'graphql';
import { withCode } from '../request/formatError.js';
import { buildExecutionContext, type ExecutionContext } from './ExecutionContext.js';
import { executeOperationToJSON } from './executeToJSON.js';

export type PromiseOrValue<T> = T | Promise<T>;

export interface RunJSONOptions {
  /** How each error is written; graphql-js's `toJSON` when not given. */
  readonly formatError?: ((error: GraphQLError) => GraphQLFormattedError) | undefined;
  /** Code given to errors raised before execution (variable coercion, operation choice). */
  readonly requestErrorCode?: string | undefined;
}

export interface RunJSONResult {
  /** The whole response as JSON text, byte for byte `JSON.stringify` of graphql-js's result. */
  readonly json: string;
  /** False when the request failed before execution: the response has no `data`. */
  readonly hasData: boolean;
  readonly errorCount: number;
}

/** Runs an operation on the byte path and writes the complete response. */
export function runJSON(
  args: ExecutionArgs,
  options: RunJSONOptions = {},
): PromiseOrValue<RunJSONResult> {
  const ctx = buildExecutionContext(args);
  if (!('plan' in ctx)) {
    const code = options.requestErrorCode;
    const errors = code === undefined ? ctx : ctx.map((error) => withCode(error, code));
    return {
      json: '{"errors":' + writeErrors(errors, options) + '}',
      hasData: false,
      errorCount: errors.length,
    };
  }
  const data = executeOperationToJSON(ctx);
  return typeof data === 'string'
    ? finish(ctx, data, options)
    : data.then((text) => finish(ctx, text, options));
}

function finish(ctx: ExecutionContext, data: string, options: RunJSONOptions): RunJSONResult {
  const errors = ctx.errors.errors;
  // JSON.stringify of graphql-js's result writes `errors` before `data`: a failure writing an
  // error comes first, then one writing a value (kept while the data was written).
  const errorsText = errors.length === 0 ? '' : writeErrors(errors, options);
  if (ctx.jsonFailure !== undefined) throw ctx.jsonFailure.error;
  if (errors.length === 0) return { json: '{"data":' + data + '}', hasData: true, errorCount: 0 };
  return {
    json: '{"errors":' + errorsText + ',"data":' + data + '}',
    hasData: true,
    errorCount: errors.length,
  };
}

function writeErrors(errors: ReadonlyArray<GraphQLError>, options: RunJSONOptions): string {
  const format = options.formatError;
  return JSON.stringify(format === undefined ? errors : errors.map(format));
}
