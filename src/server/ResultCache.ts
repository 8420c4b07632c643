import { createHash } from 'node:crypto';
import { ANY_WRITE, LruCache, type ExecuteOutcome } from '../engine/index.js';
import type { SharedScope } from './SharedScope.js';

/** A response kept by the result cache: what a hit answers with. */
export class CachedResponse {
  #etag: string | undefined;
  constructor(
    /** The response JSON, as the engine wrote it (text, or its UTF-8 bytes). */
    readonly body: string | Uint8Array,
    /** When the entry stops being served, on the cache's clock (milliseconds). */
    readonly expiresAt: number,
  ) {}

  /** `ETag`: made on first use (GET requests only need it), then kept. */
  get etag(): string {
    return (this.#etag ??= entityTag(this.body));
  }
}

interface Entry {
  readonly response: CachedResponse;
  /** The invalidation epoch when the execution that made it started. */
  readonly epoch: number;
  /** What the execution read (the data sources' tags). */
  readonly reads: ReadonlyArray<string>;
}

/** What the execution that a lookup missed must report back (ResultCache.settle). */
export interface Flight {
  readonly key: string;
  /** The invalidation epoch when it started: a write after it makes the result unfit to keep. */
  readonly epoch: number;
  /** The waiters' answer: what the one execution gave. */
  readonly done: Promise<ExecuteOutcome<string | Uint8Array>>;
  /** The requests waiting for it, whose signals its statement follows. */
  readonly scope: SharedScope;
}

export interface ResultCacheStats {
  hits: number;
  misses: number;
  /** Requests that waited for an identical one already running instead of executing. */
  shared: number;
  invalidations: number;
  entries: number;
  bytes: number;
}

/** Bytes counted per entry besides its body and key: the entry, its response and its tags. */
const ENTRY_OVERHEAD = 256;
/** Distinct tags whose last invalidation is remembered; past it everything is invalidated once. */
const MAX_TAGS = 10_000;

/** The entity tag of a body: quoted, base64url of the first 16 bytes of its SHA-256. */
export function entityTag(body: string | Uint8Array): string {
  const digest = createHash('sha256').update(body).digest();
  return `"${digest.subarray(0, 16).toString('base64url')}"`;
}

function byteLength(body: string | Uint8Array): number {
  return typeof body === 'string' ? Buffer.byteLength(body) : body.length;
}

/**
 * The store of the result cache (docs/cache.md): response bodies by key, bounded in bytes (the
 * body's UTF-8 bytes, the key's characters at two bytes each, and a fixed overhead), least
 * recently used first out; one execution per key at a time (single flight); invalidation by tag.
 *
 * Invalidation keeps no index from tags to entries: every invalidation advances an epoch and
 * stamps each tag it names with it, and an entry is served only while none of the tags it read
 * was stamped after its execution started (checked per hit, one map lookup per tag). A result
 * whose execution overlapped a write to what it read is answered but not kept.
 */
export class ResultCache {
  readonly #entries: LruCache<string, Entry>;
  readonly #flights = new Map<string, Flight>();
  /** The epoch each tag was last invalidated at. */
  readonly #tagEpochs = new Map<string, number>();
  readonly #now: () => number;
  #epoch = 0;
  /** Entries whose execution started before this epoch are void (`clear`). */
  #clearedAt = 0;
  /** The epoch of the last invalidation of any tag (what ANY_WRITE readers follow). */
  #lastWrite = 0;
  readonly #stats = { hits: 0, misses: 0, shared: 0, invalidations: 0 };

  constructor(maxBytes: number, now: () => number = Date.now) {
    this.#entries = new LruCache(Infinity, maxBytes);
    this.#now = now;
  }

  /** The kept response for `key`, when it is fresh; otherwise undefined (and it is dropped). */
  get(key: string): CachedResponse | undefined {
    const entry = this.#entries.get(key);
    if (entry !== undefined) {
      if (entry.response.expiresAt > this.#now() && this.#valid(entry)) {
        this.#stats.hits++;
        return entry.response;
      }
      this.#entries.delete(key);
    }
    this.#stats.misses++;
    return undefined;
  }

  /** The execution already running for `key`, which an identical request waits for. */
  joinFlight(key: string): Flight | undefined {
    const flight = this.#flights.get(key);
    if (flight !== undefined) this.#stats.shared++;
    return flight;
  }

  /**
   * Registers the one execution for `key`: identical requests wait for it (`joinFlight`) until it
   * settles. `running` is it, started with `scope` as its signal; its outcome is kept when it has data and no errors, and the
   * invalidations since it started spared what it read. An error (a rejection, or an outcome with
   * errors) is given to the requests that waited for this execution only; the next one runs again.
   */
  fly(
    key: string,
    ttlMs: number,
    scope: SharedScope,
    running: Promise<ExecuteOutcome<string | Uint8Array>>,
  ): Promise<ExecuteOutcome<string | Uint8Array>> {
    const epoch = this.#epoch;
    const done = running.then(
      (outcome) => {
        this.#flights.delete(key);
        this.#keep(key, epoch, ttlMs, outcome);
        return outcome;
      },
      (error: unknown) => {
        this.#flights.delete(key);
        throw error;
      },
    );
    this.#flights.set(key, { key, epoch, done, scope });
    return done;
  }

  /** Keeps an outcome that was computed without a flight (a synchronous execution). */
  keep(key: string, ttlMs: number, outcome: ExecuteOutcome<string | Uint8Array>): void {
    this.#keep(key, this.#epoch, ttlMs, outcome);
  }

  /** The kept response of `key` (just stored by `keep` or `fly`), not counted as a use. */
  peek(key: string): CachedResponse | undefined {
    const entry = this.#entries.peek(key);
    return entry === undefined ? undefined : entry.response;
  }

  /**
   * Every entry that read one of `tags`, or ANY_WRITE, stops being served; ANY_WRITE among the
   * tags clears everything.
   */
  invalidate(tags: Iterable<string>): void {
    const epoch = ++this.#epoch;
    this.#lastWrite = epoch;
    this.#stats.invalidations++;
    for (const tag of tags) {
      if (tag === ANY_WRITE) return this.clear();
      this.#tagEpochs.set(tag, epoch);
    }
    if (this.#tagEpochs.size > MAX_TAGS) this.clear();
  }

  /** Every entry stops being served, and results of executions running now are not kept. */
  clear(): void {
    const epoch = ++this.#epoch;
    this.#clearedAt = epoch;
    this.#lastWrite = epoch;
    this.#tagEpochs.clear();
    this.#entries.clear();
  }

  stats(): ResultCacheStats {
    return { ...this.#stats, entries: this.#entries.size, bytes: this.#entries.bytes };
  }

  #valid(entry: Pick<Entry, 'epoch' | 'reads'>): boolean {
    if (entry.epoch < this.#clearedAt) return false;
    for (const tag of entry.reads) {
      const at = tag === ANY_WRITE ? this.#lastWrite : this.#tagEpochs.get(tag);
      if (at !== undefined && at > entry.epoch) return false;
    }
    return true;
  }

  #keep(
    key: string,
    epoch: number,
    ttlMs: number,
    outcome: ExecuteOutcome<string | Uint8Array>,
  ): void {
    if (!outcome.hasData || outcome.errorCount > 0 || !(ttlMs > 0)) return;
    const reads = outcome.tags === undefined ? [] : [...outcome.tags.reads];
    if (!this.#valid({ epoch, reads })) return;
    const body = outcome.body;
    const response = new CachedResponse(body, this.#now() + ttlMs);
    let bytes = ENTRY_OVERHEAD + byteLength(body) + 2 * key.length;
    for (const tag of reads) bytes += 2 * tag.length;
    this.#entries.set(key, { response, epoch, reads }, bytes);
  }
}
