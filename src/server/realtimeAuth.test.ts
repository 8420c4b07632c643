import { generateKeyPair, SignJWT } from 'jose';
import { createClient as createSseClient, NetworkError } from 'graphql-sse';
import { createClient as createWsClient, type Client } from 'graphql-ws';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createEngine, makeSchema } from '../engine/index.js';
import { createJwtAuth, type JwtAuthOptions, type JwtIdentity } from './auth/createJwtAuth.js';
import { createSluiceServer, type SluiceServer } from './createSluiceServer.js';

/**
 * Who is asking, over the streaming transports: a bearer JWT in graphql-ws's `connection_init`
 * payload (or the upgrade's header) and in an SSE request's header, verified by `createJwtAuth`
 * in `contextValue` as over HTTP; the refusals and close codes of docs/realtime.md; and a
 * token's expiry ending what was opened with it.
 */
const SECRET = 'the-realtime-secret-of-32-bytes!!';
const key = new TextEncoder().encode(SECRET);
const now = () => Math.floor(Date.now() / 1000);
const sign = (claims: Record<string, unknown>, with_: Uint8Array = key) =>
  new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).sign(with_);
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

interface Context {
  readonly identity: JwtIdentity | null;
}

/** `whoami` and an endless `ticks` read the context; `open` counts the ticks sources not closed. */
function engineFor() {
  const state = { open: 0 };
  const schema = makeSchema({
    typeDefs: /* GraphQL */ `
      type Query {
        whoami: String!
      }
      type Subscription {
        ticks: String!
      }
    `,
    resolvers: {
      Query: { whoami: (_: unknown, __: unknown, c: Context) => c.identity?.claims['sub'] ?? '-' },
      Subscription: {
        ticks: {
          subscribe: async function* (_: unknown, __: unknown, c: Context) {
            state.open++;
            try {
              for (;;) {
                yield String(c.identity?.claims['sub'] ?? '-');
                await new Promise((resolve) => setTimeout(resolve, 20));
              }
            } finally {
              state.open--;
            }
          },
          resolve: (sub: string) => sub,
        },
      },
    },
  });
  return { engine: createEngine({ schema }), state };
}

const servers: SluiceServer[] = [];
const clients: Array<{ dispose(): unknown }> = [];
afterEach(async () => {
  for (const client of clients.splice(0)) await client.dispose();
  for (const server of servers.splice(0)) await server.close();
});

/** A server whose context is the verified identity, as the JS API in docs/auth.md shows. */
async function start(options: Partial<JwtAuthOptions> = {}) {
  const auth = await createJwtAuth({ secret: SECRET, clockToleranceSeconds: 0, ...options });
  const { engine, state } = engineFor();
  const server = createSluiceServer({
    engine,
    contextValue: async (request, scope): Promise<Context> => {
      const identity = await auth.authenticate(request);
      if (identity?.expiresAt !== undefined) scope.expireAt(identity.expiresAt);
      return { identity };
    },
  });
  servers.push(server);
  const { port } = await server.listen(0);
  const url = `http://127.0.0.1:${port}/graphql`;
  return { url, wsUrl: url.replace('http:', 'ws:'), state };
}

interface Closed {
  readonly code: number;
  readonly reason: string;
}

/** A graphql-ws client that never retries; `closed` is how its first socket closed. */
function wsClient(
  url: string,
  connectionParams?: Record<string, unknown>,
  headers?: Record<string, string>,
) {
  let closed: (event: Closed) => void = () => {};
  const close = new Promise<Closed>((resolve) => (closed = resolve));
  const client: Client = createWsClient({
    url,
    retryAttempts: 0,
    shouldRetry: () => false,
    ...(connectionParams ? { connectionParams } : {}),
    webSocketImpl: headers
      ? class extends WebSocket {
          constructor(address: string, protocols: string | string[]) {
            super(address, protocols, { headers });
          }
        }
      : WebSocket,
    on: { closed: (event) => closed(event as Closed) },
  });
  clients.push(client);
  return { client, close };
}

/** The first result of an operation, or how it failed. */
async function first(client: Client, query: string) {
  try {
    for await (const result of client.iterate({ query })) return { result };
    return {};
  } catch (error) {
    const { code, reason } = error as Closed;
    return { code, reason };
  }
}

describe('graphql-ws: the credential of connection_init', () => {
  it('takes Authorization, headers.Authorization, token, or the upgrade header', async () => {
    const s = await start();
    const alice = await sign({ sub: 'alice' });
    const shapes: Array<[Record<string, unknown> | undefined, Record<string, string>?]> = [
      [{ Authorization: `Bearer ${alice}` }],
      [{ authorization: `Bearer ${alice}` }],
      [{ headers: { Authorization: `Bearer ${alice}` } }],
      [{ token: alice }],
      [undefined, { authorization: `Bearer ${alice}` }],
      // The same credential twice is one credential.
      [{ token: alice }, { authorization: `Bearer ${alice}` }],
    ];
    for (const [params, headers] of shapes) {
      const { client } = wsClient(s.wsUrl, params, headers);
      expect({ params, headers, ...(await first(client, '{ whoami }')) }).toEqual({
        params,
        headers,
        result: { data: { whoami: 'alice' } },
      });
    }
  });

  it('refuses a bad, missing or doubled credential with 4403 and the stable code', async () => {
    const s = await start({ audience: 'api' });
    const good = { sub: 'alice', aud: 'api' };
    const other = new TextEncoder().encode('another-secret-of-thirty-two-bytes');
    const cases: Array<[string, Record<string, unknown> | undefined, string]> = [
      ['none', undefined, 'AUTHENTICATION_REQUIRED'],
      ['expired', { token: await sign({ ...good, exp: now() - 60 }) }, 'TOKEN_EXPIRED'],
      ['wrong key', { token: await sign(good, other) }, 'INVALID_TOKEN'],
      ['alg none', { token: `${b64({ alg: 'none' })}.${b64(good)}.` }, 'INVALID_TOKEN'],
      ['wrong audience', { token: await sign({ sub: 'alice', aud: 'x' }) }, 'INVALID_TOKEN'],
      ['garbage', { Authorization: 'Bearer not-a-token' }, 'INVALID_TOKEN'],
      ['another scheme', { Authorization: 'Basic YTpi' }, 'INVALID_TOKEN'],
      ['not a string', { token: { sub: 'alice' } }, 'INVALID_TOKEN'],
      [
        'two different tokens',
        { token: await sign(good), Authorization: `Bearer ${await sign({ ...good, sub: 'b' })}` },
        'INVALID_TOKEN',
      ],
    ];
    for (const [name, params, reason] of cases) {
      const { client } = wsClient(s.wsUrl, params);
      expect({ name, ...(await first(client, '{ whoami }')) }).toEqual({
        name,
        code: 4403,
        reason,
      });
    }
  });

  it('runs a socket without a credential as anonymous when allowed, never a bad one', async () => {
    const s = await start({ anonymous: true });
    expect(await first(wsClient(s.wsUrl).client, '{ whoami }')).toEqual({
      result: { data: { whoami: '-' } },
    });
    const { client } = wsClient(s.wsUrl, { token: 'junk' });
    expect(await first(client, '{ whoami }')).toEqual({ code: 4403, reason: 'INVALID_TOKEN' });
  });

  it('reads the Authorization of connection_init in any case, as an HTTP header is', async () => {
    const s = await start({ anonymous: true });
    const alice = await sign({ sub: 'alice' });
    // A bad credential under a header name in another case is refused, not run as anonymous.
    for (const params of [
      { AUTHORIZATION: 'Bearer junk' },
      { headers: { AUTHORIZATION: 'Bearer junk' } },
    ]) {
      const { client } = wsClient(s.wsUrl, params);
      expect({ params, ...(await first(client, '{ whoami }')) }).toEqual({
        params,
        code: 4403,
        reason: 'INVALID_TOKEN',
      });
    }
    // And a good one is the socket's identity.
    const { client } = wsClient(s.wsUrl, { headers: { AUTHORIZATION: `Bearer ${alice}` } });
    expect(await first(client, '{ whoami }')).toEqual({ result: { data: { whoami: 'alice' } } });
  });

  it('closes 1013 when the keys cannot be fetched', async () => {
    const s = await start({ secret: undefined, jwks: new URL('http://127.0.0.1:1/jwks.json') });
    const { privateKey } = await generateKeyPair('ES256');
    const token = await new SignJWT({ sub: 'alice' })
      .setProtectedHeader({ alg: 'ES256', kid: 'k1' })
      .sign(privateKey);
    const { client } = wsClient(s.wsUrl, { token });
    expect(await first(client, '{ whoami }')).toEqual({
      code: 1013,
      reason: 'AUTHENTICATION_UNAVAILABLE',
    });
  });

  it('ends a running subscription with 4440 when its token expires, and closes its source', async () => {
    const s = await start();
    const { client, close } = wsClient(s.wsUrl, {
      token: await sign({ sub: 'al', exp: now() + 2 }),
    });
    const seen: unknown[] = [];
    let failure: unknown;
    try {
      for await (const result of client.iterate({ query: 'subscription { ticks }' }))
        seen.push(result);
    } catch (error) {
      failure = error;
    }
    expect(await close).toMatchObject({ code: 4440, reason: 'TOKEN_EXPIRED' });
    expect(failure).toMatchObject({ code: 4440 });
    expect(seen[0]).toEqual({ data: { ticks: 'al' } });
    await expect.poll(() => s.state.open).toBe(0);
  });
});

describe('graphql-sse: the Authorization header', () => {
  function sseClient(url: string, token?: string) {
    const client = createSseClient({
      url,
      retryAttempts: 0,
      headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
    });
    clients.push(client);
    return client;
  }

  async function all(url: string, query: string, token?: string) {
    const results: unknown[] = [];
    try {
      for await (const result of sseClient(url, token).iterate({ query })) results.push(result);
      return { results };
    } catch (error) {
      if (!(error instanceof NetworkError) || !error.response) throw error;
      const body = (await error.response.json()) as { errors: [{ extensions: { code: string } }] };
      return {
        status: error.response.status,
        challenge: error.response.headers.get('www-authenticate'),
        code: body.errors[0].extensions.code,
      };
    }
  }

  it('runs the token as its identity, and answers every bad token 401 as HTTP does', async () => {
    const s = await start();
    expect(await all(s.url, '{ whoami }', await sign({ sub: 'bob' }))).toEqual({
      results: [{ data: { whoami: 'bob' } }],
    });
    const other = new TextEncoder().encode('another-secret-of-thirty-two-bytes');
    const invalid = /^Bearer error="invalid_token", error_description="/;
    const cases: Array<[string, string | undefined, object]> = [
      ['none', undefined, { code: 'AUTHENTICATION_REQUIRED', challenge: 'Bearer' }],
      [
        'expired',
        await sign({ sub: 'bob', exp: now() - 60 }),
        { code: 'TOKEN_EXPIRED', challenge: expect.stringMatching(invalid) },
      ],
      [
        'wrong key',
        await sign({ sub: 'bob' }, other),
        { code: 'INVALID_TOKEN', challenge: expect.stringMatching(invalid) },
      ],
      [
        'alg none',
        `${b64({ alg: 'none' })}.${b64({ sub: 'bob' })}.`,
        { code: 'INVALID_TOKEN', challenge: expect.stringMatching(invalid) },
      ],
    ];
    for (const [name, token, expected] of cases) {
      expect({ name, ...(await all(s.url, 'subscription { ticks }', token)) }).toEqual({
        name,
        status: 401,
        ...expected,
      });
    }
    expect(s.state.open).toBe(0);
  });

  it('ends a running stream with a TOKEN_EXPIRED event when its token expires', async () => {
    const s = await start();
    const { results } = await all(
      s.url,
      'subscription { ticks }',
      await sign({ sub: 'al', exp: now() + 2 }),
    );
    expect(results?.[0]).toEqual({ data: { ticks: 'al' } });
    expect(results?.at(-1)).toMatchObject({ errors: [{ extensions: { code: 'TOKEN_EXPIRED' } }] });
    await expect.poll(() => s.state.open).toBe(0);
  });
});

describe('graphql-sse: a token that expires while its stream is being set up', () => {
  it('ends the stream with TOKEN_EXPIRED once it starts, rather than never', async () => {
    const auth = await createJwtAuth({ secret: SECRET, clockToleranceSeconds: 0 });
    const { engine, state } = engineFor();
    const server = createSluiceServer({
      engine,
      // A context that has more to do after the token was verified (a session or profile to
      // load): the token's expiry passes before the stream starts.
      contextValue: async (request, scope): Promise<Context> => {
        const identity = await auth.authenticate(request);
        if (identity?.expiresAt !== undefined) {
          scope.expireAt(identity.expiresAt);
          await new Promise((resolve) =>
            setTimeout(resolve, identity.expiresAt! - Date.now() + 100),
          );
        }
        return { identity };
      },
    });
    servers.push(server);
    const { port } = await server.listen(0);
    const client = createSseClient({
      url: `http://127.0.0.1:${port}/graphql`,
      retryAttempts: 0,
      headers: { authorization: `Bearer ${await sign({ sub: 'al', exp: now() + 1 })}` },
    });
    clients.push(client);
    const results: unknown[] = [];
    const events = client.iterate({ query: 'subscription { ticks }' });
    const ended = (async () => {
      for await (const result of events) results.push(result);
    })();
    const outcome = await Promise.race([
      ended.then(() => 'ended'),
      new Promise((resolve) => setTimeout(() => resolve('still open'), 3_000)),
    ]);
    await events.return?.();
    expect(outcome).toBe('ended');
    expect(results.at(-1)).toMatchObject({ errors: [{ extensions: { code: 'TOKEN_EXPIRED' } }] });
    await expect.poll(() => state.open).toBe(0);
  });
});
