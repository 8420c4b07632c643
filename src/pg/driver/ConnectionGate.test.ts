import { GraphQLError } from 'graphql';
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

  it('fails a task that waits longer than acquireTimeoutMs, with DATABASE_BUSY, and recovers', async () => {
    const gate = new ConnectionGate(1, 20);
    let release!: () => void;
    const held = gate.run(() => new Promise<void>((r) => (release = r)));
    const waiting = gate.run(async () => 'never');
    await expect(waiting).rejects.toMatchObject({
      message:
        'No database connection became free within 20 ms (all 1 connections of the pool are busy).',
      extensions: { code: 'DATABASE_BUSY' },
    });
    release();
    await held;
    expect(await gate.run(async () => 'ok')).toBe('ok');
  });

  it('times out each waiter on its own schedule, and never one that got a connection', async () => {
    const gate = new ConnectionGate(1, 40);
    let release!: () => void;
    const held = gate.run(() => new Promise<void>((r) => (release = r)));
    const first = gate.run(async () => 'first');
    await new Promise((r) => setTimeout(r, 20));
    const second = gate.run(async () => 'second');
    // The holder finishes before the first waiter's 40 ms: the first runs, the second waits on.
    release();
    await held;
    expect(await first).toBe('first');
    await expect(second).resolves.toBe('second');
    // With the slot held again, a waiter that arrives later still gets its full 40 ms.
    let again!: () => void;
    const holder = gate.run(() => new Promise<void>((r) => (again = r)));
    const queuedAt = performance.now();
    const late = gate.run(async () => 'late');
    await expect(late).rejects.toMatchObject({ extensions: { code: 'DATABASE_BUSY' } });
    // Not early (the line's timer was armed for the first waiter, long gone); a millisecond of
    // slack for timer rounding.
    expect(performance.now() - queuedAt).toBeGreaterThanOrEqual(39);
    again();
    await holder;
    expect(await gate.run(async () => 'after')).toBe('after');
  });

  it("lets a waiter whose signal aborts leave the line while the slot is held, with the signal's reason", async () => {
    const gate = new ConnectionGate(1, 60_000);
    let release!: () => void;
    const held = gate.run(() => new Promise<void>((r) => (release = r)));
    const controller = new AbortController();
    let ran = false;
    const waiting = gate.run(async () => {
      ran = true;
    }, controller);
    const behind = gate.run(async () => 'behind');
    const reason = new GraphQLError('given up', { extensions: { code: 'TIMEOUT' } });
    controller.abort(reason);
    // Rejected while the slot is still held (at the gate's next look at the line): it did not
    // wait for the 60 s acquire timeout.
    await expect(waiting).rejects.toBe(reason);
    release();
    await held;
    // The one behind it in the line gets the slot; the aborted task never runs.
    expect(await behind).toBe('behind');
    expect(ran).toBe(false);
    expect(await gate.run(async () => 'after')).toBe('after');
  });

  it('refuses a task that must wait when its signal has already aborted', async () => {
    const gate = new ConnectionGate(1, 1_000);
    let release!: () => void;
    const held = gate.run(() => new Promise<void>((r) => (release = r)));
    const controller = new AbortController();
    controller.abort(new Error('gone'));
    let ran = false;
    await expect(
      gate.run(async () => {
        ran = true;
      }, controller),
    ).rejects.toMatchObject({ extensions: { code: 'TIMEOUT' } });
    release();
    await held;
    expect(ran).toBe(false);
    expect(await gate.run(async () => 'free')).toBe('free');
  });

  it('reads the signal only when the task has to wait', async () => {
    const gate = new ConnectionGate(1, 1_000);
    let reads = 0;
    const abortable = {
      get signal() {
        reads++;
        return new AbortController().signal;
      },
    };
    let release!: () => void;
    const held = gate.run(() => new Promise<void>((r) => (release = r)), abortable);
    expect(reads).toBe(0);
    const waiting = gate.run(async () => 'waited', abortable);
    expect(reads).toBe(1);
    release();
    await held;
    expect(await waiting).toBe('waited');
  });

  it('asks a waiter whether it was given up, and never makes its signal while it was not', async () => {
    const gate = new ConnectionGate(1, 1_000);
    let signalReads = 0;
    let abortedReads = 0;
    const abortable = {
      get signal() {
        signalReads++;
        return new AbortController().signal;
      },
      get aborted() {
        abortedReads++;
        return false;
      },
    };
    let release!: () => void;
    const held = gate.run(() => new Promise<void>((r) => (release = r)), abortable);
    const waiting = gate.run(async () => 'waited', abortable);
    // Held past one look at the line.
    await new Promise((r) => setTimeout(r, 120));
    release();
    await held;
    expect(await waiting).toBe('waited');
    expect(signalReads).toBe(0);
    expect(abortedReads).toBeGreaterThanOrEqual(2);
  });

  it('passes the slot over a waiter given up since it joined the line', async () => {
    const gate = new ConnectionGate(1, 60_000);
    let release!: () => void;
    const held = gate.run(() => new Promise<void>((r) => (release = r)));
    const controller = new AbortController();
    const reason = new GraphQLError('client gone', { extensions: { code: 'TIMEOUT' } });
    let given = false;
    const abortable = {
      get signal() {
        if (given) controller.abort(reason);
        return controller.signal;
      },
      get aborted() {
        return given;
      },
    };
    let ran = false;
    const waiting = gate.run(async () => {
      ran = true;
    }, abortable);
    const behind = gate.run(async () => 'behind');
    given = true;
    release();
    await held;
    await expect(waiting).rejects.toBe(reason);
    expect(await behind).toBe('behind');
    expect(ran).toBe(false);
  });

  it('frees the slot when a task throws', async () => {
    const gate = new ConnectionGate(1, 20);
    await expect(gate.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await gate.run(async () => 'next')).toBe('next');
  });
});
