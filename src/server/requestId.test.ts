import { describe, expect, it } from 'vitest';
import { createSluiceServer } from './createSluiceServer.js';
import { createJsonLogger } from './logger.js';
import { rawRequest } from './__fixtures__/rawRequest.js';
import { send, testHandler } from './__fixtures__/testServer.js';
import { createEngine } from '../engine/index.js';
import { testSchema } from './__fixtures__/testServer.js';
import type { RequestScope } from './types.js';

/** Every request has an id: the client's `x-request-id` when it is safe to reuse, else a new one. */
const hello = { query: '{ hello }' };

describe('request ids', () => {
  it('answers every request with a new x-request-id, in its log line and its scope', async () => {
    const lines: string[] = [];
    const scopes: RequestScope[] = [];
    const { handle } = testHandler({
      logger: createJsonLogger((line) => lines.push(line)),
      contextValue: (_request, scope) => {
        scopes.push(scope);
        return {};
      },
    });
    const first = await send(handle, { json: hello });
    const second = await send(handle, { json: hello });
    const id = first.headers['x-request-id'];
    expect(id).toMatch(/^[\w.:+/=-]{8,128}$/);
    expect(second.headers['x-request-id']).toMatch(/^[\w.:+/=-]{8,128}$/);
    expect(second.headers['x-request-id']).not.toBe(id);
    expect(scopes.map((s) => s.requestId)).toEqual([id, second.headers['x-request-id']]);
    const logged = lines.map((line) => JSON.parse(line) as { msg: string; requestId?: string });
    expect(logged.map((l) => l.requestId)).toEqual([id, second.headers['x-request-id']]);
  });

  it('reuses a safe incoming x-request-id and replaces an unsafe or overlong one', async () => {
    const scopes: RequestScope[] = [];
    const { handle } = testHandler({
      contextValue: (_request, scope) => {
        scopes.push(scope);
        return {};
      },
    });
    const given = 'req-0123_abc.def:42/x+y=';
    const reused = await send(handle, { json: hello, headers: { 'x-request-id': given } });
    expect(reused.headers['x-request-id']).toBe(given);
    expect(scopes[0]?.requestId).toBe(given);
    for (const bad of ['a b', '"><script>', 'x'.repeat(129), '', 'é', 'a,b']) {
      const res = await send(handle, { json: hello, headers: { 'x-request-id': bad } });
      expect(res.headers['x-request-id'], bad).not.toBe(bad);
      expect(res.headers['x-request-id']).toMatch(/^[\w.:+/=-]{8,128}$/);
    }
  });

  it('is on every response: errors, /health, 404, and the adapter own 413', async () => {
    const { handle } = testHandler();
    for (const request of [
      { json: { query: '{' } },
      { method: 'PUT' },
      { method: 'GET', url: '/health' },
      { method: 'GET', url: '/nope' },
    ]) {
      const res = await send(handle, request);
      expect(res.headers['x-request-id'], JSON.stringify(request)).toMatch(/^[\w.:+/=-]{8,128}$/);
    }
    const server = createSluiceServer({
      engine: createEngine({ schema: testSchema() }),
      maxBodyBytes: 10,
    });
    const { port } = await server.listen(0);
    try {
      const res = await rawRequest(port, {
        headers: { 'content-type': 'application/json', 'x-request-id': 'too-big-1' },
        body: JSON.stringify(hello),
      });
      expect(res.status).toBe(413);
      expect(res.headers['x-request-id']).toBe('too-big-1');
    } finally {
      await server.close();
    }
  });
});
