import { describe, expect, it } from 'vitest';
import { expectRequestError } from './support/expectations.js';
import { graphql, send } from './support/http.js';
import { useAbuseServer } from './support/serverProcess.js';

const server = useAbuseServer();

describe('malformed and unsupported bodies', () => {
  it.each([
    ['a lone continuation byte', [0x80]],
    ['a truncated sequence', [0xe2, 0x82]],
    ['an overlong encoding', [0xc0, 0xaf]],
    ['a UTF-16 surrogate', [0xed, 0xa0, 0x80]],
  ])('invalid UTF-8 (%s) in a string: 400 BAD_REQUEST', async (_name, bytes) => {
    const body = Buffer.concat([
      Buffer.from('{"query":"{ hello(name: \\"'),
      Buffer.from(bytes),
      Buffer.from('\\") }"}'),
    ]);
    expectRequestError(await send(server.port, { body }), 'BAD_REQUEST');
  });

  it('a batch (a JSON array): 400 BAD_REQUEST', async () => {
    const answer = await send(server.port, {
      body: [{ query: '{ hello }' }, { query: '{ hello }' }],
    });
    expectRequestError(answer, 'BAD_REQUEST');
  });

  it('a batch of 10,000 operations: 400 BAD_REQUEST, none run', async () => {
    const before = await server.stats();
    const answer = await send(server.port, {
      body: Array.from({ length: 10_000 }, (_, i) => ({ query: `{ hello(name: "${i}") }` })),
    });
    expectRequestError(answer, 'BAD_REQUEST');
    expect((await server.stats()).planCacheMisses).toBe(before.planCacheMisses);
  });

  it('a subscription over POST: 400, not run', async () => {
    const answer = await graphql(server.port, { query: 'subscription { ticks }' });
    expect(answer.status).toBe(400);
    expect(['BAD_REQUEST', 'OPERATION_NOT_SUPPORTED']).toContain(answer.codes[0]);
    expect(answer.json && 'data' in answer.json).toBe(false);
  });

  it.each([
    '"{ hello }"',
    'null',
    '42',
    '{"query": 42}',
    '{"query": "{ hello }", "variables": []}',
  ])('the body %s: 400 BAD_REQUEST', async (body) => {
    expectRequestError(await send(server.port, { body }), 'BAD_REQUEST');
  });
});
