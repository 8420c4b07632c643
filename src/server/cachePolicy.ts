import type { PreparedOperation } from '../engine/index.js';
import type { SelectionSetNode } from 'graphql';
import type { ResultCacheOptions } from './types.js';

/** The directive a query operation opts into the result cache with (`withCachedDirective`). */
export const CACHED_DIRECTIVE = 'cached';

/** How one operation is cached: for how long, and under which number in its entries' keys. */
export interface CachePolicy {
  readonly ttlMs: number;
  /**
   * The operation's number, unique per endpoint: a key holds it instead of the document's text
   * and the operation's name (see cacheKey).
   */
  readonly operation: number;
}

export const DEFAULT_CACHE_TTL_SECONDS = 60;

/**
 * Decides, once per operation (the policy is kept by its syntax node), whether it is cached and
 * for how long: a query with `@cached(ttl: N)` (N seconds; without `ttl`, the default), a query
 * named in `operations`, or one whose every root field is named in `fields` (the least of their
 * TTLs). Mutations and subscriptions never are. Walks the root selections once, each fragment at
 * most once: linear in the document.
 */
export function cachePolicyOf(
  options: ResultCacheOptions,
): (prepared: PreparedOperation, rootType: string) => CachePolicy | undefined {
  const policies = new WeakMap<object, CachePolicy | null>();
  const defaultTtl = options.ttl ?? DEFAULT_CACHE_TTL_SECONDS;
  let operations = 0;
  const seconds = (ttl: number | undefined): CachePolicy | undefined =>
    ttl === undefined || !(ttl > 0) ? undefined : { ttlMs: ttl * 1000, operation: ++operations };

  function decide(prepared: PreparedOperation, rootType: string): CachePolicy | undefined {
    if (prepared.operationType !== 'query') return undefined;
    const directive = prepared.operation.directives?.find((d) => d.name.value === CACHED_DIRECTIVE);
    if (directive !== undefined) {
      const ttl = directive.arguments?.find((a) => a.name.value === 'ttl')?.value;
      return seconds(ttl?.kind === 'IntValue' ? Number(ttl.value) : defaultTtl);
    }
    const name = prepared.operationName;
    const named = name === undefined ? undefined : options.operations?.[name];
    if (named !== undefined) return seconds(named);
    const fields = options.fields;
    if (fields === undefined) return undefined;
    let least = Infinity;
    let any = false;
    const seen = new Set<string>();
    const fragments = new Map<string, SelectionSetNode>();
    for (const definition of prepared.document.definitions)
      if (definition.kind === 'FragmentDefinition')
        fragments.set(definition.name.value, definition.selectionSet);
    const stack: SelectionSetNode[] = [prepared.operation.selectionSet];
    while (stack.length > 0) {
      for (const selection of (stack.pop() as SelectionSetNode).selections) {
        if (selection.kind === 'Field') {
          if (selection.name.value === '__typename') continue;
          const ttl = fields[`${rootType}.${selection.name.value}`];
          if (ttl === undefined) return undefined;
          least = Math.min(least, ttl);
          any = true;
        } else if (selection.kind === 'InlineFragment') {
          stack.push(selection.selectionSet);
        } else if (!seen.has(selection.name.value)) {
          seen.add(selection.name.value);
          const set = fragments.get(selection.name.value);
          if (set !== undefined) stack.push(set);
        }
      }
    }
    return any ? seconds(least) : undefined;
  }

  return (prepared, rootType) => {
    let policy = policies.get(prepared.operation);
    if (policy === undefined) {
      policy = decide(prepared, rootType) ?? null;
      policies.set(prepared.operation, policy);
    }
    return policy ?? undefined;
  };
}

/**
 * The variables as canonical JSON: object keys sorted at every level, so `{a, b}` and `{b, a}`
 * share an entry. Undefined when they cannot be written (nesting too deep for the stack, or a
 * number JSON has no text for): such a request is not cached, and the engine refuses it anyway
 * (maxInputDepth; Int and Float take no Infinity).
 */
export function canonicalVariables(
  variables: Readonly<Record<string, unknown>> | null,
): string | undefined {
  if (variables === null) return '';
  try {
    // Variables are mostly a flat object in key order: then JSON.stringify alone is canonical,
    // and much faster without a replacer.
    return isFlatAndSorted(variables)
      ? JSON.stringify(variables)
      : JSON.stringify(variables, sortKeys);
  } catch {
    return undefined;
  }
}

function isFlatAndSorted(variables: Readonly<Record<string, unknown>>): boolean {
  let previous: string | undefined;
  for (const key in variables) {
    if (previous !== undefined && !(previous < key)) return false;
    const value = variables[key];
    if (value !== null && typeof value === 'object') return false;
    // Infinity (a request's 1e400): the replacer refuses it.
    if (typeof value === 'number' && !Number.isFinite(value)) return false;
    previous = key;
  }
  return true;
}

function sortKeys(_key: string, value: unknown): unknown {
  // JSON.stringify writes Infinity (what JSON.parse makes of 1e400) as null: the key of other
  // variables, whose answer this request would get. Such variables are not cached.
  if (typeof value === 'number' && !Number.isFinite(value)) throw new RangeError('not JSON');
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  let sorted = true;
  for (let i = 1; i < keys.length && sorted; i++) sorted = (keys[i - 1] as string) < keys[i]!;
  if (sorted) return value;
  // No prototype: a `__proto__` key (JSON.parse makes it an own property) is copied as a key,
  // where assigning it on a plain object would set the copy's prototype and drop it.
  const copy: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  for (const key of keys.sort()) copy[key] = (value as Record<string, unknown>)[key];
  return copy;
}

/**
 * The key of a request's entry: its operation's number (CachePolicy.operation), its scope (after
 * its length, since it may hold any character) and its canonical variables: two different
 * requests never share a key.
 *
 * The number stands for the document and the operation's name: the policy is decided once per
 * operation of a parsed document, which the engine keeps per document text and operation name
 * (its plan cache). So a key stays short whatever the document's size, and is made without
 * copying the document's text into it on every request. A document parsed again (the plan cache
 * evicted it) gets new numbers: its old entries are no longer found and age out, which can cost
 * a miss but never shares an answer between two operations.
 */
export function cacheKey(operation: number, scope: string, variables: string): string {
  return `${operation}:${scope.length}:${scope}${variables}`;
}
