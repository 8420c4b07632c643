/** What the cache keeps: anything with the SQL text it is sized by. */
interface Sized {
  readonly text: string;
}

/**
 * The statements of one compiled operation, one per shape of its variables (createPgSource),
 * bounded in count and in bytes of SQL text: the oldest are dropped first, and a statement
 * larger than the whole byte bound is built per request and never kept. The engine keeps many
 * plans, each with its cache, so the bytes bound is what caps a plan's memory: without it, 32
 * shapes of a large operation could keep megabytes per plan.
 */
export class StatementCache<S extends Sized> {
  private readonly entries = new Map<string, { readonly statement: S; readonly bytes: number }>();
  private kept = 0;

  constructor(
    private readonly maxEntries: number,
    private readonly maxBytes: number,
  ) {}

  /** The statement for `key`, built (and kept, if it fits) on first use. */
  get(key: string, build: () => S): S {
    const found = this.entries.get(key);
    if (found !== undefined) return found.statement;
    const statement = build();
    // Only for a new shape: the hot path is the lookup above.
    const bytes = Buffer.byteLength(statement.text);
    if (bytes > this.maxBytes) return statement;
    while (
      this.entries.size > 0 &&
      (this.entries.size >= this.maxEntries || this.kept + bytes > this.maxBytes)
    ) {
      const [oldest, entry] = this.entries.entries().next().value as [string, { bytes: number }];
      this.entries.delete(oldest);
      this.kept -= entry.bytes;
    }
    this.entries.set(key, { statement, bytes });
    this.kept += bytes;
    return statement;
  }

  /** How many statements are kept. */
  get size(): number {
    return this.entries.size;
  }

  /** Bytes of SQL text kept (UTF-8). */
  get bytes(): number {
    return this.kept;
  }
}
