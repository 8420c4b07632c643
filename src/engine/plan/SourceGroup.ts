import type { GraphQLError } from 'graphql';
import type {
  Abortable,
  CompiledSourceQuery,
  DataSource,
  SourceFieldResult,
} from '../source/DataSource.js';

/**
 * The root fields of one operation answered by one data source: compiled together into one
 * statement when the plan is built, run once per request.
 */
export interface SourceGroup {
  readonly source: DataSource;
  /** The compiled statement, or the error compiling it raised (each field reports it). */
  readonly compiled: CompiledSourceQuery | { readonly error: GraphQLError | Error };
}

/** Per-request state of a source group: the statement runs once, on first use. */
export type SourceRun = Promise<ReadonlyArray<SourceFieldResult>>;

export function runSourceGroup(
  group: SourceGroup,
  variableValues: Readonly<Record<string, unknown>>,
  contextValue: unknown,
  abortable: Abortable | undefined,
): SourceRun {
  const compiled = group.compiled;
  if ('error' in compiled) return Promise.reject(compiled.error);
  try {
    return compiled.execute(variableValues, contextValue, abortable);
  } catch (error) {
    return Promise.reject(error);
  }
}
