import { describe, expect, it } from 'vitest';
import { Deadlines } from './Deadlines.js';

describe('Deadlines', () => {
  it('fires a pending deadline once it is due, once, and never a settled one', () => {
    const deadlines = new Deadlines(100);
    const fired: string[] = [];
    deadlines.add(0, () => fired.push('pending'));
    const settled = deadlines.add(0, () => fired.push('settled'));
    deadlines.add(50, () => fired.push('later'));
    deadlines.settle(settled);
    deadlines.sweep(99);
    expect(fired).toEqual([]);
    deadlines.sweep(100);
    expect(fired).toEqual(['pending']);
    deadlines.sweep(120);
    expect(fired).toEqual(['pending']);
    deadlines.sweep(150);
    expect(fired).toEqual(['pending', 'later']);
  });

  it('keeps only pending deadlines after a sweep, and runs its timer only while any are queued', () => {
    const deadlines = new Deadlines(100);
    expect(deadlines.active).toBe(false);
    const many = Array.from({ length: 1000 }, () => deadlines.add(0, () => {}));
    const pending = deadlines.add(0, () => {});
    expect(deadlines.active).toBe(true);
    for (const deadline of many) deadlines.settle(deadline);
    deadlines.sweep(10);
    expect(deadlines.size).toBe(1);
    expect(deadlines.active).toBe(true);
    deadlines.settle(pending);
    deadlines.sweep(20);
    expect(deadlines.size).toBe(0);
    expect(deadlines.active).toBe(false);
    deadlines.add(30, () => {});
    expect(deadlines.active).toBe(true);
    deadlines.sweep(200);
    expect(deadlines.active).toBe(false);
  });

  it('lets a settled deadline leave the queue at once, whatever its place', () => {
    const deadlines = new Deadlines(100);
    const fired: number[] = [];
    const all = Array.from({ length: 6 }, (_, i) => deadlines.add(i, () => fired.push(i)));
    for (const i of [0, 5, 2]) deadlines.settle(all[i]!);
    deadlines.settle(all[2]!);
    expect(deadlines.size).toBe(3);
    deadlines.sweep(1_000);
    expect(fired).toEqual([1, 3, 4]);
    expect(deadlines.size).toBe(0);
    expect(deadlines.active).toBe(false);
  });

  it('fires on its own timer, no earlier than timeoutMs', async () => {
    const deadlines = new Deadlines(40);
    const started = performance.now();
    const waited = await new Promise<number>((resolve) =>
      deadlines.add(started, () => resolve(performance.now() - started)),
    );
    expect(waited).toBeGreaterThanOrEqual(40);
    expect(deadlines.active).toBe(false);
  });
});
