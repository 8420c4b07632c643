import type { ExecutionArgs } from 'graphql';
import type { PromiseOrValue } from './execute.js';
import { runJSON } from './execution/runJSON.js';

/**
 * Same arguments as `execute`; returns the response as JSON text, written while executing
 * without building the result object tree. The text equals `JSON.stringify` of what graphql-js's
 * `execute` returns for the same input, key order included. Synchronous whenever every resolver is.
 */
export function executeJSON(args: ExecutionArgs): PromiseOrValue<string> {
  if (arguments.length >= 2) {
    throw new Error(
      'graphql@16 dropped long-deprecated support for positional arguments, please pass an object instead.',
    );
  }
  // Without RunJSONOptions.bytes the response is always text.
  const result = runJSON(args);
  return 'json' in result ? (result.json as string) : result.then((r) => r.json as string);
}
