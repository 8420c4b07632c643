import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createEngine } from '../engine/index.js';
import { buildHandler } from './createHandler.js';
import { createNodeAdapter, type NodeAdapter } from './createNodeHandler.js';
import { rawExchange } from './__fixtures__/rawRequest.js';
import { testSchema } from './__fixtures__/testServer.js';
import type { ServerOptions } from './types.js';

/**
 * The node adapter's own paths: how a body arrives (buffered in one packet, split, pipelined,
 * abandoned), the synchronous path without promises, the in-flight count, and the AbortSignal
 * handed to `contextValue`.
 */
const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(
    servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve).closeAllConnections())),
  );
});

async function start(options: Partial<ServerOptions> = {}) {
  const adapter = createNodeAdapter({ engine: createEngine({ schema: testSchema() }), ...options });
  const server = createServer(adapter.handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { adapter, port: (server.address() as AddressInfo).port };
}

const post = (body: string, extra = '') =>
  `POST /graphql HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n${extra}` +
  `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
const hello = JSON.stringify({ query: '{ hello }' });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resolves once `adapter` has no request in flight (bounded by the test's own timeout). */
async function drained(adapter: NodeAdapter) {
  while (adapter.inFlight() !== 0) await sleep(5);
}

function open(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => resolve(socket));
    socket.on('error', reject);
  });
}

/** Reads from `socket` until `count` complete responses (Content-Length framed) have arrived. */
function responses(socket: Socket, count: number): Promise<string[]> {
  return new Promise((resolve) => {
    let buffered = '';
    const found: string[] = [];
    const onData = (chunk: Buffer) => {
      buffered += chunk.toString('latin1');
      for (;;) {
        const end = buffered.indexOf('\r\n\r\n');
        const length = /content-length: (\d+)/i.exec(buffered.slice(0, end));
        if (end < 0 || !length || buffered.length < end + 4 + Number(length[1])) break;
        found.push(buffered.slice(0, end + 4 + Number(length[1])));
        buffered = buffered.slice(end + 4 + Number(length[1]));
      }
      if (found.length >= count) {
        socket.off('data', onData);
        resolve(found);
      }
    };
    socket.on('data', onData);
  });
}

describe('request bodies as they arrive', () => {
  it('serves many requests on one keep-alive connection, whole or split across packets', async () => {
    const { adapter, port } = await start();
    const socket = await open(port);
    for (let i = 0; i < 20; i++) {
      const got = responses(socket, 1);
      const raw = post(hello);
      if (i % 2 === 0) {
        socket.write(raw);
      } else {
        // Headers first, then the body in two pieces: the adapter must wait for all of it.
        const split = raw.indexOf('\r\n\r\n') + 4;
        socket.write(raw.slice(0, split));
        await sleep(10);
        socket.write(raw.slice(split, split + 5));
        await sleep(10);
        socket.write(raw.slice(split + 5));
      }
      const [response] = await got;
      expect(response).toMatch(/^HTTP\/1\.1 200/);
      expect(response).toContain('{"data":{"hello":"Hello, world!"}}');
    }
    socket.destroy();
    await drained(adapter);
  });

  it('answers pipelined requests in order', async () => {
    const { port } = await start();
    const socket = await open(port);
    const got = responses(socket, 3);
    const names = ['Ann', 'Bob', 'Cy'];
    socket.write(
      names.map((n) => post(JSON.stringify({ query: `{ hello(name: "${n}") }` }))).join(''),
    );
    const answers = await got;
    expect(answers.map((a) => /"hello":"([^"]*)"/.exec(a)?.[1])).toEqual([
      'Hello, Ann!',
      'Hello, Bob!',
      'Hello, Cy!',
    ]);
    socket.destroy();
  });

  it('reads an empty body as empty (400 BAD_REQUEST), and a chunked one', async () => {
    const { port } = await start();
    const empty = await rawExchange(port, [post('', 'Connection: close\r\n')]);
    expect(empty).toMatch(/^HTTP\/1\.1 400/);
    expect(empty).toContain('The request body is empty.');
    const chunked = await rawExchange(port, [
      'POST /graphql HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n' +
        'Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n',
      `${hello.length.toString(16)}\r\n${hello}\r\n0\r\n\r\n`,
    ]);
    expect(chunked).toMatch(/^HTTP\/1\.1 200/);
  });

  it('forgets a client that leaves mid-body: nothing in flight, the server still answers', async () => {
    const { adapter, port } = await start();
    const socket = await open(port);
    socket.write(post(hello).slice(0, -5));
    await sleep(30);
    expect(adapter.inFlight()).toBe(1);
    socket.destroy();
    await drained(adapter);
    const after = await rawExchange(port, [post(hello, 'Connection: close\r\n')]);
    expect(after).toMatch(/^HTTP\/1\.1 200/);
  });
});

describe('a value when you can, a promise only when you must', () => {
  const request = (query: string) => ({
    method: 'POST',
    url: '/graphql',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query }),
  });

  it('answers a synchronous operation without a promise, an asynchronous one with one', async () => {
    const core = buildHandler({ engine: createEngine({ schema: testSchema() }) });
    const sync = core.respond(request('{ hello }'));
    expect(sync).not.toBeInstanceOf(Promise);
    expect(sync).toMatchObject({ status: 200, body: '{"data":{"hello":"Hello, world!"}}' });
    const refused = core.respond(request('{ nope }'));
    expect(refused).not.toBeInstanceOf(Promise);
    expect(refused).toMatchObject({ status: 200 });
    const async = core.respond(request('{ slow(ms: 1) }'));
    expect(async).toBeInstanceOf(Promise);
    expect(await async).toMatchObject({ status: 200, body: '{"data":{"slow":"slept 1"}}' });
    expect(core.metrics.inFlight).toBe(0);
  });

  it('keeps createHandler a promise-returning function', async () => {
    const core = buildHandler({ engine: createEngine({ schema: testSchema() }) });
    const answer = core.handle(request('{ hello }'));
    expect(answer).toBeInstanceOf(Promise);
    expect((await answer).status).toBe(200);
  });
});

describe('scope.signal in contextValue', () => {
  it('aborts with the 504 error when the operation outlives timeoutMs', async () => {
    const signals: AbortSignal[] = [];
    const core = buildHandler({
      engine: createEngine({ schema: testSchema() }),
      timeoutMs: 30,
      contextValue: (_request, scope) => {
        signals.push(scope.signal);
        return {};
      },
    });
    const answer = core.respond({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ slow(ms: 500) }' }),
    });
    expect(signals[0]?.aborted).toBe(false);
    expect((await answer).status).toBe(504);
    expect(signals[0]?.aborted).toBe(true);
    expect(signals[0]?.reason).toMatchObject({ status: 504, code: 'TIMEOUT' });
  });

  it('aborts when the client closes the connection while the operation runs', async () => {
    const signals: AbortSignal[] = [];
    const { adapter, port } = await start({
      contextValue: (_request, scope) => {
        signals.push(scope.signal);
        return {};
      },
    });
    const socket = await open(port);
    socket.write(post(JSON.stringify({ query: '{ slow(ms: 300) }' })));
    while (signals.length === 0) await sleep(5);
    expect(signals[0]?.aborted).toBe(false);
    socket.destroy();
    while (!signals[0]?.aborted) await sleep(5);
    expect(signals[0]?.reason).toBeInstanceOf(Error);
    await drained(adapter);
  });

  it('stays quiet for a request answered normally', async () => {
    const signals: AbortSignal[] = [];
    const { adapter, port } = await start({
      contextValue: (_request, scope) => {
        signals.push(scope.signal);
        return {};
      },
    });
    const reply = await rawExchange(port, [post(hello, 'Connection: close\r\n')]);
    expect(reply).toMatch(/^HTTP\/1\.1 200/);
    await drained(adapter);
    expect(signals).toHaveLength(1);
    expect(signals[0]?.aborted).toBe(false);
  });
});
