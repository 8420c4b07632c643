import type { ExecutionArgs } from 'graphql';
import { execute, type PromiseOrValue } from './execute.js';

/**
 * Same arguments as `execute`; returns the response as JSON text.
 *
 * INTERIM: stringifies graphql-js's result until the byte path lands.
 */
export function executeJSON(args: ExecutionArgs): PromiseOrValue<string> {
  const result = execute(args);
  return result instanceof Promise ? result.then((r) => JSON.stringify(r)) : JSON.stringify(result);
}
