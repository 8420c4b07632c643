/**
 * A bounded least-recently-used map. A hit only stamps the entry with a counter (no reordering
 * on the hot path); when the map is full, adding an entry evicts the one with the oldest stamp.
 * That scan is linear, but it only happens on a miss, which costs a parse and a validation anyway.
 */
export class LruCache<K, V> {
  readonly #max: number;
  readonly #map = new Map<K, { value: V; used: number }>();
  #clock = 0;

  constructor(max: number) {
    if (!(max >= 1)) throw new RangeError(`LruCache size must be at least 1, got ${max}`);
    this.#max = max;
  }

  get size(): number {
    return this.#map.size;
  }

  get(key: K): V | undefined {
    const entry = this.#map.get(key);
    if (entry === undefined) return undefined;
    entry.used = ++this.#clock;
    return entry.value;
  }

  set(key: K, value: V): void {
    const known = this.#map.get(key);
    if (known !== undefined) {
      known.value = value;
      known.used = ++this.#clock;
      return;
    }
    if (this.#map.size >= this.#max) this.#evictOldest();
    this.#map.set(key, { value, used: ++this.#clock });
  }

  clear(): void {
    this.#map.clear();
  }

  #evictOldest(): void {
    let oldestKey: K | undefined;
    let oldest = Infinity;
    for (const [key, entry] of this.#map) {
      if (entry.used < oldest) {
        oldest = entry.used;
        oldestKey = key;
      }
    }
    if (oldest !== Infinity) this.#map.delete(oldestKey as K);
  }
}
