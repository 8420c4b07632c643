import { describe, expect, it } from 'vitest';
import { StatementCache } from './StatementCache.js';

const statement = (text: string) => ({ text });

describe('StatementCache', () => {
  it('builds a statement once per key and keeps it', () => {
    const cache = new StatementCache(4, 1_000_000);
    let builds = 0;
    const build = () => (builds++, statement('SELECT 1'));
    const first = cache.get('a', build);
    expect(cache.get('a', build)).toBe(first);
    expect(builds).toBe(1);
  });

  it('keeps at most maxEntries statements, dropping the oldest', () => {
    const cache = new StatementCache(3, 1_000_000);
    for (const key of ['a', 'b', 'c', 'd']) cache.get(key, () => statement(`SELECT '${key}'`));
    expect(cache.size).toBe(3);
    let rebuilt = false;
    cache.get('a', () => ((rebuilt = true), statement('again')));
    expect(rebuilt).toBe(true);
  });

  it('keeps at most maxBytes of statement text, dropping the oldest', () => {
    const cache = new StatementCache(32, 1_000);
    for (let i = 0; i < 32; i++) cache.get(`k${i}`, () => statement('x'.repeat(100)));
    // 32 shapes of 100 bytes: only 10 fit in 1,000 bytes.
    expect(cache.size).toBe(10);
    expect(cache.bytes).toBeLessThanOrEqual(1_000);
    // The newest are the ones kept.
    let builds = 0;
    for (let i = 22; i < 32; i++) cache.get(`k${i}`, () => (builds++, statement('')));
    expect(builds).toBe(0);
  });

  it('counts bytes of UTF-8, not characters', () => {
    const cache = new StatementCache(32, 1_000);
    for (let i = 0; i < 10; i++) cache.get(`k${i}`, () => statement('é'.repeat(100)));
    expect(cache.size).toBe(5);
    expect(cache.bytes).toBeLessThanOrEqual(1_000);
  });

  it('builds a statement larger than maxBytes per request, and keeps the others', () => {
    const cache = new StatementCache(32, 1_000);
    cache.get('small', () => statement('SELECT 1'));
    let builds = 0;
    const huge = () => (builds++, statement('x'.repeat(1_001)));
    const one = cache.get('huge', huge);
    expect(one.text).toHaveLength(1_001);
    cache.get('huge', huge);
    expect(builds).toBe(2);
    expect(cache.size).toBe(1);
    let rebuilt = false;
    cache.get('small', () => ((rebuilt = true), statement('')));
    expect(rebuilt).toBe(false);
  });
});
