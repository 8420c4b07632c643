/**
 * The result cache's admission (docs/cache.md, "Admission"): a key is let in the second time it
 * is seen within a window, as TinyLFU's doorkeeper does, so a key asked once costs a lookup and
 * no memory. Most distinct requests of a real workload are asked only once; keeping each of them
 * made every miss pay for a store, an eviction and the collector's work on the kept answer
 * (bench/pg Q1: 0.88× the req/s without a cache), and filled the cache with answers never read.
 *
 * Two Bloom filters of the keys' hashes, each of `16 × window` bits: a key is remembered in the
 * current one; when `window` keys were added to it, it becomes the previous one and a cleared
 * filter the current. A key is known while either holds it: for at least `window` and at most
 * `2 × window` other keys first seen after it. A false positive (under 1% with both filters full)
 * only lets a key in early; nothing else depends on the answer. Fixed memory (`4 × window`
 * bytes, rounded up to a power of two), nothing kept per key, no collector work.
 *
 * The filters are blocked: a key's 4 bits lie in one block of 512 bits (a cache line), so a look
 * reads one line per filter. With the 4 bits spread over the whole filter, a miss read up to 8
 * lines of a filter much larger than the processor's nearest caches: 0.5 µs per miss in a CPU
 * profile of bench/pg's Q1, a third of what the cache's code cost a miss.
 */
export class Doorkeeper {
  #current: Int32Array;
  #previous: Int32Array;
  /** The blocks of a filter, less one: a power of two less one, masking a hash into a block. */
  readonly #blocks: number;
  readonly #window: number;
  #added = 0;

  constructor(window: number) {
    if (!(window >= 1)) throw new RangeError(`Doorkeeper window must be at least 1, got ${window}`);
    this.#window = Math.ceil(window);
    // A power of two of blocks, at least 16 bits per key: 32 keys per block of 512 bits.
    const blocks = 2 ** Math.ceil(Math.log2(Math.max(1, this.#window / 32)));
    this.#current = new Int32Array(blocks * BLOCK_WORDS);
    this.#previous = new Int32Array(blocks * BLOCK_WORDS);
    this.#blocks = blocks - 1;
  }

  /**
   * Whether `key` was seen within the window (then it is admitted); it is remembered either way,
   * so the next request for it is admitted.
   */
  admit(key: string): boolean {
    const at = this.#block(key);
    if (has(this.#current, at)) return true;
    const seen = has(this.#previous, at);
    this.#add(at);
    return seen;
  }

  /** Whether `key` was seen within the window, without remembering it. */
  has(key: string): boolean {
    const at = this.#block(key);
    return has(this.#current, at) || has(this.#previous, at);
  }

  /** Remembers `key` as seen (an entry of it was kept, and went stale): it is admitted again. */
  remember(key: string): void {
    const at = this.#block(key);
    if (!has(this.#current, at)) this.#add(at);
  }

  /** Forgets every key. */
  clear(): void {
    this.#current.fill(0);
    this.#previous.fill(0);
    this.#added = 0;
  }

  /** Hashes `key` (into `hashed`) and gives the first word of its block. */
  #block(key: string): number {
    hash(key);
    return (hashed[0]! & this.#blocks) * BLOCK_WORDS;
  }

  #add(at: number): void {
    if (this.#added >= this.#window) {
      const emptied = this.#previous;
      emptied.fill(0);
      this.#previous = this.#current;
      this.#current = emptied;
      this.#added = 0;
    }
    const filter = this.#current;
    const b = hashed[1]!;
    set(filter, at, b & 511);
    set(filter, at, (b >>> 9) & 511);
    set(filter, at, (b >>> 18) & 511);
    set(filter, at, hashed[0]! >>> 23);
    this.#added++;
  }
}

/** 32-bit words in a block: 512 bits, a cache line. */
const BLOCK_WORDS = 16;

/**
 * Whether the block at `at` holds the 4 bits of the key last hashed: three from the second hash
 * (9 bits each), one from the first hash's top 9 bits (its low bits picked the block: at most
 * 2^15 blocks, so they never overlap).
 */
function has(filter: Int32Array, at: number): boolean {
  const b = hashed[1]!;
  return (
    isSet(filter, at, b & 511) &&
    isSet(filter, at, (b >>> 9) & 511) &&
    isSet(filter, at, (b >>> 18) & 511) &&
    isSet(filter, at, hashed[0]! >>> 23)
  );
}

function isSet(filter: Int32Array, at: number, bit: number): boolean {
  return (filter[at + (bit >>> 5)]! & (1 << (bit & 31))) !== 0;
}

function set(filter: Int32Array, at: number, bit: number): void {
  filter[at + (bit >>> 5)]! |= 1 << (bit & 31);
}

/** The last `hash`: written in place, so hashing a key allocates nothing. */
const hashed = new Int32Array(2);

/**
 * Two 32-bit hashes of a string in one pass (FNV-1a and a multiply-rotate hash) into `hashed`:
 * the first picks the block, the second the bits in it.
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
  // Final mixing (murmur3's), so every bit read depends on every character.
  a ^= a >>> 16;
  a = Math.imul(a, 0x85ebca6b);
  a ^= a >>> 13;
  b ^= b >>> 15;
  b = Math.imul(b, 0xc2b2ae35);
  b ^= b >>> 16;
  hashed[0] = a;
  hashed[1] = b;
}
