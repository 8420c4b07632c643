import { describe, expect, it } from 'vitest';
import { rawExchange } from '../../src/server/__fixtures__/rawRequest.js';
import { expectHealthy } from './support/expectations.js';
import { underAttack } from './support/http.js';
import { useAbuseServer } from './support/serverProcess.js';

const REQUEST_TIMEOUT_MS = 1000;
const server = useAbuseServer({ server: { requestTimeoutMs: REQUEST_TIMEOUT_MS } });

// 40 pieces 250 ms apart: a server that never gives up keeps the socket 10 s.
const GAP_MS = 250;
const PIECES = 40;
/** A socket closed this long after the request timeout was let trickle: the defect. */
const CLOSE_BOUND_MS = REQUEST_TIMEOUT_MS + 4000;

async function trickle(head: string, piece: string) {
  const started = performance.now();
  const reply = await rawExchange(
    server.port,
    [head, ...Array<string>(PIECES).fill(piece)],
    GAP_MS,
  );
  return { reply, ms: performance.now() - started };
}

describe('slow clients (slowloris)', () => {
  it('headers trickled in: the socket is closed (or 408) within the request timeout', async () => {
    const { result, health } = await underAttack(server.port, () =>
      trickle('POST /graphql HTTP/1.1\r\nHost: 127.0.0.1\r\n', 'X-Slow: 1\r\n'),
    );
    expect(result.reply === '' || result.reply.startsWith('HTTP/1.1 408')).toBe(true);
    expect(result.ms).toBeLessThan(CLOSE_BOUND_MS);
    expectHealthy(health);
  });

  it('a body trickled in: 408 TIMEOUT and the socket closed', async () => {
    const head =
      'POST /graphql HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
      'Accept: application/graphql-response+json\r\nContent-Length: 100000\r\n\r\n{"query":"';
    const { result, health } = await underAttack(server.port, () => trickle(head, ' '));
    expect(result.reply).toMatch(/^HTTP\/1\.1 408/);
    expect(result.reply).toContain('"code":"TIMEOUT"');
    expect(result.ms).toBeLessThan(CLOSE_BOUND_MS);
    expectHealthy(health);
  });

  it('50 slow connections at once: all cut, health answers throughout', async () => {
    const { result, health } = await underAttack(server.port, () =>
      Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          i % 2 === 0
            ? trickle('POST /graphql HTTP/1.1\r\nHost: 127.0.0.1\r\n', 'X-Slow: 1\r\n')
            : trickle(
                'POST /graphql HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
                  'Content-Length: 100000\r\n\r\n{',
                ' ',
              ),
        ),
      ),
    );
    for (const { ms } of result) expect(ms).toBeLessThan(CLOSE_BOUND_MS);
    expectHealthy(health);
  });
});
