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
