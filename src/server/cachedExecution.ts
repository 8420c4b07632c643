import type {
  Engine,
  ExecuteOutcome,
  PreparedOperation,
  PromiseOrValue,
  SourceTags,
} from '../engine/index.js';
import { ANY_WRITE } from '../engine/index.js';
import { cacheKey, cachePolicyOf, canonicalVariables, type CachePolicy } from './cachePolicy.js';
import { headerValue } from './csrf.js';
import type { OperationScope } from './OperationScope.js';
import { ResultCache, type CachedResponse } from './ResultCache.js';
import { SharedScope } from './SharedScope.js';
import type { HttpRequest, HttpResponse, InvalidationBus, ResultCacheOptions } from './types.js';

export const DEFAULT_CACHE_BYTES = 64 * 1024 * 1024;

/** The result cache of one endpoint, with what deciding and keying a request needs. */
export interface EndpointCache {
  readonly store: ResultCache;
  readonly policyOf: (prepared: PreparedOperation, rootType: string) => CachePolicy | undefined;
  /** The served schema's query type name (replaced with the engine). */
  rootType: string;
  /** A new engine serves from now on (a reloaded schema): no entry of the old one is kept. */
  useSchemaOf(engine: Engine): void;
  readonly scope: ResultCacheOptions['scope'];
  readonly bus: InvalidationBus | undefined;
  readonly now: () => number;
}

export function createEndpointCache(options: ResultCacheOptions, engine: Engine): EndpointCache {
  const now = options.now ?? Date.now;
  const store = new ResultCache(options.maxBytes ?? DEFAULT_CACHE_BYTES, now, options.admission);
  const bus = options.invalidation;
  bus?.subscribe((tags) => store.invalidate(tags));
  return {
    store,
    policyOf: cachePolicyOf(options),
    rootType: engine.schema.getQueryType()?.name ?? 'Query',
    scope: options.scope,
    bus,
    now,
    useSchemaOf(next) {
      this.rootType = next.schema.getQueryType()?.name ?? 'Query';
      store.clear();
    },
  };
}

/** One request through the cache: what runCached needs from handleGraphQL. */
export interface CachedRun {
  readonly cache: EndpointCache;
  readonly prepared: PreparedOperation;
  readonly request: HttpRequest;
  readonly method: string;
  readonly variables: Readonly<Record<string, unknown>> | null;
  readonly contextValue: unknown;
  readonly scope: OperationScope;
  /** Starts the execution with `signals` as its abort signal's owner. */
  execute(signals: {
    readonly signal: AbortSignal;
  }): PromiseOrValue<ExecuteOutcome<string | Uint8Array>>;
  /**
   * Waits for an asynchronous outcome within the request's timeout, then resolves with
   * `then(outcome)` (one promise, not two).
   */
  wait<T, R>(promise: Promise<T>, then: (value: T) => R): Promise<R>;
  /** The response for an outcome (status, content type, Server-Timing). */
  answer(outcome: ExecuteOutcome<string | Uint8Array>): HttpResponse;
}

const NO_STORE = 'no-store';

/**
 * A request on an endpoint with a result cache (docs/cache.md): a mutation runs and then
 * invalidates what it wrote, here and through the bus; a query with a policy and a scope is
 * answered from the cache, waits for an identical one running, or runs and is kept. Everything
 * else runs as without a cache, answered `Cache-Control: no-store`.
 */
export function runCached(run: CachedRun): HttpResponse | Promise<HttpResponse> {
  const { cache, prepared } = run;
  if (prepared.operationType === 'mutation') {
    const written = (outcome: ExecuteOutcome<string | Uint8Array>) => {
      if (outcome.hasData) invalidateWrites(cache, outcome.tags);
      return outcome;
    };
    const ran = run.execute(run.scope);
    if (!(ran instanceof Promise)) return uncached(run.answer(written(ran)));
    // Invalidated when the mutation settles, not when its request is answered: a request that
    // timed out (504) or whose client left may still have committed its writes.
    return run.wait(ran.then(written), (outcome) => uncached(run.answer(outcome)));
  }
  // While the bus may miss other processes' writes, an entry could be stale: none is used.
  const policy =
    cache.bus?.hearing?.() === false ? undefined : cache.policyOf(prepared, cache.rootType);
  const key = policy === undefined ? undefined : keyOf(run, policy);
  if (policy === undefined || key === undefined) {
    const ran = run.execute(run.scope);
    return ran instanceof Promise
      ? run.wait(ran, (outcome) => uncached(run.answer(outcome)))
      : uncached(run.answer(ran));
  }
  const hit = cache.store.get(key);
  if (hit !== undefined) return cachedAnswer(run, hit, run.answer(hitOutcome(hit)), 'hit');
  const joined = cache.store.joinFlight(key);
  if (joined !== undefined) {
    run.scope.wait();
    joined.scope.add(run.scope);
    return run.wait(joined.done, (outcome) => settled(run, outcome, joined.response, 'shared'));
  }
  const shared = new SharedScope(run.scope);
  const ran = run.execute(shared);
  if (!(ran instanceof Promise)) {
    return settled(run, ran, cache.store.keep(key, policy.ttlMs, ran), 'miss');
  }
  run.scope.wait();
  const flight = cache.store.fly(key, policy.ttlMs, shared, ran);
  return run.wait(flight.done, (outcome) => settled(run, outcome, flight.response, 'miss'));
}

/** A mutation's writes: its sources' write tags, or everything when it reports none. */
function invalidateWrites(cache: EndpointCache, tags: SourceTags | undefined): void {
  const writes = tags === undefined || tags.writes.size === 0 ? [ANY_WRITE] : [...tags.writes];
  cache.store.invalidate(writes);
  cache.bus?.publish(writes);
}

/**
 * The key of a request, or undefined when it is not to be cached: the scope function declined,
 * or (without one) the request carries credentials, or its variables cannot be written.
 */
function keyOf(run: CachedRun, policy: CachePolicy): string | undefined {
  let scope: string | undefined;
  if (run.cache.scope !== undefined) scope = run.cache.scope(run.request, run.contextValue);
  else if (!carriesCredentials(run.request)) scope = '';
  if (scope === undefined) return undefined;
  const variables = canonicalVariables(run.variables);
  if (variables === undefined) return undefined;
  return cacheKey(policy.operation, scope, variables);
}

function carriesCredentials(request: HttpRequest): boolean {
  return request.headers['authorization'] !== undefined || request.headers['cookie'] !== undefined;
}

function uncached(response: HttpResponse): HttpResponse {
  response.headers['cache-control'] = NO_STORE;
  return response;
}

/**
 * The answer of a request that ran, or waited for one that ran: with HTTP caching headers when
 * its outcome was fit to keep (`fit`), whether the cache kept it or did not admit it.
 */
function settled(
  run: CachedRun,
  outcome: ExecuteOutcome<string | Uint8Array>,
  fit: CachedResponse | undefined,
  how: 'miss' | 'shared',
): HttpResponse {
  const response = run.answer(outcome);
  if (fit === undefined) {
    response.headers['x-sluice-cache'] = how;
    return uncached(response);
  }
  return cachedAnswer(run, fit, response, how);
}

function cachedAnswer(
  run: CachedRun,
  kept: CachedResponse,
  response: HttpResponse,
  how: 'hit' | 'miss' | 'shared',
): HttpResponse {
  const headers = response.headers;
  const seconds = Math.max(0, Math.ceil((kept.expiresAt - run.cache.now()) / 1000));
  headers['x-sluice-cache'] = how;
  headers['cache-control'] = carriesCredentials(run.request)
    ? `private, max-age=${seconds}`
    : `public, max-age=${seconds}`;
  // A shared cache must not hand an anonymous answer to a request with credentials, nor a
  // browser's cache one user's answer to the next user of the same browser (the URL alone keys it),
  // nor an answer in the media type one Accept chose to a client whose Accept chose the other.
  headers['vary'] = 'Accept, Authorization, Cookie';
  if (run.method !== 'GET') return response;
  const etag = kept.etag;
  headers['etag'] = etag;
  if (!matchesEntityTag(headerValue(run.request, 'if-none-match'), etag)) return response;
  return { status: 304, headers, body: '' };
}

/** The outcome a hit answers with: the kept body, which had data and no errors. */
function hitOutcome(hit: CachedResponse): ExecuteOutcome<string | Uint8Array> {
  return {
    body: hit.body,
    hasData: true,
    noData: false,
    errorCount: 0,
    errorCodes: [],
    executeMs: 0,
  };
}

/** `If-None-Match` (RFC 9110 §13.1.2): `*`, or a list of tags compared weakly. */
export function matchesEntityTag(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  const opaque = opaqueTag(etag);
  for (const part of header.split(',')) {
    const tag = part.trim();
    if (tag === '*' || opaqueTag(tag) === opaque) return true;
  }
  return false;
}

/** A tag without its weakness indicator: what weak comparison compares. */
function opaqueTag(tag: string): string {
  return tag.startsWith('W/') ? tag.slice(2) : tag;
}
