import { describe, expect, it } from 'vitest';
import { buildHandler } from './createHandler.js';
import { codeOf, GQL_RESPONSE, send, testHandler, testSchema } from './__fixtures__/testServer.js';
import { createEngine } from '../engine/index.js';
import { createJsonLogger } from './logger.js';

describe('timeouts and failures', () => {
  it('answers 504 TIMEOUT when an asynchronous operation outlives timeoutMs', async () => {
    const { handle } = testHandler({ timeoutMs: 50 });
    const started = performance.now();
    const res = await send(handle, { json: { query: '{ slow(ms: 2000) }' } });
    expect(res.status).toBe(504);
    expect(codeOf(res)).toBe('TIMEOUT');
    expect(performance.now() - started).toBeLessThan(1500);
    const quick = await send(handle, { json: { query: '{ slow(ms: 1) }' } });
    expect(quick.status).toBe(200);
  });

  it('answers 500 INTERNAL_SERVER_ERROR when contextValue throws, masked in production', async () => {
    const lines: string[] = [];
    const logger = createJsonLogger((line) => lines.push(line));
    const contextValue = () => {
      throw new Error('token store unreachable at 10.0.0.7');
    };
    const dev = await send(testHandler({ contextValue, logger }).handle, {
      json: { query: '{ hello }' },
    });
    expect(dev.status).toBe(500);
    expect(codeOf(dev)).toBe('INTERNAL_SERVER_ERROR');
    expect(dev.json.errors?.[0]?.message).toContain('token store');

    const prod = await send(testHandler({ contextValue, logger, maskErrors: true }).handle, {
      json: { query: '{ hello }' },
    });
    expect(prod.status).toBe(500);
    expect(prod.json.errors?.[0]?.message).toBe('Unexpected error.');
    // ... and logged in full.
    expect(lines.filter((l) => l.includes('token store unreachable')).length).toBe(2);
    expect(JSON.parse(lines.at(-1) ?? '{}')).toMatchObject({
      level: 'error',
      msg: 'request failed',
      status: 500,
    });
  });

  it('masks unexpected resolver errors when the engine is in production mode, and reports them', async () => {
    const reported: string[] = [];
    const { handle } = testHandler(
      {},
      { maskErrors: true, onUnexpectedError: (e) => reported.push(e.message) },
    );
    const res = await send(handle, { json: { query: '{ boom }' } });
    expect(res.json.errors?.[0]).toMatchObject({
      message: 'Unexpected error.',
      extensions: { code: 'INTERNAL_SERVER_ERROR' },
    });
    expect(res.text).not.toContain('secret');
    expect(reported[0]).toContain('secret');
  });

  it('passes the request to contextValue and rootValue to the engine', async () => {
    const schema = testSchema();
    const engine = createEngine({ schema });
    const seen: string[] = [];
    const { handle } = buildHandler({
      engine,
      contextValue: async (request) => {
        seen.push(String(request.headers['authorization']));
        return { user: 'ann' };
      },
    });
    const res = await send(handle, {
      json: { query: '{ hello }' },
      headers: { authorization: 'Bearer x' },
    });
    expect(res.status).toBe(200);
    expect(seen).toEqual(['Bearer x']);
  });
});

describe('Server-Timing', () => {
  it('reports parse, validate, plan, execute and serialize, and the cache hit', async () => {
    const { handle } = testHandler();
    const first = await send(handle, { json: { query: '{ users { id } }' } });
    const timing = first.headers['server-timing'] ?? '';
    for (const name of ['parse', 'validate', 'plan', 'execute', 'serialize', 'total']) {
      expect(timing).toMatch(new RegExp(`${name};[^,]*dur=\\d+(\\.\\d+)?`));
    }
    expect(timing).toContain('cache;desc=miss');
    const second = await send(handle, { json: { query: '{ users { id } }' } });
    expect(second.headers['server-timing']).toContain('cache;desc=hit');
    const failed = await send(handle, { json: { query: '{ nope }' } });
    expect(failed.headers['server-timing']).toMatch(/validate;dur=/);
  });
});

describe('health, readiness, metrics', () => {
  it('GET /health is always 200', async () => {
    const { handle } = testHandler({ readiness: () => false });
    const res = await send(handle, { method: 'GET', url: '/health' });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ status: 'ok' });
  });

  it('GET /ready follows the readiness check: true, false, throwing, hanging, shutting down', async () => {
    const ready = async (readiness: () => Promise<boolean> | boolean) =>
      (
        await send(testHandler({ readiness, timeoutMs: 100 }).handle, {
          method: 'GET',
          url: '/ready',
        })
      ).status;
    expect(await ready(() => true)).toBe(200);
    expect(await ready(async () => true)).toBe(200);
    expect(await ready(() => false)).toBe(503);
    expect(
      await ready(() => {
        throw new Error('db down');
      }),
    ).toBe(503);
    expect(await ready(() => new Promise<boolean>(() => {}))).toBe(503);

    const core = buildHandler({ engine: createEngine({ schema: testSchema() }) });
    expect((await send(core.handle, { method: 'GET', url: '/ready' })).status).toBe(200);
    core.markShuttingDown();
    const closing = await send(core.handle, { method: 'GET', url: '/ready' });
    expect(closing.status).toBe(503);
    expect(closing.json).toEqual({ status: 'shutting down' });
  });

  it('GET /metrics counts requests by operation type and status, errors, latency and the plan cache', async () => {
    const { handle, engine } = testHandler();
    await send(handle, { json: { query: '{ hello }' } });
    await send(handle, { json: { query: '{ hello }' } });
    await send(handle, { json: { query: '{ hello boom }' } });
    await send(handle, { json: { query: 'mutation { bump }' } });
    await send(handle, { json: { query: '{ nope }' }, headers: { accept: GQL_RESPONSE } });
    await send(handle, { body: 'x', headers: { 'content-type': 'text/plain' } });
    const res = await send(handle, { method: 'GET', url: '/metrics' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain; version=0.0.4');
    const value = (series: string) => {
      const line = res.text.split('\n').find((l) => l.startsWith(`${series} `));
      return line === undefined ? undefined : Number(line.slice(series.length + 1));
    };
    expect(value('sluice_http_requests_total{operation_type="query",status="200"}')).toBe(3);
    expect(value('sluice_http_requests_total{operation_type="mutation",status="200"}')).toBe(1);
    expect(value('sluice_http_requests_total{operation_type="none",status="400"}')).toBe(1);
    expect(value('sluice_http_requests_total{operation_type="none",status="415"}')).toBe(1);
    expect(value('sluice_graphql_errors_total{kind="field"}')).toBe(1);
    expect(value('sluice_graphql_errors_total{kind="request"}')).toBe(2);
    expect(value('sluice_http_request_duration_seconds_count')).toBe(6);
    expect(value('sluice_http_request_duration_seconds_bucket{le="+Inf"}')).toBe(6);
    const stats = engine.stats();
    expect(value('sluice_plan_cache_hits_total')).toBe(stats.planCacheHits);
    expect(value('sluice_plan_cache_misses_total')).toBe(stats.planCacheMisses);
    expect(stats.planCacheHits).toBe(1);
  });

  it('can switch /metrics off', async () => {
    const { handle } = testHandler({ metrics: false });
    expect((await send(handle, { method: 'GET', url: '/metrics' })).status).toBe(404);
  });
});

describe('structured logs', () => {
  it('writes one JSON line per request, with the operation name but not the query or variables', async () => {
    const lines: string[] = [];
    const { handle } = testHandler({ logger: createJsonLogger((line) => lines.push(line)) });
    await send(handle, {
      json: { query: 'query Greet($n: String) { hello(name: $n) }', variables: { n: 'topsecret' } },
    });
    expect(lines).toHaveLength(1);
    const entry = JSON.parse(lines[0] ?? '') as Record<string, unknown>;
    expect(entry).toMatchObject({
      level: 'info',
      msg: 'request',
      method: 'POST',
      status: 200,
      operationType: 'query',
      operationName: 'Greet',
      errors: 0,
    });
    expect(typeof entry['time']).toBe('string');
    expect(typeof entry['durationMs']).toBe('number');
    expect(lines[0]).not.toContain('topsecret');
    expect(lines[0]).not.toContain('hello(');
  });

  it('honours the level', () => {
    const lines: string[] = [];
    const logger = createJsonLogger((line) => lines.push(line), 'warn');
    logger.info('quiet');
    logger.warn('loud', { n: 1 });
    expect(lines.map((l) => (JSON.parse(l) as { msg: string }).msg)).toEqual(['loud']);
  });
});

describe('CORS', () => {
  const cors = { origin: ['https://app.example'], credentials: true };

  it('answers a preflight from an allowed origin', async () => {
    const { handle } = testHandler({ cors });
    const res = await send(handle, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://app.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type, x-graphql-csrf',
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers).toMatchObject({
      'access-control-allow-origin': 'https://app.example',
      'access-control-allow-methods': 'GET, POST, OPTIONS',
      'access-control-allow-headers': 'content-type, x-graphql-csrf',
      'access-control-allow-credentials': 'true',
    });
  });

  it('gives no CORS grant to other origins', async () => {
    const { handle } = testHandler({ cors });
    const preflight = await send(handle, {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    const actual = await send(handle, {
      json: { query: '{ hello }' },
      headers: { origin: 'https://evil.example' },
    });
    expect(actual.headers['access-control-allow-origin']).toBeUndefined();
    expect(actual.headers['vary']).toContain('Origin');
  });

  it('refuses origin "*" with credentials when created: every site could read cookie-made answers', () => {
    expect(() => testHandler({ cors: { origin: '*', credentials: true } })).toThrow(
      'cors: origin "*" cannot be combined with credentials: true',
    );
    // An explicit list with credentials still grants its own origins, and only them.
    expect(() => testHandler({ cors })).not.toThrow();
  });

  it('refuses origin "null" with credentials when created: any site can send Origin: null', () => {
    // Sandboxed iframes, data: and file: pages send `Origin: null`, so granting it is as open as `*`.
    expect(() =>
      testHandler({ cors: { origin: ['https://app.example', 'null'], credentials: true } }),
    ).toThrow('cors: origin "null" cannot be combined with credentials: true');
    expect(() => testHandler({ cors: { origin: 'null', credentials: true } })).toThrow(
      'cors: origin "null" cannot be combined with credentials: true',
    );
    // Without credentials, the page only reads what any anonymous request could.
    expect(() => testHandler({ cors: { origin: ['null'] } })).not.toThrow();
  });

  it('grants credentialed actual responses to listed origins only', async () => {
    const { handle } = testHandler({ cors });
    const listed = await send(handle, {
      json: { query: '{ hello }' },
      headers: { origin: 'https://app.example' },
    });
    expect(listed.headers).toMatchObject({
      'access-control-allow-origin': 'https://app.example',
      'access-control-allow-credentials': 'true',
    });
    const other = await send(handle, {
      json: { query: '{ hello }' },
      headers: { origin: 'https://evil.example' },
    });
    expect(other.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it('grants actual responses to allowed origins and exposes Server-Timing', async () => {
    const { handle } = testHandler({ cors: { origin: '*' } });
    const res = await send(handle, {
      json: { query: '{ hello }' },
      headers: { origin: 'https://any.example' },
    });
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['access-control-expose-headers']).toBe('Server-Timing');
  });

  it('without CORS, OPTIONS says what is allowed and grants nothing', async () => {
    const { handle } = testHandler();
    const res = await send(handle, {
      method: 'OPTIONS',
      headers: { origin: 'https://app.example' },
    });
    expect(res.status).toBe(204);
    expect(res.headers['allow']).toBe('GET, POST, OPTIONS');
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('GraphiQL', () => {
  const browserAccept = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

  it('serves the page to browsers, with every asset from this server (no CDN)', async () => {
    const { handle } = testHandler({
      graphiql: { title: '<My API>', defaultQuery: '</script>{ hello }' },
    });
    const page = await send(handle, { method: 'GET', headers: { accept: browserAccept } });
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.text).toContain('<title>&#60;My API&#62;</title>');
    expect(page.text).not.toContain('</script>{ hello }');
    const sources = [...page.text.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1] ?? '');
    // React, ReactDOM, GraphiQL's script and style, the Explorer's script and style.
    expect(sources.length).toBe(6);
    expect(page.text).toContain('explorer.min.js');
    for (const source of sources) {
      expect(source.startsWith('/graphql/_graphiql/')).toBe(true);
      const asset = await send(handle, { method: 'GET', url: source });
      expect(asset.status, source).toBe(200);
      expect(asset.headers['content-type']).toMatch(/^text\/(javascript|css)/);
      expect(asset.body.length).toBeGreaterThan(1000);
    }
    expect(page.text).not.toMatch(/https?:\/\//);
  });

  it('leaves the Explorer out when asked to', async () => {
    const { handle } = testHandler({ graphiql: { explorer: false } });
    const page = await send(handle, { method: 'GET', headers: { accept: browserAccept } });
    const sources = [...page.text.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1] ?? '');
    expect(sources.length).toBe(4);
    expect(page.text).not.toContain('explorer.min.js');
    expect(page.text).not.toContain('explorer.css');
  });

  it('is not served when switched off or when JSON is preferred', async () => {
    const off = testHandler({ graphiql: false });
    const res = await send(off.handle, { method: 'GET', headers: { accept: browserAccept } });
    expect(res.headers['content-type']).not.toContain('text/html');
    const on = testHandler();
    const json = await send(on.handle, {
      method: 'GET',
      url: '/graphql?query={hello}',
      headers: { accept: 'application/json, text/html;q=0.5', ...{ 'x-graphql-csrf': '1' } },
    });
    expect(json.json).toEqual({ data: { hello: 'Hello, world!' } });
  });
});
