import { LruCache } from '../../engine/index.js';

/** What the cache keeps: anything with the SQL text it is sized by. */
interface Sized {
  readonly text: string;
}

/**
 * The statements of one compiled operation, one per shape of its variables (createPgSource),
 * bounded in count and in bytes of SQL text (the engine's LruCache): the least recently used go
 * first, and a statement larger than the whole byte bound is built per request and never kept.
 * The engine keeps many plans, each with its cache, so the bytes bound is what caps a plan's
 * memory: without it, 32 shapes of a large operation could keep megabytes per plan.
 */
export class StatementCache<S extends Sized> {
  readonly #statements: LruCache<string, S>;

  constructor(maxEntries: number, maxBytes: number) {
    this.#statements = new LruCache(maxEntries, maxBytes);
  }

  /** The statement for `key`, built (and kept, if it fits) on first use. */
  get(key: string, build: () => S): S {
    const found = this.#statements.get(key);
    if (found !== undefined) return found;
    const statement = build();
    // Only for a new shape: the hot path is the lookup above.
    this.#statements.set(key, statement, Buffer.byteLength(statement.text));
    return statement;
  }

  /** How many statements are kept. */
  get size(): number {
    return this.#statements.size;
  }

  /** Bytes of SQL text kept (UTF-8). */
  get bytes(): number {
    return this.#statements.bytes;
  }
}
