import type { GraphQLError } from 'graphql';
import type {
  Abortable,
  CompiledSourceQuery,
  DataSource,
  SourceFieldResult,
  SourceTags,
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
  rootValue?: unknown,
): SourceRun {
  const compiled = group.compiled;
  if ('error' in compiled) return Promise.reject(compiled.error);
  try {
    return compiled.execute(variableValues, contextValue, abortable, rootValue);
  } catch (error) {
    return Promise.reject(error);
  }
}

/**
 * The tags of the statements of some groups, joined; undefined when none reports tags. One group
 * with tags (one statement, the usual operation) gives its own tags, not a copy: the result
 * cache asks for them on every answer it keeps, and two Sets per answer were the most it
 * allocated. Tags are never changed once compiled.
 */
export function tagsOfRuns(groups: Iterable<SourceGroup>): SourceTags | undefined {
  let first: SourceTags | undefined;
  let reads: Set<string> | undefined;
  let writes: Set<string> | undefined;
  for (const group of groups) {
    const compiled = group.compiled;
    const tags = 'error' in compiled ? undefined : compiled.tags;
    if (tags === undefined) continue;
    if (first === undefined) {
      first = tags;
      continue;
    }
    reads ??= new Set(first.reads);
    writes ??= new Set(first.writes);
    for (const tag of tags.reads) reads.add(tag);
    for (const tag of tags.writes) writes.add(tag);
  }
  return reads === undefined || writes === undefined ? first : { reads, writes };
}
