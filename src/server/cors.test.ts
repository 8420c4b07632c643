import { afterEach, describe, expect, it } from 'vitest';
import { createEngine } from '../engine/index.js';
import { createSluiceServer, type SluiceServer } from './createSluiceServer.js';
import { rawRequest } from './__fixtures__/rawRequest.js';
import { testSchema } from './__fixtures__/testServer.js';
import type { ServerOptions } from './types.js';

const servers: SluiceServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function start(options: Partial<ServerOptions> = {}) {
  const server = createSluiceServer({ engine: createEngine({ schema: testSchema() }), ...options });
  servers.push(server);
  const { port } = await server.listen(0);
  return port;
}

const origin = 'https://a.example';
const listOf = (value: unknown) =>
  String(value ?? '')
    .split(',')
    .map((item) => item.trim().toLowerCase());

describe('CORS', () => {
  it('adds Origin to a cached answer’s Vary rather than replacing "Authorization, Cookie"', async () => {
    const port = await start({
      cors: { origin: [origin] },
      cache: { operations: { Q: 60 }, admission: 'all' },
    });
    const res = await rawRequest(port, {
      headers: { 'content-type': 'application/json', origin },
      body: JSON.stringify({ query: 'query Q { hello }' }),
    });
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    expect(listOf(res.headers['vary'])).toEqual(
      expect.arrayContaining(['authorization', 'cookie', 'origin']),
    );
    expect(res.headers['access-control-allow-origin']).toBe(origin);
  });

  it('allows the headers a preflight asks for and the configured ones besides', async () => {
    const port = await start({ cors: { origin: [origin], allowedHeaders: ['authorization'] } });
    const res = await rawRequest(port, {
      method: 'OPTIONS',
      headers: {
        origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(res.status).toBe(204);
    expect(listOf(res.headers['access-control-allow-headers']).sort()).toEqual([
      'authorization',
      'content-type',
    ]);
  });

  it('stamps a preflight and a plain OPTIONS answer with x-request-id and nosniff', async () => {
    for (const options of [{ cors: { origin: [origin] } }, {}]) {
      const port = await start(options);
      const res = await rawRequest(port, {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'POST' },
      });
      expect(res.status).toBe(204);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-request-id']).toMatch(/\S/);
      // RFC 9110 §8.6: a 204 carries no Content-Length.
      expect(res.headers['content-length']).toBeUndefined();
    }
  });
});
