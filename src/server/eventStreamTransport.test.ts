import { createHash } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { createClient, type Client } from 'graphql-sse';
import { afterEach, describe, expect, it } from 'vitest';
import { startRealtimeServer } from './__fixtures__/realtimeServer.js';

/**
 * GraphQL over Server-Sent Events with graphql-sse's own client ("distinct connections" mode):
 * operations of every type, the request entry's limits, GET and its CSRF rule, malformed requests
 * (answered as over HTTP), the queue bound and shutdown. `fetch` and node:http where the client
 * cannot be made to misbehave.
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

describe('graphql-sse: malformed requests, answered as over HTTP', () => {
  type Answer = {
    status: number;
    code: string | undefined;
    message: unknown;
    allow: string | null;
  };

  async function answerOf(response: Response): Promise<Answer> {
    const text = await response.text();
    let body: { errors?: Array<{ message?: unknown; extensions?: { code?: string } }> } = {};
    try {
      body = JSON.parse(text) as typeof body;
    } catch {
      // Not JSON (graphql-sse answers some refusals with no body): no code, no message.
    }
    const error = body.errors?.[0];
    return {
      status: response.status,
      code: error?.extensions?.code,
      message: error?.message,
      allow: response.headers.get('allow'),
    };
  }

  /** The same request over SSE and over plain HTTP: both answers. */
  async function both(url: string, init: RequestInit = {}): Promise<[Answer, Answer]> {
    const as = (accept: string) =>
      fetch(url, { ...init, headers: { ...(init.headers as object), accept } });
    return [
      await answerOf(await as('text/event-stream')),
      await answerOf(await as('application/graphql-response+json')),
    ];
  }

  /** Every case at once: each SSE answer is HTTP's, a 400 BAD_REQUEST with a message. */
  function expectSameAsHttp(answers: Array<[string, Answer, Answer]>): void {
    expect(answers.map(([what, sse]) => [what, sse])).toEqual(
      answers.map(([what, , http]) => [what, http]),
    );
    for (const [what, sse] of answers) {
      expect([what, sse.status, sse.code, typeof sse.message]).toEqual([
        what,
        400,
        'BAD_REQUEST',
        'string',
      ]);
    }
  }

  const post = (body: string | Uint8Array): RequestInit => ({
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
  });

  it('refuses malformed POST bodies with the status and code of HTTP', async () => {
    const s = await start();
    const bodies: Array<[string, string | Uint8Array]> = [
      ['not JSON', '{"query": '],
      ['empty', ''],
      ['not UTF-8', new Uint8Array([0x7b, 0x22, 0xff, 0x22, 0x3a, 0x31, 0x7d])],
      ['a JSON array (batch)', '[{"query":"{ hello }"}]'],
      ['a JSON string', '"{ hello }"'],
      ['JSON null', 'null'],
      ['query missing', '{"variables":{}}'],
      ['query not a string', '{"query":1}'],
      ['variables not an object', '{"query":"{ hello }","variables":[1]}'],
      ['variables a string', '{"query":"{ hello }","variables":"{}"}'],
      ['extensions not an object', '{"query":"{ hello }","extensions":1}'],
      ['operationName not a string', '{"query":"{ hello }","operationName":1}'],
      ['documentId not a string', '{"query":"{ hello }","documentId":1}'],
      ['persistedQuery not a map', '{"query":"","extensions":{"persistedQuery":1}}'],
      ['a hash while persisted queries are off', '{"documentId":"abc"}'],
    ];
    const answers: Array<[string, Answer, Answer]> = [];
    for (const [what, body] of bodies) answers.push([what, ...(await both(s.url, post(body)))]);
    expectSameAsHttp(answers);
  });

  it('refuses malformed GET parameters with the status and code of HTTP', async () => {
    const s = await start();
    const get = { headers: { 'x-graphql-csrf': '1' } };
    const searches: Array<[string, string]> = [
      ['query missing', ''],
      ['variables not JSON', 'query={ hello }&variables={'],
      ['variables not an object', 'query={ hello }&variables=[1]'],
      ['extensions not JSON', 'query={ hello }&extensions=x'],
      ['extensions not an object', 'query={ hello }&extensions=1'],
    ];
    const answers: Array<[string, Answer, Answer]> = [];
    for (const [what, search] of searches) {
      const query = new URLSearchParams(search).toString();
      answers.push([what, ...(await both(`${s.url}?${query}`, get))]);
    }
    expectSameAsHttp(answers);
  });

  it('refuses a mutation over GET with 405 METHOD_NOT_ALLOWED, as over HTTP', async () => {
    const s = await start();
    const url = `${s.url}?query=${encodeURIComponent('mutation { bump }')}`;
    const [sse, http] = await both(url, { headers: { 'x-graphql-csrf': '1' } });
    expect(sse).toEqual(http);
    expect(sse).toMatchObject({ status: 405, code: 'METHOD_NOT_ALLOWED', allow: 'POST' });
    expect(s.state.bumps).toBe(0);
  });

  it('runs a document by its persisted hash alone (no query), as over HTTP', async () => {
    const s = await start({ persisted: { mode: 'apq' } });
    const query = '{ hello }';
    const sha256Hash = createHash('sha256').update(query).digest('hex');
    const extensions = { persistedQuery: { version: 1, sha256Hash } };
    const c = client(s.url);
    expect(await run(c, { query, extensions })).toEqual([{ data: { hello: 'Hello, world!' } }]);
    const response = await fetch(s.url, {
      ...post(JSON.stringify({ extensions })),
      headers: { accept: 'text/event-stream', 'content-type': 'application/json' },
    });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain(
      'event: next\ndata: {"data":{"hello":"Hello, world!"}}',
    );
  });

  it('sends a document that does not parse, or an unknown operation, as an event with the code', async () => {
    const s = await start();
    const c = client(s.url);
    expect(codeOf(await run(c, { query: '{ hello' }))).toBe('GRAPHQL_PARSE_FAILED');
    expect(codeOf(await run(c, { query: 'query A { hello }', operationName: 'B' }))).toBe(
      'OPERATION_RESOLUTION_FAILURE',
    );
  });
});
