import { describe, expect, it, vi } from 'vitest';
import { LruCache } from './LruCache.js';

describe('LruCache', () => {
  it('evicts the least recently used entry when full', () => {
    const cache = new LruCache<string, number>(2);
    cache.set('a', 1);
    cache.set('b', 2);
    expect(cache.get('a')).toBe(1); // a is now the most recent
    cache.set('c', 3);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe(1);
    expect(cache.get('c')).toBe(3);
    expect(cache.size).toBe(2);
  });

  it('evicts the least recently used entries until the bytes fit', () => {
    const cache = new LruCache<string, number>(100, 10);
    cache.set('a', 1, 4);
    cache.set('b', 2, 4);
    cache.get('a');
    cache.set('c', 3, 4); // evicts b
    expect(cache.get('b')).toBeUndefined();
    expect(cache.bytes).toBe(8);
    cache.set('d', 4, 9); // evicts a and c
    expect([cache.get('a'), cache.get('c'), cache.get('d')]).toEqual([undefined, undefined, 4]);
    expect(cache.bytes).toBe(9);
    cache.set('d', 5, 2); // replacing an entry counts its new size only
    expect(cache.bytes).toBe(2);
  });

  it('keeps no entry larger than the byte bound, and evicts nothing for it', () => {
    const cache = new LruCache<string, number>(100, 10);
    cache.set('a', 1, 5);
    expect(cache.set('huge', 2, 11)).toBe(false);
    expect(cache.get('huge')).toBeUndefined();
    expect(cache.get('a')).toBe(1);
  });

  it('grows an entry, evicting the oldest others, or the entry itself when it alone is too large', () => {
    const cache = new LruCache<string, number>(100, 10);
    cache.set('a', 1, 3);
    cache.set('b', 2, 3);
    cache.grow('b', 5); // 11 bytes: a goes
    expect([cache.get('a'), cache.get('b'), cache.bytes]).toEqual([undefined, 2, 8]);
    cache.grow('b', 3);
    expect([cache.get('b'), cache.size, cache.bytes]).toEqual([undefined, 0, 0]);
    cache.grow('missing', 1);
    expect(cache.bytes).toBe(0);
  });

  it('refuses a size below one', () => {
    expect(() => new LruCache(0)).toThrow(RangeError);
    expect(() => new LruCache(1, 0)).toThrow(RangeError);
  });
});

describe('LruCache eviction', () => {
  it('gives a used entry a second chance and a peeked one none', () => {
    const cache = new LruCache<string, number>(3);
    cache.set('a', 1);
    cache.set('b', 2);
    cache.set('c', 3);
    cache.get('a');
    expect(cache.peek('b')).toBe(2);
    cache.set('d', 4); // a was used: placed again; b only peeked: evicted
    expect([cache.peek('a'), cache.peek('b'), cache.peek('c'), cache.peek('d')]).toEqual([
      1,
      undefined,
      3,
      4,
    ]);
    cache.set('e', 5); // c is now the oldest unused
    expect([cache.peek('a'), cache.peek('c')]).toEqual([1, undefined]);
  });

  it('goes on from where the last eviction stopped instead of walking the map from the front', () => {
    // A Map keeps the slots of deleted entries until it rehashes, and a new iterator walks them all
    // again: a full cache that evicts once per set must not start one per eviction.
    const cache = new LruCache<number, number>(1000);
    for (let i = 0; i < 1000; i++) cache.set(i, i);
    const started = [
      vi.spyOn(Map.prototype, 'entries'),
      vi.spyOn(Map.prototype, 'keys'),
      vi.spyOn(Map.prototype, 'values'),
      vi.spyOn(Map.prototype, Symbol.iterator),
    ];
    try {
      for (let i = 1000; i < 3000; i++) cache.set(i, i);
      const walks = started.reduce((sum, spy) => sum + spy.mock.calls.length, 0);
      // One turn of the hand per 1,000 evictions, and the turn that starts the next.
      expect(walks).toBeLessThanOrEqual(3);
    } finally {
      for (const spy of started) spy.mockRestore();
    }
    // The oldest 2,000 went, in order; the newest 1,000 are kept.
    expect([cache.size, cache.peek(1999), cache.peek(2000), cache.peek(2999)]).toEqual([
      1000,
      undefined,
      2000,
      2999,
    ]);
  });

  it('keeps its order across a full turn, a clear and entries placed after the turn', () => {
    const cache = new LruCache<string, number>(2);
    cache.set('a', 1);
    cache.set('b', 2);
    cache.set('c', 3); // a goes
    cache.set('d', 4); // b goes: the hand has passed every entry placed before it
    cache.get('c');
    cache.set('e', 5); // c was used: placed again; d goes
    expect([cache.peek('c'), cache.peek('d'), cache.peek('e')]).toEqual([3, undefined, 5]);
    cache.clear();
    cache.set('f', 6);
    cache.set('g', 7);
    cache.set('h', 8); // after clear: f is the oldest
    expect([cache.peek('f'), cache.peek('g'), cache.peek('h')]).toEqual([undefined, 7, 8]);
  });
});
