import { describe, expect, it } from 'vitest';
import { EventQueue, MAX_QUEUED_EVENTS } from './EventQueue.js';

describe('EventQueue', () => {
  it('keeps the events its reader has not taken, in order, up to the bound; then one gap', async () => {
    const queue = new EventQueue(() => {});
    queue.push({ json: '1' });
    queue.push({ json: '2' });
    expect((await queue.next()).value).toEqual({ json: '1' });
    expect((await queue.next()).value).toEqual({ json: '2' });
    for (let i = 0; i <= MAX_QUEUED_EVENTS; i++) queue.push({ json: String(i) });
    expect((await queue.next()).value).toEqual({ missed: true });
  });

  it('answers next() calls made before any event in order, each with its own event', async () => {
    for (const latest of [false, true]) {
      const queue = new EventQueue(() => {}, latest);
      const first = queue.next();
      const second = queue.next();
      queue.push({ json: '1' });
      queue.push({ json: '2' });
      expect(await first).toEqual({ value: { json: '1' }, done: false });
      expect(await second).toEqual({ value: { json: '2' }, done: false });
    }
  });

  it('return() ends every pending next() with done', async () => {
    const queue = new EventQueue(() => {});
    const pending = [queue.next(), queue.next(), queue.next()];
    await queue.return();
    expect(await Promise.all(pending)).toEqual(
      pending.map(() => ({ value: undefined, done: true })),
    );
  });

  it('with latest, holds only the newest event not taken yet (a live query result)', async () => {
    let ended = 0;
    const queue = new EventQueue(() => (ended += 1), true);
    queue.push({ json: 'old' });
    queue.push({ json: 'newer' });
    queue.push({ json: 'newest' });
    expect((await queue.next()).value).toEqual({ json: 'newest' });
    const waiting = queue.next();
    queue.push({ json: 'taken at once' });
    expect((await waiting).value).toEqual({ json: 'taken at once' });
    await queue.return();
    await queue.return();
    expect(ended).toBe(1);
    expect(await queue.next()).toEqual({ value: undefined, done: true });
  });
});
