import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createEngine } from '../engine/index.js';
import { createSluiceServer, type SluiceServer } from './createSluiceServer.js';
import { DISCARD_BYTES } from './discardBody.js';
import { testSchema } from './__fixtures__/testServer.js';

const servers: SluiceServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function start(): Promise<number> {
  const server = createSluiceServer({
    engine: createEngine({ schema: testSchema() }),
    maxBodyBytes: 1000,
  });
  servers.push(server);
  return (await server.listen(0)).port;
}

/** A raw connection: what the server sent so far, whether it closed, and a failed write. */
function open(port: number) {
  const socket: Socket = connect(port, '127.0.0.1');
  const state = { received: '', closed: false, error: undefined as Error | undefined };
  socket.on('data', (chunk: Buffer) => (state.received += chunk.toString('latin1')));
  socket.on('close', () => (state.closed = true));
  socket.on('error', (error) => (state.error = error));
  const write = (data: string | Buffer) =>
    new Promise<void>((resolve) => socket.write(data, () => resolve()));
  const until = async (done: () => boolean) => {
    while (!done()) await new Promise((r) => setTimeout(r, 5));
  };
  return { socket, state, write, until };
}

const head = (length: number) =>
  `POST /graphql HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`;
const small = JSON.stringify({ query: '{ hello }' });

describe('a refused body', () => {
  it('is read and dropped while the client sends it: the client reads its 413, and the connection serves its next request', async () => {
    const port = await start();
    const c = open(port);
    const length = 3 * 1024 * 1024;
    await c.write(head(length) + 'x'.repeat(64 * 1024));
    await c.until(() => c.state.received.includes('PAYLOAD_TOO_LARGE') || c.state.closed);
    expect(c.state.received).toMatch(/^HTTP\/1\.1 413 /);
    // The rest of the body goes out after the answer came: nothing fails on the client's side.
    await c.write('x'.repeat(length - 64 * 1024));
    const answered = c.state.received.length;
    await c.write(head(Buffer.byteLength(small)) + small);
    await c.until(() => c.state.received.includes('"hello"') || c.state.closed);
    expect(c.state.error).toBeUndefined();
    expect(c.state.received.slice(answered)).toMatch(/^HTTP\/1\.1 200 /);
    c.socket.destroy();
  });

  it('of a client that asked to close is read before the connection closes: no reset', async () => {
    const port = await start();
    const c = open(port);
    const length = 6 * 1024 * 1024;
    const closing = head(length).replace('Host: x\r\n', 'Host: x\r\nConnection: close\r\n');
    // All of it in one write, as a client that does not wait for an early answer sends it.
    await c.write(closing + 'x'.repeat(length));
    await c.until(() => c.state.closed);
    expect(c.state.error).toBeUndefined();
    expect(c.state.received).toMatch(/^HTTP\/1\.1 413 /);
    expect(c.state.received.toLowerCase()).toContain('connection: close');
  });

  it(`declared longer than ${DISCARD_BYTES} bytes is not waited for: 413 with Connection: close`, async () => {
    const port = await start();
    const c = open(port);
    await c.write(head(DISCARD_BYTES + 1) + 'x'.repeat(1024));
    await c.until(() => c.state.closed);
    expect(c.state.received).toMatch(/^HTTP\/1\.1 413 /);
    expect(c.state.received.toLowerCase()).toContain('connection: close');
  });

  it('that stops arriving is not waited for: the connection is cut', async () => {
    const port = await start();
    const c = open(port);
    await c.write(head(100_000) + 'x'.repeat(10));
    await c.until(() => c.state.closed);
    expect(c.state.received).toMatch(/^HTTP\/1\.1 413 /);
  }, 15_000);

  it('that goes on past the bound cuts the connection', async () => {
    const port = await start();
    const c = open(port);
    // No declared length: chunks of 1 MiB until the server stops reading.
    await c.write(
      'POST /graphql HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n',
    );
    const chunk = `100000\r\n${'x'.repeat(1 << 20)}\r\n`;
    for (let i = 0; i < 64 && !c.state.closed && c.state.error === undefined; i++) {
      await c.write(chunk);
    }
    await c.until(() => c.state.closed);
    expect(c.state.received).toMatch(/^HTTP\/1\.1 413 /);
  }, 15_000);
});
