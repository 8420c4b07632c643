import type { ExecutionArgs, GraphQLError, GraphQLFormattedError } from 'graphql';
import { withCode } from '../request/formatError.js';
import { buildExecutionContext, type ExecutionContext } from './ExecutionContext.js';
import { executeOperationToJSON } from './executeToJSON.js';
import { assembleBytes } from './splicedJSON.js';

export type PromiseOrValue<T> = T | Promise<T>;

export interface RunJSONOptions {
  /** How each error is written; graphql-js's `toJSON` when not given. */
  readonly formatError?: ((error: GraphQLError) => GraphQLFormattedError) | undefined;
  /** Code given to errors raised before execution (variable coercion, operation choice). */
  readonly requestErrorCode?: string | undefined;
  /**
   * The caller takes the response as UTF-8 bytes: when a data source answered with bytes, `json`
   * is a Uint8Array holding them undecoded (splicedJSON.ts). Otherwise `json` is always text.
   */
  readonly bytes?: boolean | undefined;
}

export interface RunJSONResult {
  /**
   * The whole response as JSON text, byte for byte `JSON.stringify` of graphql-js's result; as
   * its UTF-8 encoding only when `RunJSONOptions.bytes` was set and a source gave bytes.
   */
  readonly json: string | Uint8Array;
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
  if (options.bytes === true) ctx.splicedBytes = [];
  ctx.plainObjects = true;
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
  const text =
    errors.length === 0
      ? '{"data":' + data + '}'
      : '{"errors":' + errorsText + ',"data":' + data + '}';
  const chunks = ctx.splicedBytes;
  return {
    json: chunks === undefined || chunks.length === 0 ? text : assembleBytes(text, chunks),
    hasData: true,
    errorCount: errors.length,
  };
}

function writeErrors(errors: ReadonlyArray<GraphQLError>, options: RunJSONOptions): string {
  const format = options.formatError;
  return JSON.stringify(format === undefined ? errors : errors.map(format));
}
