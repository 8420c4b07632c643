import {
  execute as graphqlExecute,
  type ExecutionArgs,
  type ExecutionResult,
  type GraphQLError,
  type GraphQLFormattedError,
} from 'graphql';
import { withCode } from '../request/formatError.js';

export type PromiseOrValue<T> = T | Promise<T>;

export interface RunJSONOptions {
  readonly formatError: (error: GraphQLError) => GraphQLFormattedError;
  readonly hideSuggestions: boolean;
  /** Code given to variable coercion errors. */
  readonly variableErrorCode: string;
}

export interface RunJSONResult {
  readonly json: string;
  readonly hasData: boolean;
  readonly errorCount: number;
}

/**
 * Runs an operation and writes the response as JSON text, formatting errors for the client.
 * INTERIM: runs graphql-js until the compiled executor lands.
 */
export function runJSON(args: ExecutionArgs, options: RunJSONOptions): PromiseOrValue<RunJSONResult> {
  const result = graphqlExecute({ ...args, hideSuggestions: options.hideSuggestions } as ExecutionArgs);
  const finish = (r: ExecutionResult): RunJSONResult => {
    const hasData = 'data' in r;
    const errors = (r.errors ?? []).map((e) =>
      options.formatError(hasData ? e : withCode(e, options.variableErrorCode)),
    );
    const body = errors.length > 0 ? { errors, ...(hasData ? { data: r.data } : {}) } : { data: r.data };
    return { json: JSON.stringify(body), hasData, errorCount: errors.length };
  };
  return result instanceof Promise ? result.then(finish) : finish(result);
}
