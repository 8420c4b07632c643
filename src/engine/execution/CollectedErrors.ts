import type { GraphQLError } from 'graphql';
import { pathKey, type Path } from './Path.js';

/**
 * The field errors of one execution, as graphql-js 16.15 collects them: once a position has been
 * nulled by an error, later errors at or below it are dropped (their data is gone, and graphql-js
 * cannot cancel the work that raised them either).
 *
 * graphql-js compares path objects by identity; Sluice creates path objects lazily, so positions
 * are compared by value. Every response position has exactly one value, so the two agree.
 */
export class CollectedErrors {
  readonly errors: GraphQLError[] = [];
  #nulled: Set<string> | undefined;
  #rootNulled = false;

  add(error: GraphQLError, path: Path | undefined): void {
    if (this.#rootNulled) return;
    if (path === undefined) {
      this.#rootNulled = true;
      this.errors.push(error);
      return;
    }
    const key = pathKey(path);
    const nulled = (this.#nulled ??= new Set());
    if (nulled.size > 0) {
      if (nulled.has(key)) return;
      for (let end = key.lastIndexOf('.'); end > 0; end = key.lastIndexOf('.', end - 1)) {
        if (nulled.has(key.slice(0, end))) return;
      }
    }
    nulled.add(key);
    this.errors.push(error);
  }
}

/** An execution's errors: made at its first error, so one without errors makes none. */
export interface ErrorHolder {
  errors: CollectedErrors | undefined;
}

/** Collects a field error (or with no path, the operation's) into `holder`. */
export function collectError(
  holder: ErrorHolder,
  error: GraphQLError,
  path: Path | undefined,
): void {
  (holder.errors ??= new CollectedErrors()).add(error, path);
}

const NONE: ReadonlyArray<GraphQLError> = Object.freeze([]);

/** The errors collected so far, in order. */
export function errorsOf(holder: ErrorHolder): ReadonlyArray<GraphQLError> {
  return holder.errors?.errors ?? NONE;
}
