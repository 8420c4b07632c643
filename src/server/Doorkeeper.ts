/**
 * The result cache's admission (docs/cache.md, "Admission"): a key is let in the second time it
 * is seen within a window, as TinyLFU's doorkeeper does, so a key asked once costs a lookup and
 * no memory. Most distinct requests of a real workload are asked only once; keeping each of them
 * made every miss pay for a store, an eviction and the collector's work on the kept answer
 * (bench/pg Q1: 0.88× the req/s without a cache), and filled the cache with answers never read.
 *
 * Two Bloom filters of the keys' hashes, each of `16 × window` bits read with 4 probes: a key is
 * remembered in the current one; when `window` keys were added to it, it becomes the previous
 * one and a cleared filter the current. A key is known while either holds it: for at least
 * `window` and at most `2 × window` other keys first seen after it. A false positive (about 0.5%
 * with both filters full) only lets a key in early; nothing else depends on the answer. Fixed
 * memory (`4 × window` bytes), nothing kept per key, no collector work.
 */
export class Doorkeeper {
  #current: Int32Array;
  #previous: Int32Array;
  readonly #mask: number;
  readonly #window: number;
  #added = 0;

  constructor(window: number) {
    if (!(window >= 1)) throw new RangeError(`Doorkeeper window must be at least 1, got ${window}`);
    this.#window = Math.ceil(window);
    // A power of two of at least 16 bits per key, in 32-bit words.
    const words = 2 ** Math.ceil(Math.log2(Math.max(1, this.#window / 2)));
    this.#current = new Int32Array(words);
    this.#previous = new Int32Array(words);
    this.#mask = words * 32 - 1;
  }

  /**
   * Whether `key` was seen within the window (then it is admitted); it is remembered either way,
   * so the next request for it is admitted.
   */
  admit(key: string): boolean {
    hash(key);
    const h1 = hashed[0]!;
    const h2 = hashed[1]!;
    if (this.#has(this.#current, h1, h2)) return true;
    const seen = this.#has(this.#previous, h1, h2);
    this.#add(h1, h2);
    return seen;
  }

  /** Whether `key` was seen within the window, without remembering it. */
  has(key: string): boolean {
    hash(key);
    const h1 = hashed[0]!;
    const h2 = hashed[1]!;
    return this.#has(this.#current, h1, h2) || this.#has(this.#previous, h1, h2);
  }

  /** Remembers `key` as seen (an entry of it was kept, and went stale): it is admitted again. */
  remember(key: string): void {
    hash(key);
    const h1 = hashed[0]!;
    const h2 = hashed[1]!;
    if (!this.#has(this.#current, h1, h2)) this.#add(h1, h2);
  }

  /** Forgets every key. */
  clear(): void {
    this.#current.fill(0);
    this.#previous.fill(0);
    this.#added = 0;
  }

  #has(bits: Int32Array, h1: number, h2: number): boolean {
    for (let i = 0, h = h1; i < PROBES; i++, h = (h + h2) | 0) {
      const bit = h & this.#mask;
      if ((bits[bit >>> 5]! & (1 << (bit & 31))) === 0) return false;
    }
    return true;
  }

  #add(h1: number, h2: number): void {
    if (this.#added >= this.#window) {
      const emptied = this.#previous;
      emptied.fill(0);
      this.#previous = this.#current;
      this.#current = emptied;
      this.#added = 0;
    }
    const bits = this.#current;
    for (let i = 0, h = h1; i < PROBES; i++, h = (h + h2) | 0) {
      const bit = h & this.#mask;
      bits[bit >>> 5]! |= 1 << (bit & 31);
    }
    this.#added++;
  }
}

const PROBES = 4;
/** The last `hash`: written in place, so hashing a key allocates nothing. */
const hashed = new Int32Array(2);

/**
 * Two 32-bit hashes of a string in one pass (FNV-1a and a multiply-rotate hash) into `hashed`,
 * for the probes `h1 + i × h2` (h2 odd, so the probes differ in a power-of-two filter).
 */
function hash(key: string): void {
  let a = 0x811c9dc5;
  let b = 0x9747b28c ^ key.length;
  for (let i = 0; i < key.length; i++) {
    const c = key.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995);
    b = (b << 13) | (b >>> 19);
  }
  // Final mixing (murmur3's), so the low bits the filter reads depend on every character.
  a ^= a >>> 16;
  a = Math.imul(a, 0x85ebca6b);
  a ^= a >>> 13;
  b ^= b >>> 15;
  b = Math.imul(b, 0xc2b2ae35);
  b ^= b >>> 16;
  hashed[0] = a;
  hashed[1] = b | 1;
}
