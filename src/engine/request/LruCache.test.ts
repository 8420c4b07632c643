import { describe, expect, it } from 'vitest';
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
});
