/**
 * A bounded least-recently-used map. `Map` keeps insertion order, so re-inserting on a hit moves
 * the entry to the end and the first key is always the least recently used.
 */
export class LruCache<K, V> {
  readonly #max: number;
  readonly #map = new Map<K, V>();

  constructor(max: number) {
    if (!(max >= 1)) throw new RangeError(`LruCache size must be at least 1, got ${max}`);
    this.#max = max;
  }

  get size(): number {
    return this.#map.size;
  }

  get(key: K): V | undefined {
    const value = this.#map.get(key);
    if (value !== undefined) {
      this.#map.delete(key);
      this.#map.set(key, value);
    }
    return value;
  }

  set(key: K, value: V): void {
    this.#map.delete(key);
    this.#map.set(key, value);
    if (this.#map.size > this.#max) {
      const oldest = this.#map.keys().next();
      if (!oldest.done) this.#map.delete(oldest.value);
    }
  }

  clear(): void {
    this.#map.clear();
  }
}
