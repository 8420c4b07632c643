import { describe, expect, it } from 'vitest';
import { RecyclingPool } from './RecyclingPool.js';

/** A stand-in pool that records when it is ended and with what timeout. */
class FakePool {
  ended: number | undefined = undefined;
  constructor(readonly id: number) {}
  end(options?: { timeout?: number }): Promise<void> {
    this.ended = options?.timeout;
    return Promise.resolve();
  }
}

function pools(maxStatements: number, maxBytes = 1_000_000) {
  const opened: FakePool[] = [];
  const pool = new RecyclingPool(
    () => {
      const made = new FakePool(opened.length);
      opened.push(made);
      return made;
    },
    { maxStatements, maxBytes, drainSeconds: 7 },
  );
  return { pool, opened };
}

describe('RecyclingPool', () => {
  it('keeps one pool while the distinct statements stay within the bound', () => {
    const { pool, opened } = pools(3);
    for (let round = 0; round < 10; round++) {
      for (const text of ['a', 'b', 'c']) expect(pool.admit(text)).toBe(true);
    }
    expect(opened).toHaveLength(1);
    expect(pool.recycled).toBe(0);
  });

  it('replaces the pool when a new statement would pass the bound, and ends the old one', () => {
    const { pool, opened } = pools(3);
    for (const text of ['a', 'b', 'c']) pool.admit(text);
    const first = pool.current;
    expect(pool.admit('d')).toBe(true);
    expect(opened).toHaveLength(2);
    expect(pool.current).not.toBe(first);
    expect(opened[0]!.ended).toBe(7);
    // The new pool counts from zero: 'a' is new to it.
    for (const text of ['a', 'b']) pool.admit(text);
    expect(opened).toHaveLength(2);
    pool.admit('e');
    expect(opened).toHaveLength(3);
  });

  it('bounds one pool to so many distinct statements, however many run', () => {
    const { pool, opened } = pools(100);
    for (let i = 0; i < 3_000; i++) pool.admit(`SELECT ${i}`);
    expect(opened).toHaveLength(30);
    expect(pool.recycled).toBe(29);
  });

  it('bounds the bytes of text, and runs a statement longer than the bound unnamed', () => {
    const { pool, opened } = pools(1_000, 10);
    expect(pool.admit('12345')).toBe(true);
    expect(pool.admit('67890')).toBe(true);
    expect(opened).toHaveLength(1);
    expect(pool.admit('abc')).toBe(true);
    expect(opened).toHaveLength(2);
    expect(pool.admit('x'.repeat(11))).toBe(false);
    // Bytes, not characters: 4 two-byte characters and 3 more bytes are 11.
    expect(pool.admit('éééé123')).toBe(false);
    expect(opened).toHaveLength(2);
  });

  it('prepares nothing with a bound of 0, on one pool', () => {
    const { pool, opened } = pools(0);
    for (let i = 0; i < 10; i++) expect(pool.admit(`SELECT ${i}`)).toBe(false);
    expect(opened).toHaveLength(1);
  });

  it('ends the current pool and waits for the retired ones', async () => {
    const { pool, opened } = pools(1);
    pool.admit('a');
    pool.admit('b');
    await pool.end(5);
    expect(opened.map((p) => p.ended)).toEqual([7, 5]);
  });
});
