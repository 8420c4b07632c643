import { createClient, type Client, type FormattedExecutionResult } from 'graphql-ws';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startRealtimeServer } from './__fixtures__/realtimeServer.js';
import { sha256Hex } from './persisted.js';

/**
 * GraphQL over WebSocket with graphql-ws's own client (and `ws` as its WebSocket): operations of
 * every type, the request entry's limits, persisted documents, and every close code the server
 * sends. Raw `ws` sockets only where the client cannot misbehave on purpose.
 */
type Started = Awaited<ReturnType<typeof startRealtimeServer>>;
const started: Started[] = [];
const clients: Client[] = [];

afterEach(async () => {
  for (const client of clients.splice(0)) await client.dispose();
  for (const s of started.splice(0)) await s.server.close();
});

async function start(...args: Parameters<typeof startRealtimeServer>) {
  const s = await startRealtimeServer(...args);
  started.push(s);
  return s;
}

/** A graphql-ws client that never retries and reports how its socket closed. */
function client(url: string, options: { connected?: (socket: unknown) => void } = {}) {
  const closes: number[] = [];
  const c = createClient({
    url,
    webSocketImpl: WebSocket,
    retryAttempts: 0,
    shouldRetry: () => false,
    lazy: true,
    on: {
      closed: (event) => closes.push((event as { code: number }).code),
      ...(options.connected ? { connected: options.connected } : {}),
    },
  });
  clients.push(c);
  return { client: c, closes };
}

type Outcome = {
  results: FormattedExecutionResult<Record<string, unknown>, unknown>[];
  error?: unknown;
};

/** Every result of one operation, and its error (errors array or close event) if it failed. */
async function run(c: Client, payload: Parameters<Client['iterate']>[0]): Promise<Outcome> {
  const results: FormattedExecutionResult<Record<string, unknown>, unknown>[] = [];
  try {
    for await (const result of c.iterate(payload)) results.push(result);
    return { results };
  } catch (error) {
    return { results, error };
  }
}

const codeOf = (error: unknown) =>
  (error as Array<{ extensions?: { code?: string } }>)[0]?.extensions?.code;

/** A raw socket speaking the subprotocol, with its close code as a promise. */
function rawSocket(url: string, protocols: string | string[] = 'graphql-transport-ws') {
  const socket = new WebSocket(url, protocols);
  const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
  const opened = new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  return { socket, closed, opened };
}

describe('graphql-ws: operations', () => {
  it('streams a subscription, with variables and fragments, then completes', async () => {
    const s = await start();
    const { client: c } = client(s.wsUrl);
    const outcome = await run(c, {
      query: 'subscription Count($n: Int!) { ...F } fragment F on Subscription { counted(to: $n) }',
      variables: { n: 3 },
    });
    expect(outcome).toEqual({
      results: [{ data: { counted: 1 } }, { data: { counted: 2 } }, { data: { counted: 3 } }],
    });
  });

  it('answers queries and mutations over the socket', async () => {
    const s = await start();
    const { client: c } = client(s.wsUrl);
    expect(await run(c, { query: '{ hello(name: "ws") user(id: 7) { name } }' })).toEqual({
      results: [{ data: { hello: 'Hello, ws!', user: { name: 'User 7' } } }],
    });
    expect(await run(c, { query: 'mutation { bump }' })).toEqual({
      results: [{ data: { bump: 1 } }],
    });
    expect(s.state.bumps).toBe(1);
  });

  it('delivers what a mutation publishes to a subscriber, and closes the source on complete', async () => {
    const s = await start();
    const { client: c } = client(s.wsUrl);
    const received: unknown[] = [];
    const subscribed = new Promise<void>((resolve, reject) => {
      const unsubscribe = c.subscribe(
        { query: 'subscription { said }' },
        {
          next: (result) => {
            received.push(result);
            if (received.length === 2) {
              unsubscribe();
              resolve();
            }
          },
          error: reject,
          complete: () => {},
        },
      );
    });
    await expect.poll(() => s.channel.size).toBe(1);
    await run(c, { query: 'mutation { say(text: "one") }' });
    await run(c, { query: 'mutation ($t: String!) { say(text: $t) }', variables: { t: 'two' } });
    await subscribed;
    expect(received).toEqual([{ data: { said: 'one' } }, { data: { said: 'two' } }]);
    await expect.poll(() => s.channel.size).toBe(0);
  });

  it('sends the engine text of each event: nested selections and field errors as graphql-js', async () => {
    const s = await start();
    const { client: c } = client(s.wsUrl);
    const outcome = await run(c, {
      query: 'subscription { user(id: "3") { id name friends(first: 1) { name } } }',
    });
    expect(outcome.results).toEqual([
      { data: { user: { id: '3', name: 'User 3', friends: [{ name: 'Friend' }] } } },
    ]);
  });
});

describe('graphql-ws: the payload', () => {
  it("sends the engine's JSON text of a result inside the next message, as written", async () => {
    const s = await start();
    const query = '{ user(id: "\\u00e9") { name id } }';
    const prepared = s.engine.prepare(query);
    if (!prepared.ok) throw new Error(prepared.body);
    const engineText = (await prepared.execute()).body;
    const { socket, opened } = rawSocket(s.wsUrl);
    await opened;
    const messages: string[] = [];
    const done = new Promise<void>((resolve) =>
      socket.on('message', (data: Buffer) => {
        messages.push(data.toString());
        if (messages.length === 1)
          socket.send(JSON.stringify({ id: 'q', type: 'subscribe', payload: { query } }));
        if (messages.length === 3) resolve();
      }),
    );
    socket.send('{"type":"connection_init"}');
    await done;
    socket.close();
    expect(engineText).toBe('{"data":{"user":{"name":"User é","id":"é"}}}');
    expect(messages).toEqual([
      '{"type":"connection_ack"}',
      `{"id":"q","type":"next","payload":${engineText}}`,
      '{"id":"q","type":"complete"}',
    ]);
  });
});

describe('graphql-ws: the request entry', () => {
  it('refuses documents that do not validate with an error message and its code', async () => {
    const s = await start();
    const { client: c } = client(s.wsUrl);
    const outcome = await run(c, { query: '{ nope }' });
    expect(outcome.results).toEqual([]);
    expect(codeOf(outcome.error)).toBe('GRAPHQL_VALIDATION_FAILED');
    // The connection stays usable.
    expect((await run(c, { query: '{ hello }' })).results).toHaveLength(1);
  });

  it('trips depth through fragments, aliases, and cost through a variable', async () => {
    const s = await start({}, { maxDepth: 3, maxAliases: 2, maxCost: 100 });
    const { client: c } = client(s.wsUrl);
    const deep = await run(c, {
      query:
        'subscription { user(id: "1") { ...A } } fragment A on User { friends { ...B } } ' +
        'fragment B on User { friends { name } }',
    });
    expect(codeOf(deep.error)).toBe('MAX_DEPTH_EXCEEDED');
    const aliases = await run(c, { query: '{ a: hello b: hello c: hello }' });
    expect(codeOf(aliases.error)).toBe('MAX_ALIASES_EXCEEDED');
    // The cost reads the variable, so it is refused when the request runs: a result with errors.
    const costly = await run(c, {
      query: 'subscription ($n: Int) { user(id: "1") { friends(first: $n) { name } } }',
      variables: { n: 1000 },
    });
    expect(costly.error).toBeUndefined();
    expect(costly.results[0]?.errors?.[0]?.extensions?.['code']).toBe('COST_LIMIT_EXCEEDED');
    expect(costly.results[0]?.data).toBeUndefined();
  });

  it('refuses a document over maxDocumentBytes before parsing it', async () => {
    const s = await start({}, { maxDocumentBytes: 64 });
    const { client: c } = client(s.wsUrl);
    const outcome = await run(c, { query: `{ hello ${' '.repeat(100)}}` });
    expect(codeOf(outcome.error)).toBe('MAX_DOCUMENT_SIZE_EXCEEDED');
  });

  it('serves automatic persisted queries by hash, as over HTTP', async () => {
    const s = await start({ persisted: { mode: 'apq' } });
    const { client: c } = client(s.wsUrl);
    const query = 'subscription { counted(to: 1) }';
    const persistedQuery = { version: 1, sha256Hash: sha256Hex(query) };
    const miss = await run(c, { query: '', extensions: { persistedQuery } });
    expect(codeOf(miss.error)).toBe('PERSISTED_QUERY_NOT_FOUND');
    expect((await run(c, { query, extensions: { persistedQuery } })).results).toEqual([
      { data: { counted: 1 } },
    ]);
    expect((await run(c, { query: '', extensions: { persistedQuery } })).results).toEqual([
      { data: { counted: 1 } },
    ]);
  });

  it('runs only trusted documents in trusted mode', async () => {
    const trusted = '{ hello }';
    const s = await start({ persisted: { mode: 'trusted', documents: [trusted] } });
    const { client: c } = client(s.wsUrl);
    expect((await run(c, { query: trusted })).results).toEqual([
      { data: { hello: 'Hello, world!' } },
    ]);
    const refused = await run(c, { query: '{ hello(name: "x") }' });
    expect(codeOf(refused.error)).toBe('PERSISTED_QUERY_NOT_ALLOWED');
  });
});

describe('graphql-ws: close codes', () => {
  it('4408 when no connection_init arrives in time', async () => {
    const s = await start({ realtime: { connectionInitTimeoutMs: 50 } });
    const { closed } = rawSocket(s.wsUrl);
    expect(await closed).toBe(4408);
  });

  it('4400 for a message that is not of the protocol', async () => {
    const s = await start();
    const { socket, closed, opened } = rawSocket(s.wsUrl);
    await opened;
    socket.send('{"type":"connection_init"');
    expect(await closed).toBe(4400);
  });

  it('4401 for a subscribe before the connection is acknowledged', async () => {
    const s = await start();
    const { socket, closed, opened } = rawSocket(s.wsUrl);
    await opened;
    socket.send(JSON.stringify({ id: '1', type: 'subscribe', payload: { query: '{ hello }' } }));
    expect(await closed).toBe(4401);
  });

  it('4406 for a socket without the graphql-transport-ws subprotocol', async () => {
    const s = await start();
    const { closed } = rawSocket(s.wsUrl, []);
    expect(await closed).toBe(4406);
  });

  it('4429 for a second connection_init', async () => {
    const s = await start();
    const { socket, closed, opened } = rawSocket(s.wsUrl);
    await opened;
    socket.send('{"type":"connection_init"}');
    socket.send('{"type":"connection_init"}');
    expect(await closed).toBe(4429);
  });

  it('4409 for a second subscribe with an id still in use', async () => {
    const s = await start();
    const { socket, closed, opened } = rawSocket(s.wsUrl);
    await opened;
    socket.send('{"type":"connection_init"}');
    const subscribe = JSON.stringify({
      id: 'a',
      type: 'subscribe',
      payload: { query: 'subscription { said }' },
    });
    socket.once('message', () => {
      socket.send(subscribe);
      socket.send(subscribe);
    });
    expect(await closed).toBe(4409);
  });

  it('4500 when the server fails handling a message (contextValue throws), with a generic reason', async () => {
    const s = await start({
      contextValue: () => {
        throw new Error('secret detail');
      },
    });
    const reason = new Promise<string>((resolve) => {
      const { socket, opened } = rawSocket(s.wsUrl);
      socket.once('close', (code, text) => resolve(`${code} ${text.toString()}`));
      void opened.then(() => {
        socket.send('{"type":"connection_init"}');
        socket.once('message', () =>
          socket.send(
            JSON.stringify({ id: '1', type: 'subscribe', payload: { query: '{ hello }' } }),
          ),
        );
      });
    });
    expect(await reason).toBe('4500 Internal server error');
  });

  it('1009 for a message over maxMessageBytes', async () => {
    const s = await start({ realtime: { maxMessageBytes: 1024 } });
    const { client: c, closes } = client(s.wsUrl);
    const outcome = await run(c, { query: `{ hello(name: "${'x'.repeat(2000)}") }` });
    expect(outcome.error).toBeDefined();
    expect(closes).toEqual([1009]);
  });

  it('4430 when a socket opens more operations than maxSubscriptionsPerConnection', async () => {
    const s = await start({ realtime: { maxSubscriptionsPerConnection: 2 } });
    const { client: c, closes } = client(s.wsUrl);
    const errors: unknown[] = [];
    for (let i = 0; i < 3; i++)
      c.subscribe(
        { query: 'subscription { said }' },
        { next: () => {}, error: (e) => errors.push(e), complete: () => {} },
      );
    await expect.poll(() => closes).toEqual([4430]);
    // Every subscription of the socket ended with it, and their sources were closed.
    await expect.poll(() => s.channel.size).toBe(0);
    expect(errors).toHaveLength(3);
  });

  it('4413 when the client reads too slowly for the queue bound, and the source is closed', async () => {
    const s = await start({ realtime: { maxQueuedBytes: 256 * 1024, maxQueuedMessages: 10_000 } });
    let socket: WebSocket | undefined;
    // Stop reading as soon as the connection is acknowledged: the server's writes pile up.
    const { client: c, closes } = client(s.wsUrl, {
      connected: (opened) => {
        socket = opened as WebSocket;
        socket.pause();
      },
    });
    let events = 0;
    c.subscribe(
      { query: 'subscription { flood(size: 65536) }' },
      { next: () => events++, error: () => {}, complete: () => {} },
    );
    // Started (it may already have been given up: the queue bound can fill before a poll looks).
    await expect.poll(() => s.state.startedFloods, { timeout: 10_000 }).toBe(1);
    // The server gives up on the client and closes the source, with nothing read yet.
    await expect.poll(() => s.state.openFloods, { timeout: 25_000 }).toBe(0);
    expect(events).toBe(0);
    socket?.resume();
    await expect.poll(() => closes, { timeout: 25_000 }).toEqual([4413]);
    expect(events).toBeGreaterThan(0);
  }, 70_000);

  it('1001 Going away for every socket when the server shuts down', async () => {
    const s = await start();
    const { client: c, closes } = client(s.wsUrl);
    const completed: string[] = [];
    c.subscribe(
      { query: 'subscription { said }' },
      { next: () => {}, error: () => completed.push('error'), complete: () => {} },
    );
    await expect.poll(() => s.channel.size).toBe(1);
    await s.server.close();
    expect(closes).toEqual([1001]);
    expect(completed).toEqual(['error']);
    expect(s.channel.size).toBe(0);
  });
});

describe('graphql-ws: the upgrade', () => {
  const upgradeStatus = (url: string, headers: Record<string, string>) =>
    new Promise<number>((resolve) => {
      const socket = new WebSocket(url, 'graphql-transport-ws', { headers });
      socket.once('open', () => {
        socket.close();
        resolve(101);
      });
      socket.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
      socket.once('error', () => {});
    });

  it('refuses a browser page of another origin, unless CORS allows it', async () => {
    const s = await start();
    const host = new URL(s.url).host;
    expect(await upgradeStatus(s.wsUrl, { origin: 'https://evil.example' })).toBe(403);
    expect(await upgradeStatus(s.wsUrl, { origin: `http://${host}` })).toBe(101);
    expect(await upgradeStatus(s.wsUrl, {})).toBe(101);
    const open = await start({ cors: { origin: ['https://app.example'] } });
    expect(await upgradeStatus(open.wsUrl, { origin: 'https://app.example' })).toBe(101);
    expect(await upgradeStatus(open.wsUrl, { origin: 'https://evil.example' })).toBe(403);
  });

  it('answers 404 to an upgrade of another path, and HTTP still works beside the sockets', async () => {
    const s = await start();
    expect(await upgradeStatus(s.wsUrl.replace('/graphql', '/other'), {})).toBe(404);
    const response = await fetch(s.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ hello }' }),
    });
    expect(await response.json()).toEqual({ data: { hello: 'Hello, world!' } });
  });

  it('is not served with realtime: false', async () => {
    const s = await start({ realtime: false });
    expect(await upgradeStatus(s.wsUrl, {})).toBe(404);
  });
});
