import type { ExecutionArgs, GraphQLError, GraphQLFormattedError } from 'graphql';
import { errorCodesOf, withCode } from '../errors/formatError.js';
import type { SourceGroup, SourceRun } from '../plan/SourceGroup.js';
import type { Abortable } from '../source/DataSource.js';
import { errorsOf } from './CollectedErrors.js';
import { buildExecutionContext, type ExecutionContext } from './ExecutionContext.js';
import type { ExecutionSettings } from './ExecutionOptions.js';
import { executeOperationToJSON } from './executeToJSON.js';
import { throwJSONFailure } from './leafToJSON.js';
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
  /**
   * Its `signal`, read when a data source runs, is handed to it to cancel its statement. A caller
   * that keeps one options object for many executions passes each one's as runJSON's third
   * argument instead.
   */
  readonly abortable?: Abortable | undefined;
  /** The executor's switches (ExecutionOptions.ts); the defaults when not given. */
  readonly settings?: ExecutionSettings | undefined;
}

export interface RunJSONResult {
  /**
   * The whole response as JSON text, byte for byte `JSON.stringify` of graphql-js's result; as
   * its UTF-8 encoding only when `RunJSONOptions.bytes` was set and a source gave bytes.
   */
  readonly json: string | Uint8Array;
  /** False when the request failed before execution: the response has no `data`. */
  readonly hasData: boolean;
  /** The `data` member's text (with markers where spliced bytes go); undefined without data. */
  readonly data: string | undefined;
  readonly errorCount: number;
  /** The distinct `extensions.code` of the written errors, in the order they first appear. */
  readonly errorCodes: ReadonlyArray<string>;
  /** The data-source statements the execution ran (for their tags); undefined when none ran. */
  readonly sourceRuns?: ReadonlyMap<SourceGroup, SourceRun> | undefined;
}

/** Runs an operation on the byte path and writes the complete response. */
export function runJSON(
  args: ExecutionArgs,
  options: RunJSONOptions = {},
  abortable: Abortable | undefined = options.abortable,
): PromiseOrValue<RunJSONResult> {
  const ctx = buildExecutionContext(args, abortable, options.settings);
  if (!('plan' in ctx)) return writeRequestErrors(ctx, options);
  if (options.bytes === true) ctx.splicedBytes = [];
  ctx.plainObjects = true;
  const data = executeOperationToJSON(ctx);
  return typeof data === 'string' ? finish(ctx, data, options) : finishLater(ctx, data, options);
}

/**
 * runJSON for a caller that takes the response text alone (`executeJSON`): the same text, without
 * the result record when nothing failed.
 */
export function runJSONText(
  args: ExecutionArgs,
  settings: ExecutionSettings | undefined,
): PromiseOrValue<string> {
  const ctx = buildExecutionContext(args, undefined, settings);
  if (!('plan' in ctx)) return writeRequestErrors(ctx, NO_OPTIONS).json as string;
  ctx.plainObjects = true;
  const data = executeOperationToJSON(ctx);
  return typeof data === 'string' ? finishText(ctx, data) : finishTextLater(ctx, data);
}

const NO_OPTIONS: RunJSONOptions = {};

// The callbacks for pending data are made in functions of their own, so that a synchronous
// request does not put its context into a closure's (allocated on every call).
function finishLater(
  ctx: ExecutionContext,
  data: Promise<string>,
  options: RunJSONOptions,
): Promise<RunJSONResult> {
  return data.then((text) => finish(ctx, text, options));
}

function finishTextLater(ctx: ExecutionContext, data: Promise<string>): Promise<string> {
  return data.then((text) => finishText(ctx, text));
}

function finishText(ctx: ExecutionContext, data: string): string {
  if (errorsOf(ctx).length > 0) return finish(ctx, data, NO_OPTIONS).json as string;
  throwJSONFailure(ctx, data);
  return '{"data":' + data + '}';
}

function finish(ctx: ExecutionContext, data: string, options: RunJSONOptions): RunJSONResult {
  const errors = errorsOf(ctx);
  // JSON.stringify of graphql-js's result writes `errors` before `data`: a failure writing an
  // error comes first, then one writing a value (kept while the data was written).
  const written = errors.length === 0 ? NO_ERRORS : writeErrors(errors, options);
  throwJSONFailure(ctx, data);
  const text =
    errors.length === 0
      ? '{"data":' + data + '}'
      : '{"errors":' + written.text + ',"data":' + data + '}';
  const chunks = ctx.splicedBytes;
  return {
    json: chunks === undefined || chunks.length === 0 ? text : assembleBytes(text, chunks),
    hasData: true,
    data,
    errorCount: errors.length,
    errorCodes: written.codes,
    sourceRuns: ctx.sourceRuns,
  };
}

/** The response of a request that failed before execution: errors, no `data`. */
function writeRequestErrors(
  failures: ReadonlyArray<GraphQLError>,
  options: RunJSONOptions,
): RunJSONResult {
  const code = options.requestErrorCode;
  const errors = code === undefined ? failures : failures.map((error) => withCode(error, code));
  const written = writeErrors(errors, options);
  return {
    json: '{"errors":' + written.text + '}',
    hasData: false,
    data: undefined,
    errorCount: errors.length,
    errorCodes: written.codes,
  };
}

const NO_ERRORS = { text: '', codes: [] as ReadonlyArray<string> };

function writeErrors(
  errors: ReadonlyArray<GraphQLError>,
  options: RunJSONOptions,
): { text: string; codes: ReadonlyArray<string> } {
  const format = options.formatError;
  const formatted =
    format === undefined ? errors.map((error) => error.toJSON()) : errors.map(format);
  return { text: JSON.stringify(formatted), codes: errorCodesOf(formatted) };
}

/**
 * Whether a result carries no value: no data, data `null`, or an object whose every value is
 * `null`, read up to the first other value only. Its keys are response keys, GraphQL names that
 * JSON never escapes; an object with no keys (every root field skipped) has data. Reading the
 * text makes V8 flatten it (a copy), so callers ask only when it matters.
 */
export function hasNoData(result: RunJSONResult): boolean {
  const data = result.data;
  if (data === undefined || data === 'null') return true;
  if (data === '{}') return false;
  let i = 0; // at `{` or `,`
  while (i < data.length - 1) {
    const keyEnd = data.indexOf('"', i + 2);
    if (keyEnd === -1 || !data.startsWith(':null', keyEnd + 1)) return false;
    i = keyEnd + 6;
    const next = data.charCodeAt(i);
    if (next !== 0x2c /* , */) return next === 0x7d; /* } */
  }
  return false;
}
