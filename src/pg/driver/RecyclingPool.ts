/** What RecyclingPool needs of a pool: to be closed once its queries are done. */
export interface EndablePool {
  end(options?: { timeout?: number }): Promise<void>;
}

export interface RecyclingPoolOptions {
  /** Most distinct statements one pool prepares; 0 prepares none. */
  readonly maxStatements: number;
  /** Most bytes of statement text one pool prepares; a longer statement alone runs unnamed. */
  readonly maxBytes: number;
  /** Seconds a retired pool's running queries get before its connections are closed anyway. */
  readonly drainSeconds: number;
}

/**
 * Bounds the statements each connection keeps prepared. postgres.js prepares every distinct text
 * on every connection it runs on and keeps it for the connection's life, with no way to
 * deallocate one (the names are private to each connection), and a prepared Sluice statement
 * holds 40 to 80 times its text in the backend (test/pg/measure/preparedStatements.ts: 20,000
 * one-off documents took four backends from 18 MB to 186 MB each). So this counts the distinct
 * texts (and their bytes) sent to the current pool, and when the next new one would pass the
 * bound, opens a fresh pool for every later query and ends the old one: postgres.js closes a
 * connection once its query is done, and the backend's memory goes with it. No connection of
 * any pool has then prepared more than the bound.
 *
 * Why not the alternatives (docs/pg.md, "Prepared statements"): DEALLOCATE needs the statement's
 * name on its own connection, which postgres.js does not expose; running cold statements unnamed
 * saves nothing for one-off documents (postgres.js describes an unprepared statement with
 * parameters first, the same two round trips as preparing it) and would still need a bound for
 * statements that are each run twice. Recycling costs nothing per query (one Set lookup by a
 * string the statement cache already holds) and one reconnect per connection per `maxStatements`
 * new texts, which only a stream of distinct documents pays.
 */
export class RecyclingPool<P extends EndablePool> {
  private pool: P;
  private texts = new Set<string>();
  private bytes = 0;
  private readonly retired = new Set<Promise<void>>();
  /** How many pools were replaced so far (for tests and measurements). */
  recycled = 0;

  constructor(
    private readonly open: () => P,
    private readonly options: RecyclingPoolOptions,
  ) {
    this.pool = open();
  }

  /** The current pool: every query goes to it (`admit` first for one to prepare). */
  get current(): P {
    return this.pool;
  }

  /**
   * Counts `text` as prepared on the current pool, replacing the pool first when it would pass
   * the bound. False: run it unnamed (prepare nothing, or one statement over the byte bound).
   */
  admit(text: string): boolean {
    if (this.texts.has(text)) return true;
    if (this.options.maxStatements === 0) return false;
    const size = Buffer.byteLength(text);
    if (size > this.options.maxBytes) return false;
    if (this.texts.size >= this.options.maxStatements || this.bytes + size > this.options.maxBytes)
      this.recycle();
    this.texts.add(text);
    this.bytes += size;
    return true;
  }

  private recycle(): void {
    const old = this.pool;
    this.pool = this.open();
    this.texts = new Set();
    this.bytes = 0;
    this.recycled++;
    const ending: Promise<void> = old
      .end({ timeout: this.options.drainSeconds })
      .catch(() => {})
      .then(() => void this.retired.delete(ending));
    this.retired.add(ending);
  }

  /** Ends the current pool (its queries get `timeout` seconds) and waits for the retired ones. */
  async end(timeout: number): Promise<void> {
    await Promise.all([this.pool.end({ timeout }), ...this.retired]);
  }
}
