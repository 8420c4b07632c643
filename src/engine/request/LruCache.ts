/**
 * A least-recently-used map bounded by a number of entries and by the bytes they are said to
 * take (each `set` gives its entry's size). A hit only stamps the entry with a counter (no
 * reordering on the hot path). Entries sit in the order they were placed; adding one evicts from
 * the front until both bounds hold, and an entry used since it was placed is not evicted but
 * placed again at the back (a second chance): an entry goes once it has been neither placed nor
 * used for the longest. Each eviction costs amortised constant time (every move pays for a hit),
 * whatever the number of entries.
 *
 * The evictions walk the map with one iterator kept between them (a clock hand), not a new one
 * each time: a Map keeps a deleted entry's slot until it next rehashes, and a new iterator walks
 * every such slot at the front again. With the result cache full of entries that each request
 * adds (one eviction per request), restarting cost about 15 µs per eviction at 17,000 entries.
 */
interface Slot<V> {
  value: V;
  used: number;
  placed: number;
  bytes: number;
}

export class LruCache<K, V> {
  readonly #max: number;
  readonly #maxBytes: number;
  readonly #map = new Map<K, Slot<V>>();
  /** Where the last eviction stopped: the next one goes on from there. */
  #hand: Iterator<[K, Slot<V>]> | undefined;
  #clock = 0;
  #bytes = 0;

  constructor(max: number, maxBytes = Infinity) {
    if (!(max >= 1)) throw new RangeError(`LruCache size must be at least 1, got ${max}`);
    if (!(maxBytes >= 1))
      throw new RangeError(`LruCache bytes must be at least 1, got ${maxBytes}`);
    this.#max = max;
    this.#maxBytes = maxBytes;
  }

  get size(): number {
    return this.#map.size;
  }

  /** The sum of the sizes given for the entries kept. */
  get bytes(): number {
    return this.#bytes;
  }

  get(key: K): V | undefined {
    const entry = this.#map.get(key);
    if (entry === undefined) return undefined;
    entry.used = ++this.#clock;
    return entry.value;
  }

  /** The value kept for `key`, without counting a use. */
  peek(key: K): V | undefined {
    return this.#map.get(key)?.value;
  }

  /** Keeps `value`, unless its size alone is over the byte bound; returns whether it was kept. */
  set(key: K, value: V, bytes = 0): boolean {
    this.delete(key);
    if (bytes > this.#maxBytes) return false;
    while (this.#map.size >= this.#max || this.#bytes + bytes > this.#maxBytes) this.#evictOldest();
    const stamp = ++this.#clock;
    this.#map.set(key, { value, used: stamp, placed: stamp, bytes });
    this.#bytes += bytes;
    return true;
  }

  /**
   * Adds to the size of a kept entry (what it holds grew): the oldest others are evicted until the
   * bytes fit again, or the entry itself when it alone no longer fits.
   */
  grow(key: K, bytes: number): void {
    const entry = this.#map.get(key);
    if (entry === undefined) return;
    entry.bytes += bytes;
    this.#bytes += bytes;
    if (entry.bytes > this.#maxBytes) {
      this.delete(key);
      return;
    }
    // Placed again at the back: the newest, and not yet used since.
    this.#map.delete(key);
    entry.used = entry.placed = ++this.#clock;
    this.#map.set(key, entry);
    while (this.#bytes > this.#maxBytes) this.#evictOldest();
  }

  delete(key: K): void {
    const known = this.#map.get(key);
    if (known === undefined) return;
    this.#map.delete(key);
    this.#bytes -= known.bytes;
  }

  clear(): void {
    this.#map.clear();
    this.#hand = undefined;
    this.#bytes = 0;
  }

  #evictOldest(): void {
    // The hand meets the entries placed since it started too (a Map's iterator does), so it ends
    // only after a full turn: then one more turn from the front, which finds any entry there is.
    for (let turn = 0; turn < 2 && this.#map.size > 0; turn++) {
      const hand = (this.#hand ??= this.#map.entries());
      // A moved entry is met again at the back, unused since its move: the loop ends.
      for (let step = hand.next(); step.done !== true; step = hand.next()) {
        const [key, entry] = step.value;
        if (entry.used > entry.placed) {
          this.#map.delete(key);
          entry.used = entry.placed = ++this.#clock;
          this.#map.set(key, entry);
          continue;
        }
        this.delete(key);
        return;
      }
      this.#hand = undefined;
    }
  }
}
