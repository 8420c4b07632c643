import { createHash } from 'node:crypto';
import { ANY_WRITE, LruCache, type ExecuteOutcome } from '../engine/index.js';
import { Doorkeeper } from './Doorkeeper.js';
import type { SharedScope } from './SharedScope.js';
import type { ResultCacheOptions } from './types.js';

/**
 * An answer the result cache may keep: what a hit answers with, and what a fresh answer's HTTP
 * caching headers are made from. One object per entry: its body, its expiry, and what
 * invalidation checks it against.
 */
export class CachedResponse {
  #etag: string | undefined;
  constructor(
    /** The response JSON, as the engine wrote it (text, or its UTF-8 bytes). */
    readonly body: string | Uint8Array,
    /** When the entry stops being served, on the cache's clock (milliseconds). */
    readonly expiresAt: number,
    /** The invalidation epoch when the execution that made it started. */
    readonly epoch: number,
    /** What the execution read (the data sources' tags, as they reported them: not copied). */
    readonly reads: Iterable<string>,
  ) {}

  /** `ETag`: made on first use (GET requests only need it), then kept. */
  get etag(): string {
    return (this.#etag ??= entityTag(this.body));
  }
}

/** What the execution that a lookup missed must report back (ResultCache.fly). */
export interface Flight {
  readonly key: string;
  /** The invalidation epoch when it started: a write after it makes the result unfit to keep. */
  readonly epoch: number;
  /** The waiters' answer: what the one execution gave. */
  readonly done: Promise<ExecuteOutcome<string | Uint8Array>>;
  /** The requests waiting for it, whose signals its statement follows. */
  readonly scope: SharedScope;
  /**
   * Once `done`: the answer when it was fit to keep (data, no errors, no write to what it read
   * meanwhile), whether or not it was admitted; undefined when it was not.
   */
  response: CachedResponse | undefined;
}

/** Which answers are kept (docs/cache.md, "Admission"). */
export type CacheAdmission = NonNullable<ResultCacheOptions['admission']>;

export interface ResultCacheStats {
  hits: number;
  misses: number;
  /** Fit answers not kept because their key was seen for the first time (admission). */
  unadmitted: number;
  /** Requests that waited for an identical one already running instead of executing. */
  shared: number;
  invalidations: number;
  entries: number;
  bytes: number;
}

/** Bytes counted per entry besides its body and key: the entry, its slot and its tags. */
const ENTRY_OVERHEAD = 256;
/** Distinct tags whose last invalidation is remembered; past it everything is invalidated once. */
const MAX_TAGS = 10_000;
/**
 * Keys the doorkeeper remembers (its window), per byte of the bound: one for each KiB, between
 * 1,024 and 1,048,576 (a 64 MiB cache: 65,536 keys, 256 KiB of filters).
 */
const DOORKEEPER_BYTES_PER_KEY = 1024;
const DOORKEEPER_WINDOW = { min: 1024, max: 1 << 20 };

/**
 * The entity tag of a body: weak (`W/"…"`), the base64url of the first 16 bytes of its SHA-256.
 * Weak because the server may send the same answer gzip- or br-encoded or not, and a strong
 * validator names one byte sequence (RFC 9110 §8.8.3); If-None-Match compares weakly anyway.
 */
export function entityTag(body: string | Uint8Array): string {
  const digest = createHash('sha256').update(body).digest();
  return `W/"${digest.subarray(0, 16).toString('base64url')}"`;
}

function byteLength(body: string | Uint8Array): number {
  return typeof body === 'string' ? Buffer.byteLength(body) : body.length;
}

/**
 * The store of the result cache (docs/cache.md): response bodies by key, bounded in bytes (the
 * body's UTF-8 bytes, the key's characters at two bytes each, and a fixed overhead), least
 * recently used first out; one execution per key at a time (single flight); invalidation by tag;
 * with `'repeated'` admission (the default), an answer is kept only when its key was already
 * asked within the doorkeeper's window, or was kept before and went stale.
 *
 * Invalidation keeps no index from tags to entries: every invalidation advances an epoch and
 * stamps each tag it names with it, and an entry is served only while none of the tags it read
 * was stamped after its execution started (checked per hit, one map lookup per tag). A result
 * whose execution overlapped a write to what it read is answered but not kept. Invalidating
 * everything voids every entry by epoch too: the stale entries go when next looked up (and their
 * keys are admitted again at once) or evicted, as after any invalidation.
 */
export class ResultCache {
  readonly #entries: LruCache<string, CachedResponse>;
  readonly #flights = new Map<string, Flight>();
  /** Admission: null when every fit answer is kept. */
  readonly #doorkeeper: Doorkeeper | null;
  /** The epoch each tag was last invalidated at. */
  readonly #tagEpochs = new Map<string, number>();
  readonly #now: () => number;
  #epoch = 0;
  /** Entries whose execution started before this epoch are void (everything invalidated). */
  #clearedAt = 0;
  /** The epoch of the last invalidation of any tag (what ANY_WRITE readers follow). */
  #lastWrite = 0;
  readonly #stats = { hits: 0, misses: 0, unadmitted: 0, shared: 0, invalidations: 0 };

  constructor(
    maxBytes: number,
    now: () => number = Date.now,
    admission: CacheAdmission = 'repeated',
  ) {
    this.#entries = new LruCache(Infinity, maxBytes);
    this.#now = now;
    const window = Math.min(
      DOORKEEPER_WINDOW.max,
      Math.max(DOORKEEPER_WINDOW.min, Math.floor(maxBytes / DOORKEEPER_BYTES_PER_KEY)),
    );
    this.#doorkeeper = admission === 'all' ? null : new Doorkeeper(window);
  }

  /**
   * The kept response for `key`, when it is fresh; otherwise undefined (and a stale one is
   * dropped, its key admitted when its answer comes back).
   */
  get(key: string): CachedResponse | undefined {
    const entry = this.#entries.get(key);
    if (entry !== undefined) {
      if (entry.expiresAt > this.#now() && this.#valid(entry.epoch, entry.reads)) {
        this.#stats.hits++;
        return entry;
      }
      this.#entries.delete(key);
      this.#doorkeeper?.remember(key);
    }
    this.#stats.misses++;
    return undefined;
  }

  /** The execution already running for `key`, which an identical request waits for. */
  joinFlight(key: string): Flight | undefined {
    const flight = this.#flights.get(key);
    // A flight that started before an invalidation may answer from before that write (its reads
    // are known only once it is done): a request arriving after the write runs on its own.
    if (flight === undefined || flight.epoch !== this.#epoch) return undefined;
    this.#stats.shared++;
    return flight;
  }

  /**
   * Registers the one execution for `key`: identical requests wait for it (`joinFlight`) until it
   * settles. `running` is it, started with `scope` as its signal. Its outcome is fit to keep when
   * it has data and no errors and the invalidations since it started spared what it read; then
   * it is kept if admitted (decided now, as the execution starts). An error (a rejection, or an
   * outcome with errors) is given to the requests that waited for this execution only; the next
   * one runs again.
   */
  fly(
    key: string,
    ttlMs: number,
    scope: SharedScope,
    running: Promise<ExecuteOutcome<string | Uint8Array>>,
  ): Flight {
    const epoch = this.#epoch;
    const admitted = this.#admits(key);
    const done = running.then(
      (outcome) => {
        if (this.#flights.get(key) === flight) this.#flights.delete(key);
        flight.response = this.#settle(key, epoch, ttlMs, outcome, admitted);
        return outcome;
      },
      (error: unknown) => {
        if (this.#flights.get(key) === flight) this.#flights.delete(key);
        throw error;
      },
    );
    const flight: Flight = { key, epoch, done, scope, response: undefined };
    this.#flights.set(key, flight);
    return flight;
  }

  /**
   * An outcome that was computed without a flight (a synchronous execution): kept if fit and
   * admitted. Returns it as a response when it was fit to keep, kept or not.
   */
  keep(
    key: string,
    ttlMs: number,
    outcome: ExecuteOutcome<string | Uint8Array>,
  ): CachedResponse | undefined {
    return this.#settle(key, this.#epoch, ttlMs, outcome, this.#admits(key));
  }

  /**
   * Every entry that read one of `tags`, or ANY_WRITE, stops being served; ANY_WRITE among the
   * tags voids everything.
   */
  invalidate(tags: Iterable<string>): void {
    const epoch = ++this.#epoch;
    this.#lastWrite = epoch;
    this.#stats.invalidations++;
    for (const tag of tags) {
      if (tag === ANY_WRITE) return this.#voidAll();
      this.#tagEpochs.set(tag, epoch);
    }
    if (this.#tagEpochs.size > MAX_TAGS) this.#voidAll();
  }

  /**
   * Drops every entry and forgets every key (another schema serves from now on), and results of
   * executions running now are not kept.
   */
  clear(): void {
    this.#voidAll();
    this.#entries.clear();
    this.#doorkeeper?.clear();
  }

  stats(): ResultCacheStats {
    return { ...this.#stats, entries: this.#entries.size, bytes: this.#entries.bytes };
  }

  /** Every entry stops being served, and results of executions running now are not kept. */
  #voidAll(): void {
    const epoch = ++this.#epoch;
    this.#clearedAt = epoch;
    this.#lastWrite = epoch;
    this.#tagEpochs.clear();
  }

  #admits(key: string): boolean {
    return this.#doorkeeper === null || this.#doorkeeper.admit(key);
  }

  #valid(epoch: number, reads: Iterable<string>): boolean {
    if (epoch < this.#clearedAt) return false;
    for (const tag of reads) {
      const at = tag === ANY_WRITE ? this.#lastWrite : this.#tagEpochs.get(tag);
      if (at !== undefined && at > epoch) return false;
    }
    return true;
  }

  #settle(
    key: string,
    epoch: number,
    ttlMs: number,
    outcome: ExecuteOutcome<string | Uint8Array>,
    admitted: boolean,
  ): CachedResponse | undefined {
    if (!outcome.hasData || outcome.errorCount > 0 || !(ttlMs > 0)) return undefined;
    const reads = outcome.tags?.reads ?? NO_TAGS;
    if (!this.#valid(epoch, reads)) return undefined;
    const body = outcome.body;
    const response = new CachedResponse(body, this.#now() + ttlMs, epoch, reads);
    if (!admitted) {
      this.#stats.unadmitted++;
      return response;
    }
    let bytes = ENTRY_OVERHEAD + byteLength(body) + 2 * key.length;
    for (const tag of reads) bytes += 2 * tag.length;
    this.#entries.set(key, response, bytes);
    return response;
  }
}

const NO_TAGS: ReadonlyArray<string> = [];
