import { request as httpRequest } from 'node:http';
import { createClient, type Client } from 'graphql-sse';
import { afterEach, describe, expect, it } from 'vitest';
import { startRealtimeServer } from './__fixtures__/realtimeServer.js';

/**
 * GraphQL over Server-Sent Events with graphql-sse's own client ("distinct connections" mode):
 * operations of every type, the request entry's limits, GET and its CSRF rule, the queue bound
 * and shutdown. `fetch` and node:http where the client cannot be made to misbehave.
 */
type Started = Awaited<ReturnType<typeof startRealtimeServer>>;
const started: Started[] = [];
const clients: Client[] = [];

afterEach(async () => {
  for (const client of clients.splice(0)) client.dispose();
  for (const s of started.splice(0)) await s.server.close();
});

async function start(...args: Parameters<typeof startRealtimeServer>) {
  const s = await startRealtimeServer(...args);
  started.push(s);
  return s;
}

function client(url: string): Client {
  const c = createClient({ url, retryAttempts: 0 });
  clients.push(c);
  return c;
}

type Result = { data?: unknown; errors?: Array<{ extensions?: { code?: string } }> };

async function run(c: Client, payload: Parameters<Client['iterate']>[0]): Promise<Result[]> {
  const results: Result[] = [];
  for await (const result of c.iterate(payload)) results.push(result as unknown as Result);
  return results;
}

const codeOf = (results: Result[]) => results[0]?.errors?.[0]?.extensions?.code;

describe('graphql-sse: operations', () => {
  it('streams a subscription with variables and fragments, then completes', async () => {
    const s = await start();
    const results = await run(client(s.url), {
      query: 'subscription ($n: Int!) { ...F } fragment F on Subscription { counted(to: $n) }',
      variables: { n: 3 },
    });
    expect(results).toEqual([
      { data: { counted: 1 } },
      { data: { counted: 2 } },
      { data: { counted: 3 } },
    ]);
  });

  it('answers queries and mutations as one event each', async () => {
    const s = await start();
    const c = client(s.url);
    expect(await run(c, { query: '{ hello(name: "sse") }' })).toEqual([
      { data: { hello: 'Hello, sse!' } },
    ]);
    expect(await run(c, { query: 'mutation { bump }' })).toEqual([{ data: { bump: 1 } }]);
    expect(s.state.bumps).toBe(1);
  });

  it('delivers what a mutation publishes, and closes the source when the client leaves', async () => {
    const s = await start();
    const c = client(s.url);
    const received: unknown[] = [];
    const unsubscribe = c.subscribe(
      { query: 'subscription { said }' },
      { next: (value) => received.push(value), error: () => {}, complete: () => {} },
    );
    await expect.poll(() => s.channel.size).toBe(1);
    await run(c, { query: 'mutation { say(text: "hi") }' });
    await expect.poll(() => received).toEqual([{ data: { said: 'hi' } }]);
    unsubscribe();
    await expect.poll(() => s.channel.size).toBe(0);
  });

  it('streams over GET with Accept: text/event-stream and a preflight header', async () => {
    const s = await start();
    const url = `${s.url}?query=${encodeURIComponent('subscription { counted(to: 2) }')}`;
    const refused = await fetch(url, { headers: { accept: 'text/event-stream' } });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as Result).errors?.[0]?.extensions?.code).toBe('CSRF_PREVENTED');
    const response = await fetch(url, {
      headers: { accept: 'text/event-stream', 'x-graphql-csrf': '1' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(response.headers.get('content-encoding')).toBeNull();
    expect(await response.text()).toBe(
      ':\n\nevent: next\ndata: {"data":{"counted":1}}\n\n' +
        'event: next\ndata: {"data":{"counted":2}}\n\nevent: complete\ndata:\n\n',
    );
    const mutation = await fetch(`${s.url}?query=${encodeURIComponent('mutation { bump }')}`, {
      headers: { accept: 'text/event-stream', 'x-graphql-csrf': '1' },
    });
    expect(mutation.status).toBe(405);
    expect(s.state.bumps).toBe(0);
  });
});

describe('graphql-sse: the request entry', () => {
  it('sends refusals as an event with the code: validation, depth, aliases, cost', async () => {
    const s = await start({}, { maxDepth: 3, maxAliases: 2, maxCost: 100 });
    const c = client(s.url);
    expect(codeOf(await run(c, { query: '{ nope }' }))).toBe('GRAPHQL_VALIDATION_FAILED');
    const deep = await run(c, {
      query:
        'subscription { user(id: "1") { ...A } } fragment A on User { friends { ...B } } ' +
        'fragment B on User { friends { name } }',
    });
    expect(codeOf(deep)).toBe('MAX_DEPTH_EXCEEDED');
    expect(codeOf(await run(c, { query: '{ a: hello b: hello c: hello }' }))).toBe(
      'MAX_ALIASES_EXCEEDED',
    );
    const costly = await run(c, {
      query: 'subscription ($n: Int) { user(id: "1") { friends(first: $n) { name } } }',
      variables: { n: 1000 },
    });
    expect(codeOf(costly)).toBe('COST_LIMIT_EXCEEDED');
  });

  it('runs only trusted documents in trusted mode', async () => {
    const s = await start({ persisted: { mode: 'trusted', documents: ['{ hello }'] } });
    const c = client(s.url);
    expect(await run(c, { query: '{ hello }' })).toEqual([{ data: { hello: 'Hello, world!' } }]);
    expect(codeOf(await run(c, { query: '{ hello(name: "x") }' }))).toBe(
      'PERSISTED_QUERY_NOT_ALLOWED',
    );
  });

  it('refuses a POST whose Content-Type is not JSON with 415, as over HTTP (no cross-site mutation)', async () => {
    const s = await start();
    const post = (contentType: string) =>
      fetch(s.url, {
        method: 'POST',
        headers: { accept: 'text/event-stream', 'content-type': contentType },
        body: JSON.stringify({ query: 'mutation { bump }' }),
      });
    // `text/plain` with any parameters is a "simple" content type: a page on another site can
    // post it, with the user's cookies, without a preflight.
    for (const contentType of [
      'text/plain;application/json',
      'text/plain',
      'application/json; charset=latin1',
    ]) {
      const response = await post(contentType);
      expect([contentType, response.status]).toEqual([contentType, 415]);
      expect(((await response.json()) as Result).errors?.[0]?.extensions?.code).toBe(
        'UNSUPPORTED_MEDIA_TYPE',
      );
    }
    expect(s.state.bumps).toBe(0);
    const json = await post('application/json; charset=utf-8');
    expect(json.status).toBe(200);
    expect(s.state.bumps).toBe(1);
  });

  it('refuses a body over maxBodyBytes with 413, as over HTTP', async () => {
    const s = await start({ maxBodyBytes: 1024 });
    const response = await fetch(s.url, {
      method: 'POST',
      headers: { accept: 'text/event-stream', 'content-type': 'application/json' },
      body: JSON.stringify({ query: `{ hello(name: "${'x'.repeat(2000)}") }` }),
    });
    expect(response.status).toBe(413);
    expect(((await response.json()) as Result).errors?.[0]?.extensions?.code).toBe(
      'PAYLOAD_TOO_LARGE',
    );
  });
});

describe('graphql-sse: slow consumers and shutdown', () => {
  it('ends a stream its client does not read with SLOW_CONSUMER, and closes the source', async () => {
    const s = await start({ realtime: { maxQueuedBytes: 256 * 1024, maxQueuedMessages: 10_000 } });
    const { port } = new URL(s.url);
    const body = JSON.stringify({ query: 'subscription { flood(size: 65536) }' });
    const text = await new Promise<string>((resolve, reject) => {
      const req = httpRequest(
        {
          port,
          path: '/graphql',
          method: 'POST',
          headers: { accept: 'text/event-stream', 'content-type': 'application/json' },
        },
        (res) => {
          // Read nothing until the server has given up on this client.
          res.pause();
          void expect
            .poll(() => s.state.openFloods, { timeout: 20_000 })
            .toBe(0)
            .then(() => {
              const chunks: Buffer[] = [];
              res.on('data', (chunk: Buffer) => chunks.push(chunk));
              res.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
              res.resume();
            }, reject);
        },
      );
      req.on('error', reject);
      req.end(body);
    });
    expect(text.startsWith(':\n\nevent: next\ndata: {"data":{"flood":"xxx')).toBe(true);
    expect(text).toMatch(
      /"extensions":\{"code":"SLOW_CONSUMER"\}\}\]\}\n\nevent: complete\ndata:\n\n$/,
    );
  });

  it('completes every stream when the server shuts down', async () => {
    const s = await start();
    const c = client(s.url);
    const ended: string[] = [];
    c.subscribe(
      { query: 'subscription { said }' },
      {
        next: () => {},
        error: () => ended.push('error'),
        complete: () => ended.push('complete'),
      },
    );
    await expect.poll(() => s.channel.size).toBe(1);
    await s.server.close();
    await expect.poll(() => ended).toEqual(['complete']);
    expect(s.channel.size).toBe(0);
  });
});
