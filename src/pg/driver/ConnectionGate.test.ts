import { describe, expect, it } from 'vitest';
import { ConnectionGate } from './ConnectionGate.js';

describe('ConnectionGate (the pool bound)', () => {
  it('runs at most `max` tasks at once and queues the rest in order', async () => {
    const gate = new ConnectionGate(2, 1_000);
    let running = 0;
    let peak = 0;
    const order: number[] = [];
    const task = (id: number) =>
      gate.run(async () => {
        running++;
        peak = Math.max(peak, running);
        await new Promise((r) => setTimeout(r, 5));
        order.push(id);
        running--;
        return id;
      });
    expect(await Promise.all([1, 2, 3, 4, 5].map(task))).toEqual([1, 2, 3, 4, 5]);
    expect(peak).toBe(2);
    expect(order.slice(2)).toEqual([3, 4, 5]);
  });

  it('fails a task that waits longer than acquireTimeoutMs, with DATABASE_ERROR, and recovers', async () => {
    const gate = new ConnectionGate(1, 20);
    let release!: () => void;
    const held = gate.run(() => new Promise<void>((r) => (release = r)));
    const waiting = gate.run(async () => 'never');
    await expect(waiting).rejects.toMatchObject({
      message:
        'No database connection became free within 20 ms (all 1 connections of the pool are busy).',
      extensions: { code: 'DATABASE_ERROR' },
    });
    release();
    await held;
    expect(await gate.run(async () => 'ok')).toBe('ok');
  });

  it('frees the slot when a task throws', async () => {
    const gate = new ConnectionGate(1, 20);
    await expect(gate.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await gate.run(async () => 'next')).toBe('next');
  });
});
