import { createSourceEventStream, type ExecutionArgs, type ExecutionResult } from 'graphql';
import { buildExecutionContext } from './execution/ExecutionContext.js';
import { settingsOf, type ExecutionOptions } from './execution/ExecutionOptions.js';
import { executeOperationToObject } from './execution/executeToObject.js';
import { isAsyncIterable, mapAsyncIterator } from './execution/mapAsyncIterator.js';
import { runJSONText, type PromiseOrValue } from './execution/runJSON.js';

/** graphql-js 16's entry points, run through Sluice's cached plans with one set of options. */
export interface Executor {
  /**
   * A drop-in for graphql-js 16's `execute`: same arguments, same result (data, errors, paths,
   * null propagation, key order), synchronous whenever every resolver is. The plan for the
   * document is built on first use and cached by document identity, so repeated executions skip
   * field collection and everything else that depends only on the document and the schema.
   */
  execute(args: ExecutionArgs): PromiseOrValue<ExecutionResult>;
  /** Like `execute`, but throws if any resolver returned a promise (graphql-js's executeSync). */
  executeSync(args: ExecutionArgs): ExecutionResult;
  /**
   * Same arguments as `execute`; returns the response as JSON text, written while executing
   * without building the result object tree. The text equals `JSON.stringify` of what
   * graphql-js's `execute` returns for the same input, key order included. Synchronous whenever
   * every resolver is.
   */
  executeJSON(args: ExecutionArgs): PromiseOrValue<string>;
  /**
   * A drop-in for graphql-js 16's `subscribe`. The source event stream comes from graphql-js's
   * `createSourceEventStream` (same argument coercion, same errors); every event is then
   * executed through the cached plan for the document, with the event as root value.
   */
  subscribe(
    args: ExecutionArgs,
  ): Promise<AsyncGenerator<ExecutionResult, void, void> | ExecutionResult>;
}

const POSITIONAL =
  'graphql@16 dropped long-deprecated support for positional arguments, please pass an object instead.';

/**
 * The entry points with `options` (ExecutionOptions: generated code on or off, the byte path's
 * list policy). The package's own `execute`, `executeJSON`, … are one executor with the defaults.
 */
export function createExecutor(options?: ExecutionOptions): Executor {
  const settings = settingsOf(options);
  function execute(args: ExecutionArgs): PromiseOrValue<ExecutionResult> {
    if (arguments.length >= 2) throw new Error(POSITIONAL);
    const ctx = buildExecutionContext(args, undefined, settings);
    if (!('plan' in ctx)) return { errors: ctx };
    return executeOperationToObject(ctx);
  }
  function executeSync(args: ExecutionArgs): ExecutionResult {
    const result = execute(args);
    if (result instanceof Promise || typeof (result as { then?: unknown }).then === 'function') {
      throw new Error('GraphQL execution failed to complete synchronously.');
    }
    return result as ExecutionResult;
  }
  function executeJSON(args: ExecutionArgs): PromiseOrValue<string> {
    if (arguments.length >= 2) throw new Error(POSITIONAL);
    return runJSONText(args, settings);
  }
  async function subscribe(
    args: ExecutionArgs,
  ): Promise<AsyncGenerator<ExecutionResult, void, void> | ExecutionResult> {
    if (arguments.length >= 2) throw new Error(POSITIONAL);
    const resultOrStream = await createSourceEventStream(args);
    if (!isAsyncIterable(resultOrStream)) return resultOrStream;
    return mapAsyncIterator(resultOrStream, (payload) => execute({ ...args, rootValue: payload }));
  }
  return { execute, executeSync, executeJSON, subscribe };
}

/** The entry points with the default options (the package's `execute`, `executeJSON`, …). */
export const { execute, executeSync, executeJSON, subscribe } = createExecutor();
