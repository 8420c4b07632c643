import type { ExecutionArgs, ExecutionResult } from 'graphql';
import { buildExecutionContext } from './execution/ExecutionContext.js';
import { executeOperationToObject } from './execution/executeToObject.js';

export type PromiseOrValue<T> = T | Promise<T>;

/**
 * A drop-in for graphql-js 16's `execute`: same arguments, same result (data, errors, paths,
 * null propagation, key order), synchronous whenever every resolver is. The plan for the
 * document is built on first use and cached by document identity, so repeated executions skip
 * field collection and everything else that depends only on the document and the schema.
 */
export function execute(args: ExecutionArgs): PromiseOrValue<ExecutionResult> {
  if (arguments.length >= 2) {
    throw new Error(
      'graphql@16 dropped long-deprecated support for positional arguments, please pass an object instead.',
    );
  }
  const ctx = buildExecutionContext(args);
  if (!('plan' in ctx)) return { errors: ctx };
  return executeOperationToObject(ctx);
}

/** Like `execute`, but throws if any resolver returned a promise (graphql-js's executeSync). */
export function executeSync(args: ExecutionArgs): ExecutionResult {
  const result = execute(args);
  if (result instanceof Promise || typeof (result as { then?: unknown }).then === 'function') {
    throw new Error('GraphQL execution failed to complete synchronously.');
  }
  return result as ExecutionResult;
}
