import { afterEach, describe, expect, it } from 'vitest';
import {
  brotliCompressSync,
  brotliDecompressSync,
  deflateSync,
  gunzipSync,
  gzipSync,
  inflateSync,
} from 'node:zlib';
import { createEngine } from '../engine/index.js';
import { createSluiceServer, type SluiceServer } from './createSluiceServer.js';
import { rawExchange, rawRequest } from './__fixtures__/rawRequest.js';
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

const json = { 'content-type': 'application/json' };
const body = (query: string) => JSON.stringify({ query });
const code = (raw: { body: Buffer }) =>
  (JSON.parse(raw.body.toString()) as { errors: Array<{ extensions: { code: string } }> }).errors[0]
    ?.extensions.code;

describe('request body limit (counted after decompression)', () => {
  it('refuses a body over maxBodyBytes with 413 PAYLOAD_TOO_LARGE and closes the connection', async () => {
    const port = await start({ maxBodyBytes: 1000 });
    const padded = JSON.stringify({ query: `{ hello }${' '.repeat(2000)}` });
    const res = await rawRequest(port, { headers: json, body: padded });
    expect(res.status).toBe(413);
    expect(code(res)).toBe('PAYLOAD_TOO_LARGE');
    expect(res.headers['connection']).toBe('close');
    const fine = await rawRequest(port, { headers: json, body: body('{ hello }') });
    expect(fine.status).toBe(200);
  });

  it('refuses an oversized body without Content-Length (chunked) too', async () => {
    const port = await start({ maxBodyBytes: 1000 });
    const reply = await rawExchange(port, [
      'POST /graphql HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n',
      `7d0\r\n${'x'.repeat(2000)}\r\n`,
    ]);
    expect(reply).toMatch(/^HTTP\/1\.1 413/);
    expect(reply).toContain('PAYLOAD_TOO_LARGE');
  });

  it.each([
    ['gzip', gzipSync],
    ['deflate', deflateSync],
    ['br', brotliCompressSync],
  ] as const)('reads a %s body', async (encoding, compressFn) => {
    const port = await start();
    const res = await rawRequest(port, {
      headers: { ...json, 'content-encoding': encoding },
      body: compressFn(Buffer.from(body('{ hello }'))),
    });
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body.toString())).toEqual({ data: { hello: 'Hello, world!' } });
  });

  it('refuses a small compressed body that inflates past the limit (a zip bomb) with 413', async () => {
    const port = await start({ maxBodyBytes: 64 * 1024 });
    const inflated = Buffer.from(
      JSON.stringify({ query: `{ hello }${' '.repeat(8 * 1024 * 1024)}` }),
    );
    const bomb = gzipSync(inflated, { level: 9 });
    expect(bomb.length).toBeLessThan(64 * 1024);
    const res = await rawRequest(port, {
      headers: { ...json, 'content-encoding': 'gzip' },
      body: bomb,
    });
    expect(res.status).toBe(413);
    expect(code(res)).toBe('PAYLOAD_TOO_LARGE');
  });

  it('refuses an unknown Content-Encoding with 415 and corrupt compressed data with 400', async () => {
    const port = await start();
    const unknown = await rawRequest(port, {
      headers: { ...json, 'content-encoding': 'zstd' },
      body: body('{ hello }'),
    });
    expect(unknown.status).toBe(415);
    expect(code(unknown)).toBe('UNSUPPORTED_MEDIA_TYPE');
    const corrupt = await rawRequest(port, {
      headers: { ...json, 'content-encoding': 'gzip' },
      body: Buffer.from('definitely not gzip'),
    });
    expect(corrupt.status).toBe(400);
    expect(code(corrupt)).toBe('BAD_REQUEST');
  });

  it('answers a body that arrives too slowly with 408 TIMEOUT', async () => {
    const port = await start({ requestTimeoutMs: 300 });
    const reply = await rawExchange(port, [
      'POST /graphql HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n',
      '{"query":',
    ]);
    expect(reply).toMatch(/^HTTP\/1\.1 408/);
    expect(reply).toContain('"code":"TIMEOUT"');
  });
});

describe('response compression', () => {
  const bigQuery = body('{ big(n: 500) }');

  it.each([
    ['gzip', gunzipSync],
    ['deflate', inflateSync],
    ['br', brotliDecompressSync],
  ] as const)('compresses with %s when asked', async (encoding, decompress) => {
    const port = await start();
    const res = await rawRequest(port, {
      headers: { ...json, 'accept-encoding': encoding },
      body: bigQuery,
    });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(res.headers['vary']).toContain('Accept-Encoding');
    const text = decompress(res.body).toString();
    expect((JSON.parse(text) as { data: { big: string[] } }).data.big).toHaveLength(500);
    expect(res.body.length).toBeLessThan(text.length / 3);
  });

  it('prefers br, honours q=0, and leaves small or unasked responses alone', async () => {
    const port = await start();
    const pick = async (acceptEncoding: string | undefined, query = bigQuery) =>
      (
        await rawRequest(port, {
          headers:
            acceptEncoding === undefined ? json : { ...json, 'accept-encoding': acceptEncoding },
          body: query,
        })
      ).headers['content-encoding'];
    expect(await pick('gzip, deflate, br')).toBe('br');
    expect(await pick('br;q=0, gzip')).toBe('gzip');
    expect(await pick('identity')).toBeUndefined();
    expect(await pick(undefined)).toBeUndefined();
    expect(await pick('gzip', body('{ hello }'))).toBeUndefined();
  });

  it('says Vary: Accept-Encoding only on responses large enough to be compressed', async () => {
    const port = await start();
    const small = await rawRequest(port, { headers: json, body: body('{ hello }') });
    expect(small.headers['vary'] ?? '').not.toContain('Accept-Encoding');
    const big = await rawRequest(port, { headers: json, body: bigQuery });
    expect(big.headers['content-encoding']).toBeUndefined();
    expect(big.headers['vary']).toContain('Accept-Encoding');
  });

  it('can be switched off', async () => {
    const port = await start({ compression: false });
    const res = await rawRequest(port, {
      headers: { ...json, 'accept-encoding': 'gzip' },
      body: bigQuery,
    });
    expect(res.headers['content-encoding']).toBeUndefined();
  });
});

describe('timeoutMs and an asynchronous contextValue', () => {
  it('answers 504 TIMEOUT when the contextValue never settles', async () => {
    const port = await start({ timeoutMs: 200, contextValue: () => new Promise(() => {}) });
    const res = await Promise.race([
      rawRequest(port, { headers: json, body: body('{ hello }') }),
      new Promise<null>((resolve) => setTimeout(() => resolve(null), 5000)),
    ]);
    expect(res).not.toBeNull();
    expect(res!.status).toBe(504);
    expect(code(res!)).toBe('TIMEOUT');
  });
});

describe('Content-Length on a 304 (RFC 9110 §8.6)', () => {
  it('is not 0 where the 200 had content', async () => {
    const port = await start({ cache: { operations: { Q: 60 }, admission: 'all' } });
    const path = '/graphql?query=' + encodeURIComponent('query Q { hello }');
    const get = (extra = '') =>
      rawExchange(port, [
        `GET ${path} HTTP/1.1\r\nHost: x\r\nx-graphql-csrf: 1\r\n${extra}Connection: close\r\n\r\n`,
      ]);
    const first = await get();
    const etag = /\r\netag: ([^\r]*)\r\n/i.exec(first)?.[1];
    expect(etag).toBeDefined();
    const second = await get(`If-None-Match: ${etag}\r\n`);
    expect(second).toMatch(/^HTTP\/1\.1 304/);
    expect(second.toLowerCase()).not.toContain('content-length:');
  });
});

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
