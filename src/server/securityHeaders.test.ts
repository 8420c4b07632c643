import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createSluiceServer } from './createSluiceServer.js';
import { createEngine } from '../engine/index.js';
import { rawRequest } from './__fixtures__/rawRequest.js';
import { send, testHandler, testSchema } from './__fixtures__/testServer.js';

/** Headers that keep browsers from misreading or framing what the server sends. */
describe('security headers', () => {
  it('sends X-Content-Type-Options: nosniff on every response', async () => {
    const { handle } = testHandler({ persisted: { mode: 'apq' } });
    for (const request of [
      { json: { query: '{ hello }' } },
      { json: { query: '{' } },
      { method: 'DELETE' },
      { method: 'GET', url: '/graphql', headers: { accept: 'text/html' } },
      { method: 'GET', url: '/graphql/_graphiql/graphiql.min.css' },
      { method: 'GET', url: '/health' },
      { method: 'GET', url: '/ready' },
      { method: 'GET', url: '/metrics' },
      { method: 'GET', url: '/nope' },
      { method: 'GET', url: '//%' },
    ]) {
      const res = await send(handle, request);
      expect(res.headers['x-content-type-options'], JSON.stringify(request)).toBe('nosniff');
    }
    const server = createSluiceServer({
      engine: createEngine({ schema: testSchema() }),
      maxBodyBytes: 10,
    });
    const { port } = await server.listen(0);
    try {
      const res = await rawRequest(port, {
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: '{ hello }' }),
      });
      expect(res.status).toBe(413);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    } finally {
      await server.close();
    }
  });

  it('gives the GraphiQL page a CSP that allows exactly its inline script and style, and no framing', async () => {
    const { handle } = testHandler({ graphiql: { defaultQuery: '{ hello }</script>' } });
    const page = await send(handle, {
      method: 'GET',
      url: '/graphql',
      headers: { accept: 'text/html' },
    });
    expect(page.status).toBe(200);
    expect(page.headers['x-frame-options']).toBe('DENY');
    const csp = page.headers['content-security-policy'] ?? '';
    const directives = new Map(
      csp.split(';').map((d) => {
        const [name = '', ...sources] = d.trim().split(/\s+/);
        return [name, sources] as const;
      }),
    );
    expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
    expect(directives.get('default-src')).toEqual(["'none'"]);
    const hash = (text: string) =>
      `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
    const inlineScripts = [...page.text.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
    const inlineStyles = [...page.text.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1]);
    expect(inlineScripts).toHaveLength(1);
    expect(inlineStyles).toHaveLength(1);
    expect(directives.get('script-src')).toEqual(["'self'", hash(inlineScripts[0] ?? '')]);
    expect(directives.get('style-src')).toEqual(["'self'", hash(inlineStyles[0] ?? '')]);
    expect(csp).not.toContain('unsafe');
  });
});
