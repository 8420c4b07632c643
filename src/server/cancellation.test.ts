import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createEngine, makeSchema, type Engine, type ExecuteRequest } from '../engine/index.js';
import { createNodeAdapter, type NodeAdapter } from './createNodeHandler.js';
import { OperationScope } from './OperationScope.js';
import { testSchema } from './__fixtures__/testServer.js';
import type { ServerOptions } from './types.js';

/**
 * The AbortSignal the server hands to `prepared.execute`: it aborts when the operation times out
 * (504) and when the client leaves before its response is written, with or without a
 * `contextValue`; and the synchronous path makes no AbortController at all.
 */
const servers: Server[] = [];
afterEach(async () => {
  vi.unstubAllGlobals();
  await Promise.all(
    servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve).closeAllConnections())),
  );
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Signals the `wait` resolver was given, each awaited until it aborts. */
function waitingSchema(seen: Array<AbortSignal | undefined>) {
  return makeSchema({
    typeDefs: 'type Query { wait: String }',
    resolvers: {
      Query: {
        wait: (_source: unknown, _args: unknown, context: { signal?: AbortSignal }) => {
          const signal = context.signal;
          seen.push(signal);
          if (!signal) return 'no signal';
          return new Promise((resolve) =>
            signal.addEventListener('abort', () => resolve('aborted'), { once: true }),
          );
        },
      },
    },
  });
}

/**
 * An engine whose resolvers find `ExecuteRequest.signal` in their context: what the engine's own
 * use of the signal (cancelling statements) will see, observable from a resolver.
 */
function signalToContext(engine: Engine): Engine {
  return {
    ...engine,
    prepare(query, operationName) {
      const prepared = engine.prepare(query, operationName);
      if (!prepared.ok) return prepared;
      const execute = (req: ExecuteRequest = {}) =>
        prepared.execute({ ...req, bytes: true, contextValue: { signal: req.signal } });
      return { ...prepared, execute: execute as typeof prepared.execute };
    },
  };
}

async function start(engine: Engine, options: Partial<ServerOptions> = {}) {
  const adapter = createNodeAdapter({ engine, ...options });
  const server = createServer(adapter.handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { adapter, port: (server.address() as AddressInfo).port };
}

function post(port: number, query: string) {
  const body = JSON.stringify({ query });
  const req = request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: '/graphql',
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
    agent: false,
  });
  const answered = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req.on('response', (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
  });
  req.end(body);
  return { req, answered };
}

async function drained(adapter: NodeAdapter) {
  while (adapter.inFlight() !== 0) await sleep(5);
}

describe('the signal given to prepared.execute', () => {
  it('aborts with the 504 error when the operation outlives timeoutMs', async () => {
    const seen: Array<AbortSignal | undefined> = [];
    const engine = signalToContext(createEngine({ schema: waitingSchema(seen) }));
    const { port } = await start(engine, { timeoutMs: 40 });
    const { status, body } = await post(port, '{ wait }').answered;
    expect(status).toBe(504);
    expect(JSON.parse(body)).toMatchObject({ errors: [{ extensions: { code: 'TIMEOUT' } }] });
    expect(seen).toHaveLength(1);
    expect(seen[0]).toBeInstanceOf(AbortSignal);
    expect(seen[0]?.aborted).toBe(true);
    expect(seen[0]?.reason).toMatchObject({ status: 504, code: 'TIMEOUT' });
  });

  it('aborts when a real client destroys its socket before the response', async () => {
    const seen: Array<AbortSignal | undefined> = [];
    const engine = signalToContext(createEngine({ schema: waitingSchema(seen) }));
    const { adapter, port } = await start(engine);
    const { req, answered } = post(port, '{ wait }');
    answered.catch(() => {});
    while (seen.length === 0) await sleep(5);
    expect(seen[0]).toBeInstanceOf(AbortSignal);
    expect(seen[0]?.aborted).toBe(false);
    req.destroy();
    // The resolver is still waiting on the signal: only the client leaving can end it.
    while (!seen[0]?.aborted) await sleep(5);
    expect(seen[0]?.reason).toBeInstanceOf(Error);
    expect((seen[0]?.reason as Error).message).toMatch(/closed the connection/);
    await drained(adapter);
  });

  it('is the same signal contextValue gets in its scope', async () => {
    const seen: Array<AbortSignal | undefined> = [];
    const scopes: AbortSignal[] = [];
    const engine = signalToContext(createEngine({ schema: waitingSchema(seen) }));
    const { port } = await start(engine, {
      timeoutMs: 40,
      contextValue: (_request, scope) => {
        scopes.push(scope.signal);
        return {};
      },
    });
    expect((await post(port, '{ wait }').answered).status).toBe(504);
    expect(scopes[0]).toBe(seen[0]);
    expect(scopes[0]?.aborted).toBe(true);
  });

  it('costs no AbortController on the synchronous path', async () => {
    let made = 0;
    class CountingController extends AbortController {
      constructor() {
        super();
        made++;
      }
    }
    vi.stubGlobal('AbortController', CountingController);
    const engine = createEngine({ schema: testSchema() });
    for (const options of [{}, { contextValue: () => ({}) }]) {
      const { adapter, port } = await start(engine, options);
      for (let i = 0; i < 5; i++) {
        const { status } = await post(port, '{ hello }').answered;
        expect(status).toBe(200);
      }
      await drained(adapter);
    }
    expect(made).toBe(0);
    // An asynchronous operation whose engine reads the signal makes one.
    const seen: Array<AbortSignal | undefined> = [];
    const { port } = await start(signalToContext(createEngine({ schema: waitingSchema(seen) })), {
      timeoutMs: 40,
    });
    expect((await post(port, '{ wait }').answered).status).toBe(504);
    expect(made).toBeGreaterThanOrEqual(1);
  });
});

describe('OperationScope', () => {
  const request = { method: 'POST', url: '/graphql', headers: {}, body: null };

  it('gives an aborted signal when first asked for after the operation was given up', () => {
    const scope = new OperationScope(request, 'id-1');
    scope.abort(new Error('timed out'));
    expect(scope.signal.aborted).toBe(true);
    expect((scope.signal.reason as Error).message).toBe('timed out');
  });

  it("follows the client's signal only once the operation waits", () => {
    const client = new AbortController();
    const scope = new OperationScope({ ...request, signal: client.signal }, 'id-2');
    const signal = scope.signal;
    client.abort(new Error('gone'));
    expect(signal.aborted).toBe(false); // a synchronous operation is over before this matters
    scope.wait();
    expect(signal.aborted).toBe(true);
    expect((signal.reason as Error).message).toBe('gone');
  });

  it('says it was given up without making its signal: timed out, or the client left while it waited', () => {
    let gone = false;
    const client = {
      ...request,
      get clientGone() {
        return gone;
      },
      get signal(): AbortSignal {
        throw new Error('the client signal was made');
      },
    };
    const timedOut = new OperationScope(client, 'id-3');
    expect(timedOut.aborted).toBe(false);
    timedOut.abort(new Error('timed out'));
    expect(timedOut.aborted).toBe(true);

    const left = new OperationScope(client, 'id-4');
    gone = true;
    expect(left.aborted).toBe(false); // still synchronous: nobody waits on the client yet
    left.wait();
    expect(left.aborted).toBe(true);
  });
});
