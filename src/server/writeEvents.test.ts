import { describe, expect, it } from 'vitest';
import type { ExecuteOutcome } from '../engine/index.js';
import { writeEvents } from './writeEvents.js';

/** An event source fed by hand: `push` an event's text, `fail` with an error, `end` it. */
function source() {
  const queued: Array<IteratorResult<ExecuteOutcome, void> | Error> = [];
  let waiting: (() => void) | undefined;
  let returned = 0;
  const put = (item: IteratorResult<ExecuteOutcome, void> | Error) => {
    queued.push(item);
    waiting?.();
  };
  const events: AsyncGenerator<ExecuteOutcome, void, void> = {
    async next() {
      while (queued.length === 0) await new Promise<void>((resolve) => (waiting = resolve));
      const item = queued.shift() as IteratorResult<ExecuteOutcome, void> | Error;
      if (item instanceof Error) throw item;
      return item;
    },
    async return() {
      returned++;
      put({ done: true, value: undefined });
      return { done: true, value: undefined };
    },
    throw: (error: unknown) => Promise.reject(error),
    [Symbol.asyncIterator]() {
      return this;
    },
  };
  return {
    events,
    push: (body: string) => put({ done: false, value: { body } as ExecuteOutcome }),
    fail: (error: Error) => put(error),
    end: () => put({ done: true, value: undefined }),
    returned: () => returned,
  };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('writeEvents', () => {
  it('writes each event as it comes, from the first next(), and ends when the events end', async () => {
    const s = source();
    const written: string[] = [];
    const iterator = writeEvents(s.events, (text) => written.push(text));
    s.push('{"data":{"n":1}}');
    await settle();
    expect(written).toEqual([]);
    const ended = iterator.next();
    await settle();
    s.push('{"data":{"n":2}}');
    await settle();
    expect(written).toEqual(['{"data":{"n":1}}', '{"data":{"n":2}}']);
    s.end();
    expect(await ended).toEqual({ done: true, value: undefined });
    expect(s.returned()).toBe(0);
  });

  it('closes the source on return() and writes nothing after it, the pending next() done', async () => {
    const s = source();
    const written: string[] = [];
    const iterator = writeEvents(s.events, (text) => written.push(text));
    const pending = iterator.next();
    s.push('a');
    await settle();
    // An event on its way when the client completes the operation is not written.
    s.push('b');
    expect(await iterator.return?.()).toEqual({ done: true, value: undefined });
    s.push('c');
    await settle();
    expect(written).toEqual(['a']);
    expect(s.returned()).toBe(1);
    expect(await pending).toEqual({ done: true, value: undefined });
  });

  it("rejects the library's next() with what the events threw", async () => {
    const s = source();
    const written: string[] = [];
    const iterator = writeEvents(s.events, (text) => written.push(text));
    const pending = iterator.next();
    s.push('a');
    s.fail(new Error('the source failed'));
    await expect(pending).rejects.toThrow('the source failed');
    expect(written).toEqual(['a']);
  });
});
