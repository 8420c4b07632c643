import { describe, expect, it } from 'vitest';
import type { ExecuteOutcome, SourceTags } from '../engine/index.js';
import { OperationScope } from './OperationScope.js';
import { ResultCache } from './ResultCache.js';
import { SharedScope } from './SharedScope.js';

function outcome(body: string, reads: string[] = [], errorCount = 0): ExecuteOutcome {
  const tags: SourceTags = { reads: new Set(reads), writes: new Set() };
  return {
    body,
    hasData: true,
    noData: false,
    errorCount,
    errorCodes: [],
    executeMs: 0,
    tags,
  };
}

describe('ResultCache', () => {
  it('invalidates the entries that read a tag, and those that read ANY_WRITE on any write', () => {
    const cache = new ResultCache(1 << 20, () => 0, 'all');
    cache.keep('posts', 1000, outcome('{"data":1}', ['public.posts']));
    cache.keep('users', 1000, outcome('{"data":2}', ['public.users']));
    cache.keep('view', 1000, outcome('{"data":3}', ['public.v', '*']));
    cache.invalidate(['public.posts']);
    expect([cache.get('posts'), cache.get('users')?.body, cache.get('view')]).toEqual([
      undefined,
      '{"data":2}',
      undefined,
    ]);
    // Kept again after the invalidation: served.
    cache.keep('posts', 1000, outcome('{"data":4}', ['public.posts']));
    expect(cache.get('posts')?.body).toBe('{"data":4}');
    cache.invalidate(['*']);
    expect([cache.get('posts'), cache.get('users'), cache.stats().entries]).toEqual([
      undefined,
      undefined,
      0,
    ]);
  });

  it('does not keep a result whose execution overlapped a write to what it read', async () => {
    const cache = new ResultCache(1 << 20, () => 0);
    const scope = new SharedScope(
      new OperationScope({ method: 'POST', url: '/', headers: {}, body: null }, 'r'),
    );
    let finish: (value: ExecuteOutcome) => void = () => {};
    const running = new Promise<ExecuteOutcome>((resolve) => (finish = resolve));
    const done = cache.fly('k', 1000, scope, running);
    expect(cache.joinFlight('k')).toBeDefined();
    cache.invalidate(['public.posts']);
    finish(outcome('{"data":1}', ['public.posts']));
    expect((await done.done).body).toBe('{"data":1}');
    expect([cache.get('k'), cache.joinFlight('k')]).toEqual([undefined, undefined]);
    // Unrelated writes meanwhile do not stop it being kept.
    const again = cache.fly(
      'k',
      1000,
      scope,
      Promise.resolve(outcome('{"data":2}', ['public.posts'])),
    );
    cache.invalidate(['public.users']);
    await again.done;
    expect(cache.get('k')?.body).toBe('{"data":2}');
  });

  it('keeps an answer the second time its key is asked, or at once after its entry went stale', () => {
    let now = 0;
    const cache = new ResultCache(1 << 20, () => now);
    const first = cache.keep('k', 1000, outcome('{"data":1}'));
    // Fit to keep (the caller's headers say so), not kept.
    expect([first?.body, first?.expiresAt, cache.get('k')]).toEqual([
      '{"data":1}',
      1000,
      undefined,
    ]);
    cache.keep('k', 1000, outcome('{"data":2}'));
    expect(cache.get('k')?.body).toBe('{"data":2}');
    now = 1000;
    expect(cache.get('k')).toBeUndefined();
    cache.keep('k', 1000, outcome('{"data":3}'));
    expect(cache.get('k')?.body).toBe('{"data":3}');
    expect(cache.stats()).toMatchObject({ unadmitted: 1, entries: 1, hits: 2 });
    // Forgotten with the entries when another schema serves.
    cache.clear();
    cache.keep('k', 1000, outcome('{"data":4}'));
    expect(cache.get('k')).toBeUndefined();
  });

  it('keeps no answer with errors', () => {
    const cache = new ResultCache(1 << 20, () => 0);
    cache.keep('k', 1000, outcome('{"errors":[],"data":null}', [], 1));
    expect(cache.get('k')).toBeUndefined();
  });
});

describe('SharedScope', () => {
  it('aborts only once every request waiting for the execution is given up', () => {
    const request = { method: 'POST', url: '/', headers: {}, body: null };
    const a = new OperationScope(request, 'a');
    const b = new OperationScope(request, 'b');
    const shared = new SharedScope(a);
    const signal = shared.signal;
    shared.add(b);
    a.abort(new Error('a left'));
    expect(signal.aborted).toBe(false);
    b.abort(new Error('b timed out'));
    expect(signal.aborted).toBe(true);
  });

  it('says whether every waiting request was given up, before any signal is made', () => {
    const request = { method: 'POST', url: '/', headers: {}, body: null };
    const [a, b, c] = ['a', 'b', 'c'].map((id) => new OperationScope(request, id)) as [
      OperationScope,
      OperationScope,
      OperationScope,
    ];
    const alone = new SharedScope(c);
    expect(alone.aborted).toBe(false);
    c.abort(new Error('c left'));
    expect(alone.aborted).toBe(true);
    const shared = new SharedScope(a);
    shared.add(b);
    a.abort(new Error('a left'));
    expect(shared.aborted).toBe(false);
    b.abort(new Error('b left'));
    expect(shared.aborted).toBe(true);
    // Made after all were given up: aborted from the start.
    expect(shared.signal.aborted).toBe(true);
  });
});
