import { describe, expect, it } from 'vitest';
import { Doorkeeper } from './Doorkeeper.js';

describe('Doorkeeper', () => {
  it('admits a key the second time it is seen', () => {
    const door = new Doorkeeper(100);
    expect([door.admit('a'), door.admit('b'), door.admit('a'), door.admit('a')]).toEqual([
      false,
      false,
      true,
      true,
    ]);
  });

  it('remembers a key for at least one window of other keys, and forgets it after two', () => {
    const door = new Doorkeeper(4);
    door.admit('a');
    for (const key of ['b', 'c', 'd', 'e', 'f', 'g']) door.admit(key);
    // Six keys later (past one window): still known, and remembered anew.
    expect(door.admit('a')).toBe(true);
    const other = new Doorkeeper(4);
    other.admit('a');
    for (const key of ['b', 'c', 'd', 'e', 'f', 'g', 'h', 'i']) other.admit(key);
    // Eight keys later (two windows): forgotten.
    expect(other.admit('a')).toBe(false);
  });

  it('admits at once a key it was told to remember, and nothing after clear', () => {
    const door = new Doorkeeper(100);
    door.remember('k');
    expect(door.admit('k')).toBe(true);
    door.clear();
    expect(door.admit('k')).toBe(false);
  });

  it('admits few keys it never saw (false positives of its filters)', () => {
    const window = 10_000;
    const door = new Doorkeeper(window);
    // Two windows of keys: both filters full.
    for (let i = 0; i < 2 * window; i++) door.admit(`seen:${i}`);
    let admitted = 0;
    for (let i = 0; i < window; i++) if (door.has(`never:${i}`)) admitted++;
    expect(admitted / window).toBeLessThan(0.01);
    let known = 0;
    for (let i = window; i < 2 * window; i++) if (door.has(`seen:${i}`)) known++;
    expect(known).toBe(window);
  });

  it('tells keys apart that differ in one character, or only in length', () => {
    const door = new Doorkeeper(1000);
    door.admit('1:0:{"id":1}');
    expect(door.has('1:0:{"id":2}')).toBe(false);
    expect(door.has('1:0:{"id":1} ')).toBe(false);
    expect(door.has('1:0:{"id":1}')).toBe(true);
  });
});
