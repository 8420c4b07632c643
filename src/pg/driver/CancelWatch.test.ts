import { GraphQLError } from 'graphql';
import { describe, expect, it } from 'vitest';
import { CancelWatch, type CancellableQuery } from './CancelWatch.js';
import { ConnectionGate } from './ConnectionGate.js';

/** A stand-in for a postgres.js query, running on a connection, settled by the test. */
function fakeQuery<T>() {
  let settle!: { resolve: (value: T) => void; reject: (error: unknown) => void };
  const promise = new Promise<T>((resolve, reject) => (settle = { resolve, reject }));
  const cancels: string[] = [];
  const query = Object.assign(promise, {
    state: {},
    active: true,
    cancel: () => cancels.push('cancel'),
    canceller: (): Promise<void> => {
      cancels.push('canceller');
      // PostgreSQL stops the statement: the query fails as postgres.js reports it.
      settle.reject(new Error('canceling statement due to user request'));
      return Promise.resolve();
    },
  }) as CancellableQuery<T>;
  return { query, settle, cancels };
}

/** An abortable whose `signal` getter counts its reads. */
function countingAbortable() {
  const controller = new AbortController();
  const abortable = {
    reads: 0,
    get signal() {
      abortable.reads++;
      return controller.signal;
    },
  };
  return { controller, abortable };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('CancelWatch', () => {
  it('never reads the signal of queries that end before the second sweep', async () => {
    const gate = new ConnectionGate(2, 1_000);
    const watch = new CancelWatch(gate);
    const { abortable } = countingAbortable();
    for (let i = 0; i < 50; i++) {
      const { query, settle } = fakeQuery<number>();
      const result = watch.run(abortable, () => query);
      settle.resolve(i);
      expect(await result).toBe(i);
    }
    await sleep(130);
    expect(abortable.reads).toBe(0);
  });

  it('follows the signal of a query still running after a sweep, and cancels it on abort', async () => {
    const gate = new ConnectionGate(1, 10_000);
    const watch = new CancelWatch(gate);
    const { controller, abortable } = countingAbortable();
    const slow = fakeQuery<string>();
    const running = watch
      .run(abortable, () => slow.query)
      .then(
        () => 'resolved',
        (error: unknown) => error,
      );
    await sleep(130);
    expect(abortable.reads).toBe(1);
    const next = fakeQuery<string>();
    let nextStarted = false;
    const after = watch.run({}, () => {
      nextStarted = true;
      return next.query;
    });
    const reason = new GraphQLError('gave up', { extensions: { code: 'TIMEOUT' } });
    controller.abort(reason);
    expect(await running).toBe(reason);
    expect(slow.cancels).toEqual(['canceller']);
    // The slot passed on only once the statement stopped and the cancel request was done.
    expect(nextStarted).toBe(true);
    next.settle.resolve('next');
    expect(await after).toBe('next');
  });

  it('answers the abort even when the statement ended before the cancel reached it', async () => {
    const gate = new ConnectionGate(1, 10_000);
    const watch = new CancelWatch(gate);
    const { controller, abortable } = countingAbortable();
    const slow = fakeQuery<string>();
    // A cancel request that finds the statement already done.
    slow.query.canceller = () => {
      slow.cancels.push('canceller');
      slow.settle.resolve('done anyway');
      return Promise.resolve();
    };
    const running = watch
      .run(abortable, () => slow.query)
      .then(
        () => 'resolved',
        (error: unknown) => error,
      );
    await sleep(130);
    controller.abort(new Error('client went away'));
    expect(await running).toMatchObject({ extensions: { code: 'TIMEOUT' } });
    expect(slow.cancels).toEqual(['canceller']);
  });

  it('passes a failure through, and frees the slot', async () => {
    const gate = new ConnectionGate(1, 10_000);
    const watch = new CancelWatch(gate);
    const failing = fakeQuery<string>();
    const result = watch.run({}, () => failing.query);
    failing.settle.reject(new Error('syntax error'));
    await expect(result).rejects.toThrow('syntax error');
    const next = fakeQuery<string>();
    const after = watch.run({}, () => next.query);
    next.settle.resolve('free');
    expect(await after).toBe('free');
  });
});
