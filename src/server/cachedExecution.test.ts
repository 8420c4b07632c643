import { describe, expect, it } from 'vitest';
import { createEngine, makeSchema } from '../engine/index.js';
import { createHandler } from './createHandler.js';
import { send } from './__fixtures__/testServer.js';
import type { InvalidationBus, ResultCacheOptions } from './types.js';
import { withCachedDirective } from './withCachedDirective.js';

/** A schema whose resolvers count their runs; `wait` holds `slow` until released. */
function counted() {
  const state = { runs: 0, fails: 0, bumps: 0 };
  let release: () => void = () => {};
  let gate = Promise.resolve();
  const schema = makeSchema({
    typeDefs: /* GraphQL */ `
      type Query {
        n(tag: String): Int!
        slow: Int!
        flaky: Int
        other: Int!
        text(size: Int!): String!
      }
      type Mutation {
        bump: Int!
      }
    `,
    resolvers: {
      Query: {
        n: () => ++state.runs,
        slow: async () => {
          await gate;
          return ++state.runs;
        },
        flaky: async () => {
          await gate;
          state.fails++;
          throw new Error('flaky');
        },
        other: () => 0,
        text: (_: unknown, args: { size: number }) => 'x'.repeat(args.size),
      },
      Mutation: { bump: () => ++state.bumps },
    },
  });
  return {
    state,
    schema: withCachedDirective(schema),
    hold() {
      gate = new Promise((resolve) => (release = resolve));
    },
    release: () => release(),
  };
}

/**
 * A handler with a result cache that keeps every answer from its first request (`admission:
 * 'all'`), unless `cache` says otherwise: what each feature does to a kept entry, apart from when
 * entries are admitted ("admission" below, with the default).
 */
/** `n` identical requests sent while the fixture's slow fields are held, then released. */
async function concurrently(
  fixture: ReturnType<typeof counted>,
  handle: ReturnType<typeof createHandler>,
  query: string,
  n: number,
) {
  fixture.hold();
  const pending = Array.from({ length: n }, () => send(handle, post(query)));
  await new Promise((resolve) => setImmediate(resolve));
  fixture.release();
  return Promise.all(pending);
}

function cachedHandler(cache: ResultCacheOptions, fixture = counted()) {
  const engine = createEngine({ schema: fixture.schema });
  return {
    ...fixture,
    handle: createHandler({ engine, cache: { admission: 'all', ...cache }, csrf: false }),
  };
}

const post = (query: string, variables?: object, headers: Record<string, string> = {}) => ({
  json: { query, variables },
  headers,
});

describe('the result cache: policy', () => {
  it('caches nothing without a policy, and answers no-store', async () => {
    const { handle, state } = cachedHandler({});
    for (let i = 0; i < 3; i++) {
      const res = await send(handle, post('{ n }'));
      expect(res.headers['cache-control']).toBe('no-store');
    }
    expect(state.runs).toBe(3);
  });

  it('caches a query whose every root field is configured, and not one with another field', async () => {
    const { handle, state } = cachedHandler({ fields: { 'Query.n': 30 } });
    const first = await send(handle, post('{ n }'));
    const second = await send(handle, post('{ n }'));
    expect([first.json, second.json]).toEqual([{ data: { n: 1 } }, { data: { n: 1 } }]);
    expect(second.headers['x-sluice-cache']).toBe('hit');
    expect(second.headers['cache-control']).toBe('public, max-age=30');
    await send(handle, post('{ n other }'));
    await send(handle, post('{ n other }'));
    expect(state.runs).toBe(3);
  });

  it('caches by operation name and by @cached(ttl:), never a mutation', async () => {
    const { handle, state } = cachedHandler({ operations: { Counted: 10 } });
    await send(handle, post('query Counted { n }'));
    await send(handle, post('query Counted { n }'));
    expect(state.runs).toBe(1);
    const tagged = await send(handle, post('query @cached(ttl: 5) { n(tag: "d") }'));
    const again = await send(handle, post('query @cached(ttl: 5) { n(tag: "d") }'));
    expect([tagged.json, again.headers['cache-control']]).toEqual([
      { data: { n: 2 } },
      'public, max-age=5',
    ]);
    await send(handle, post('mutation { bump }'));
    const bumped = await send(handle, post('mutation { bump }'));
    expect(bumped.json).toEqual({ data: { bump: 2 } });
  });
});

describe('the result cache: keys', () => {
  it('keeps one entry per scope: the same document for two scopes runs twice', async () => {
    const { handle, state } = cachedHandler({
      fields: { 'Query.n': 60 },
      scope: (request) => request.headers['x-user'] as string | undefined,
    });
    const ann = await send(handle, post('{ n }', undefined, { 'x-user': 'ann' }));
    const bob = await send(handle, post('{ n }', undefined, { 'x-user': 'bob' }));
    const annAgain = await send(handle, post('{ n }', undefined, { 'x-user': 'ann' }));
    expect([ann.json, bob.json, annAgain.json]).toEqual([
      { data: { n: 1 } },
      { data: { n: 2 } },
      { data: { n: 1 } },
    ]);
    // A scope function that declines leaves the request uncached.
    await send(handle, post('{ n }'));
    await send(handle, post('{ n }'));
    expect(state.runs).toBe(4);
  });

  it('without a scope function, never caches a request with Authorization or a cookie', async () => {
    const { handle, state } = cachedHandler({ fields: { 'Query.n': 60 } });
    for (const headers of [{ authorization: 'Bearer a' }, { cookie: 's=1' }]) {
      const a = await send(handle, post('{ n }', undefined, headers));
      const b = await send(handle, post('{ n }', undefined, headers));
      expect(b.json).not.toEqual(a.json);
      expect(b.headers['cache-control']).toBe('no-store');
    }
    expect(state.runs).toBe(4);
  });

  it('keys the variables canonically, and the operation name', async () => {
    const { handle, state } = cachedHandler({ fields: { 'Query.text': 60 } });
    const q = 'query T($a: Int!, $b: Int!) { text(size: $a) t2: text(size: $b) }';
    await send(handle, post(q, { a: 1, b: 2 }));
    const swapped = await send(handle, post(q, { b: 2, a: 1 }));
    expect(swapped.headers['x-sluice-cache']).toBe('hit');
    const other = await send(handle, post(q, { a: 2, b: 2 }));
    expect(other.headers['x-sluice-cache']).toBe('miss');
    expect(state.runs).toBe(0);
  });
  it('never answers a request whose variables hold a number JSON cannot write from another’s entry', async () => {
    const { handle, state } = cachedHandler({ fields: { 'Query.n': 60 } });
    const ask = (value: string) =>
      send(handle, {
        body: `{"query":"query ($t: String) { n(tag: $t) }","variables":{"t":${value}}}`,
        headers: { 'content-type': 'application/json' },
      });
    await ask('null');
    expect((await ask('null')).headers['x-sluice-cache']).toBe('hit');
    // 1e400 parses as Infinity, which JSON.stringify writes as null: the same text as the first.
    const infinite = await ask('1e400');
    expect(infinite.headers['x-sluice-cache']).toBeUndefined();
    expect(infinite.json.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(state.runs).toBe(1);
  });
});

describe('the result cache: freshness', () => {
  it('serves an entry for its TTL on the injected clock, then runs again', async () => {
    let now = 1_000_000;
    const { handle, state } = cachedHandler({ fields: { 'Query.n': 10 }, now: () => now });
    await send(handle, post('{ n }'));
    now += 9_000;
    const late = await send(handle, post('{ n }'));
    expect([late.json, late.headers['cache-control']]).toEqual([
      { data: { n: 1 } },
      'public, max-age=1',
    ]);
    now += 1_000;
    const expired = await send(handle, post('{ n }'));
    expect(expired.json).toEqual({ data: { n: 2 } });
    expect(state.runs).toBe(2);
  });

  it('drops every entry after a mutation that reports no tags (resolvers)', async () => {
    const { handle, state } = cachedHandler({ fields: { 'Query.n': 60 } });
    await send(handle, post('{ n }'));
    await send(handle, post('{ n }'));
    const mutation = await send(handle, post('mutation { bump }'));
    expect(mutation.headers['cache-control']).toBe('no-store');
    const after = await send(handle, post('{ n }'));
    expect(after.json).toEqual({ data: { n: 2 } });
    expect(state.runs).toBe(2);
  });

  it("publishes a mutation's writes to the bus, and invalidates what the bus says", async () => {
    const published: string[][] = [];
    let deliver: (tags: ReadonlyArray<string>) => void = () => {};
    const bus: InvalidationBus = {
      publish: (tags) => published.push([...tags]),
      subscribe: (listener) => void (deliver = listener),
    };
    const { handle, state } = cachedHandler({ fields: { 'Query.n': 60 }, invalidation: bus });
    await send(handle, post('{ n }'));
    await send(handle, post('mutation { bump }'));
    expect(published).toEqual([['*']]);
    await send(handle, post('{ n }'));
    await send(handle, post('{ n }'));
    expect(state.runs).toBe(2);
    deliver(['*']);
    await send(handle, post('{ n }'));
    expect(state.runs).toBe(3);
  });
});

describe('the result cache: single flight', () => {
  it('runs N concurrent identical requests once', async () => {
    const fixture = counted();
    const { handle, state } = cachedHandler({ fields: { 'Query.slow': 60 } }, fixture);
    const answers = await concurrently(fixture, handle, '{ slow }', 8);
    expect(state.runs).toBe(1);
    expect(new Set(answers.map((a) => a.text))).toEqual(new Set(['{"data":{"slow":1}}']));
    expect(answers.filter((a) => a.headers['x-sluice-cache'] === 'shared')).toHaveLength(7);
  });

  it("gives an error to that execution's waiters only, and keeps nothing of it", async () => {
    const fixture = counted();
    const { handle, state } = cachedHandler({ fields: { 'Query.flaky': 60 } }, fixture);
    const answers = await concurrently(fixture, handle, '{ flaky }', 4);
    expect(state.fails).toBe(1);
    for (const answer of answers) {
      expect(answer.json.errors?.[0]?.message).toBe('flaky');
      expect(answer.headers['cache-control']).toBe('no-store');
    }
    await send(handle, post('{ flaky }'));
    expect(state.fails).toBe(2);
  });
});

describe('the result cache: bounds', () => {
  it('holds at most maxBytes of entries, evicting the least recently used', async () => {
    const { handle } = cachedHandler({ fields: { 'Query.text': 60 }, maxBytes: 4_500 });
    const q = 'query ($n: Int!) { text(size: $n) }';
    const hit = async (n: number) =>
      (await send(handle, post(q, { n }))).headers['x-sluice-cache'] === 'hit';
    // Each entry: ~1,000 bytes of body, its key and overhead: three fit, not four.
    for (const n of [1000, 1001, 1002]) await hit(n);
    expect(await hit(1000)).toBe(true);
    await hit(1003); // evicts 1001, the least recently used
    expect(await hit(1001)).toBe(false);
    expect(await hit(1000)).toBe(true);
    // An answer larger than the bound is served, never kept.
    await hit(5000);
    expect(await hit(5000)).toBe(false);
  });
});

describe('the result cache: HTTP caching', () => {
  it('sends an ETag on GET and answers 304 to If-None-Match', async () => {
    const { handle, state } = cachedHandler({ fields: { 'Query.n': 60 } });
    const url = '/graphql?query=' + encodeURIComponent('{ n }');
    const first = await send(handle, { method: 'GET', url });
    const etag = first.headers['etag'] as string;
    expect(etag).toMatch(/^W\/"[A-Za-z0-9_-]{22}"$/);
    expect(first.headers['cache-control']).toBe('public, max-age=60');
    expect(first.headers['vary']).toBe('Accept, Authorization, Cookie');
    const again = await send(handle, { method: 'GET', url, headers: { 'if-none-match': etag } });
    expect([again.status, again.text, again.headers['etag']]).toEqual([304, '', etag]);
    // Compared weakly: the same opaque tag without W/ matches too, among others.
    const strong = await send(handle, {
      method: 'GET',
      url,
      headers: { 'if-none-match': `"other", ${etag.slice(2)}` },
    });
    expect(strong.status).toBe(304);
    const stale = await send(handle, { method: 'GET', url, headers: { 'if-none-match': '"x"' } });
    expect([stale.status, stale.json]).toEqual([200, { data: { n: 1 } }]);
    expect(state.runs).toBe(1);
    // POST answers carry no ETag.
    expect((await send(handle, post('{ n }'))).headers['etag']).toBeUndefined();
  });

  it('varies a cached answer by Accept, which chose its Content-Type', async () => {
    const { handle } = cachedHandler({ fields: { 'Query.n': 60 } });
    const url = '/graphql?query=' + encodeURIComponent('{ n }');
    const modern = await send(handle, {
      method: 'GET',
      url,
      headers: { accept: 'application/graphql-response+json' },
    });
    const legacy = await send(handle, {
      method: 'GET',
      url,
      headers: { accept: 'application/json' },
    });
    // One URL, two representations: a shared cache keyed without Accept would hand either to both.
    expect([modern.headers['content-type'], legacy.headers['content-type']]).toEqual([
      'application/graphql-response+json; charset=utf-8',
      'application/json; charset=utf-8',
    ]);
    for (const res of [modern, legacy]) {
      expect(res.headers['cache-control']).toBe('public, max-age=60');
      expect(res.headers['vary']).toBe('Accept, Authorization, Cookie');
    }
  });

  it('marks an answer for a request with Authorization private, varying by it (with a scope function)', async () => {
    const { handle } = cachedHandler({
      fields: { 'Query.n': 60 },
      scope: (request) => String(request.headers['authorization'] ?? ''),
    });
    await send(handle, post('{ n }', undefined, { authorization: 'Bearer a' }));
    const res = await send(handle, post('{ n }', undefined, { authorization: 'Bearer a' }));
    expect([res.headers['cache-control'], res.headers['vary']]).toEqual([
      'private, max-age=60',
      'Accept, Authorization, Cookie',
    ]);
  });
});

describe('the result cache: admission (the default, "repeated")', () => {
  const repeated = (cache: ResultCacheOptions, fixture?: ReturnType<typeof counted>) =>
    cachedHandler({ admission: 'repeated', ...cache }, fixture);

  it('keeps an answer once its request repeats; the first is answered with caching headers, not kept', async () => {
    const { handle, state } = repeated({ fields: { 'Query.n': 30 } });
    const first = await send(handle, post('{ n }'));
    expect([first.json, first.headers['x-sluice-cache'], first.headers['cache-control']]).toEqual([
      { data: { n: 1 } },
      'miss',
      'public, max-age=30',
    ]);
    const second = await send(handle, post('{ n }'));
    expect([second.json, second.headers['x-sluice-cache']]).toEqual([{ data: { n: 2 } }, 'miss']);
    const third = await send(handle, post('{ n }'));
    expect([third.json, third.headers['x-sluice-cache']]).toEqual([{ data: { n: 2 } }, 'hit']);
    expect(state.runs).toBe(2);
  });

  it('counts a key per scope and per variables: one seen for another is still new', async () => {
    const { handle } = repeated({
      fields: { 'Query.text': 60 },
      scope: (request) => request.headers['x-user'] as string | undefined,
    });
    const q = 'query ($n: Int!) { text(size: $n) }';
    const ask = async (n: number, user: string) =>
      (await send(handle, post(q, { n }, { 'x-user': user }))).headers['x-sluice-cache'];
    expect([await ask(1, 'ann'), await ask(1, 'ann'), await ask(1, 'ann')]).toEqual([
      'miss',
      'miss',
      'hit',
    ]);
    // Bob's first request, and Ann's with other variables: not kept.
    expect([await ask(1, 'bob'), await ask(2, 'ann')]).toEqual(['miss', 'miss']);
    expect([await ask(1, 'bob'), await ask(1, 'bob')]).toEqual(['miss', 'hit']);
  });

  it('keeps at once the next answer of an entry that went stale (TTL, invalidation)', async () => {
    let now = 1_000_000;
    const { handle, state } = repeated({ fields: { 'Query.n': 10 }, now: () => now });
    const ask = async () => {
      const res = await send(handle, post('{ n }'));
      return [res.headers['x-sluice-cache'], res.json] as const;
    };
    await ask();
    await ask();
    expect(await ask()).toEqual(['hit', { data: { n: 2 } }]);
    now += 10_000;
    expect(await ask()).toEqual(['miss', { data: { n: 3 } }]);
    expect(await ask()).toEqual(['hit', { data: { n: 3 } }]);
    // A mutation without tags voids every entry: the next answer is kept at once as well.
    await send(handle, post('mutation { bump }'));
    expect(await ask()).toEqual(['miss', { data: { n: 4 } }]);
    expect(await ask()).toEqual(['hit', { data: { n: 4 } }]);
    expect(state.runs).toBe(4);
  });

  it('shares one execution among concurrent first requests, and keeps it at the next', async () => {
    const fixture = counted();
    const { handle, state } = repeated({ fields: { 'Query.slow': 60 } }, fixture);
    const answers = await concurrently(fixture, handle, '{ slow }', 8);
    expect(state.runs).toBe(1);
    expect(answers.filter((a) => a.headers['x-sluice-cache'] === 'shared')).toHaveLength(7);
    // Not kept, yet answered as cacheable, shared ones alike.
    expect(new Set(answers.map((a) => a.headers['cache-control']))).toEqual(
      new Set(['public, max-age=60']),
    );
    const next = await send(handle, post('{ slow }'));
    expect([next.json, next.headers['x-sluice-cache']]).toEqual([{ data: { slow: 2 } }, 'miss']);
    expect((await send(handle, post('{ slow }'))).headers['x-sluice-cache']).toBe('hit');
    expect(state.runs).toBe(2);
  });

  it('gives an answer not kept an ETag too, and 304 when it is unchanged', async () => {
    const { handle } = repeated({ fields: { 'Query.other': 60 } });
    const url = '/graphql?query=' + encodeURIComponent('{ other }');
    const first = await send(handle, { method: 'GET', url });
    const etag = first.headers['etag'] as string;
    expect(etag).toMatch(/^W\/"[A-Za-z0-9_-]{22}"$/);
    // Runs again (now kept): the same body, so the client's copy is still good.
    const again = await send(handle, { method: 'GET', url, headers: { 'if-none-match': etag } });
    expect([again.status, again.headers['x-sluice-cache']]).toEqual([304, 'miss']);
    const hit = await send(handle, { method: 'GET', url, headers: { 'if-none-match': etag } });
    expect([hit.status, hit.headers['x-sluice-cache']]).toEqual([304, 'hit']);
  });

  it('answers no-store, and keeps nothing, for an answer with errors, whether seen before or not', async () => {
    const fixture = counted();
    const { handle, state } = repeated({ fields: { 'Query.flaky': 60 } }, fixture);
    for (let i = 0; i < 3; i++) {
      const res = await send(handle, post('{ flaky }'));
      expect([res.headers['x-sluice-cache'], res.headers['cache-control']]).toEqual([
        'miss',
        'no-store',
      ]);
    }
    expect(state.fails).toBe(3);
  });
});
