import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { expectHealthy, expectRequestError } from './support/expectations.js';
import { send, underAttack } from './support/http.js';
import { useAbuseServer } from './support/serverProcess.js';

const server = useAbuseServer();

describe('oversized bodies', () => {
  it('a 2 MiB body (over the 1 MiB default): 413 PAYLOAD_TOO_LARGE', async () => {
    const body = JSON.stringify({ query: '{ hello }', extensions: { pad: 'x'.repeat(2 << 20) } });
    const { result, health } = await underAttack(server.port, () => send(server.port, { body }));
    expectRequestError(result, 'PAYLOAD_TOO_LARGE', 413);
    expectHealthy(health);
  });

  it('a gzip bomb (100 MB of zeros in ~100 KB): 413 PAYLOAD_TOO_LARGE', async () => {
    const bomb = gzipSync(Buffer.alloc(100 * 1024 * 1024), { level: 9 });
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const { result, health } = await underAttack(server.port, () =>
      send(server.port, { body: bomb, headers: { 'content-encoding': 'gzip' } }),
    );
    expectRequestError(result, 'PAYLOAD_TOO_LARGE', 413);
    expectHealthy(health);
  });

  it('ten gzip bombs at once: each 413, and the server holds none of them', async () => {
    const bomb = gzipSync(Buffer.alloc(100 * 1024 * 1024), { level: 9 });
    const before = await server.retainedHeapBytes();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        send(server.port, { body: bomb, headers: { 'content-encoding': 'gzip' } }),
      ),
    );
    for (const answer of answers) expectRequestError(answer, 'PAYLOAD_TOO_LARGE', 413);
    const grown = (await server.retainedHeapBytes()) - before;
    expect(grown).toBeLessThan(16 * 1024 * 1024);
  });
});
