import { execute as graphqlExecute, type ExecutionArgs, type ExecutionResult } from 'graphql';

export type PromiseOrValue<T> = T | Promise<T>;

/**
 * A drop-in for graphql-js 16's `execute`: same arguments, same result, synchronous whenever
 * every resolver is.
 *
 * INTERIM: delegates to graphql-js until the compiled executor lands.
 */
export function execute(args: ExecutionArgs): PromiseOrValue<ExecutionResult> {
  return graphqlExecute(args);
}
