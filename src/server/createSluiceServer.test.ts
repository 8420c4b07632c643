import { afterEach, describe, expect, it } from 'vitest';
import { createEngine } from '../engine/index.js';
import {
  createSluiceServer,
  type SluiceServer,
  type SluiceServerOptions,
} from './createSluiceServer.js';
import { rawRequest } from './__fixtures__/rawRequest.js';
import { testSchema } from './__fixtures__/testServer.js';

const servers: SluiceServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

function make(options: Omit<SluiceServerOptions, 'engine'> = {}) {
  const server = createSluiceServer({ engine: createEngine({ schema: testSchema() }), ...options });
  servers.push(server);
  return server;
}

const post = (port: number, query: string) =>
  rawRequest(port, {
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query }),
  });

describe('createSluiceServer', () => {
  it('listens on 127.0.0.1 by default and serves GraphQL, /health and /ready', async () => {
    const { port, address } = await make().listen(0);
    expect(address).toBe('127.0.0.1');
    expect(JSON.parse((await post(port, '{ hello }')).body.toString())).toEqual({
      data: { hello: 'Hello, world!' },
    });
    expect((await rawRequest(port, { method: 'GET', path: '/health' })).status).toBe(200);
    expect((await rawRequest(port, { method: 'GET', path: '/ready' })).status).toBe(200);
  });

  it("points GraphiQL's subscriptions at its WebSocket transport, and only when it serves one", async () => {
    // GraphiQL sends a subscription over HTTP (refused: BAD_REQUEST) unless given a WebSocket URL;
    // graphiqlSubscriptions.browser.test.ts runs one in Chromium.
    const config = async (options: Omit<SluiceServerOptions, 'engine'>) => {
      const { port } = await make(options).listen(0);
      const page = await rawRequest(port, { method: 'GET', headers: { accept: 'text/html' } });
      return /"subscriptions":(true|false)/.exec(page.body.toString())?.[1];
    };
    expect(await config({})).toBe('true');
    expect(await config({ realtime: false })).toBe('false');
    expect(await config({ realtime: { webSocket: false } })).toBe('false');
    expect(await config({ graphiql: { subscriptions: false } })).toBe('false');
  });

  it('rejects listen() with EADDRINUSE when the port is taken', async () => {
    const { port } = await make().listen(0);
    await expect(make().listen(port)).rejects.toMatchObject({ code: 'EADDRINUSE' });
  });

  it('close() stops accepting, lets in-flight requests finish, then resolves', async () => {
    const server = make();
    const { port } = await server.listen(0);
    const inFlight = post(port, '{ slow(ms: 400) }');
    await new Promise((r) => setTimeout(r, 100));
    let closed = false;
    const closing = server.close().then(() => (closed = true));
    await new Promise((r) => setTimeout(r, 50));
    await expect(post(port, '{ hello }')).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    expect(closed).toBe(false);
    const res = await inFlight;
    expect(res.status).toBe(200);
    expect(res.headers['connection']).toBe('close');
    expect(JSON.parse(res.body.toString())).toEqual({ data: { slow: 'slept 400' } });
    await closing;
    expect(closed).toBe(true);
  });

  it('close() cuts requests that outlive the grace period', async () => {
    const server = make({ shutdownGraceMs: 200 });
    const { port } = await server.listen(0);
    const stuck = post(port, '{ slow(ms: 5000) }');
    await new Promise((r) => setTimeout(r, 100));
    const started = performance.now();
    await server.close();
    expect(performance.now() - started).toBeLessThan(2000);
    await expect(stuck).rejects.toMatchObject({ code: 'ECONNRESET' });
  });

  it('close() is idempotent and works before listen()', async () => {
    const server = make();
    await server.close();
    await server.close();
  });
});
