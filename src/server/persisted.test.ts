import { describe, expect, it } from 'vitest';
import { sha256Hex } from './persisted.js';
import { codeOf, GQL_RESPONSE, send, testHandler } from './__fixtures__/testServer.js';

const query = '{ hello }';
const hash = sha256Hex(query);
const pq = (sha256Hash: string, version = 1) => ({ persistedQuery: { version, sha256Hash } });

describe('automatic persisted queries (APQ)', () => {
  it('asks for the text on a miss, stores it, then runs the hash alone', async () => {
    const { handle } = testHandler({ persisted: { mode: 'apq' } });
    const miss = await send(handle, { json: { extensions: pq(hash) } });
    expect(miss.status).toBe(404);
    expect(codeOf(miss)).toBe('PERSISTED_QUERY_NOT_FOUND');

    const register = await send(handle, { json: { query, extensions: pq(hash) } });
    expect(register.status).toBe(200);
    expect(register.json).toEqual({ data: { hello: 'Hello, world!' } });

    const hit = await send(handle, { json: { extensions: pq(hash.toUpperCase()) } });
    expect(hit.status).toBe(200);
    expect(hit.json).toEqual({ data: { hello: 'Hello, world!' } });
  });

  it('works over GET, as CDN-cached APQ clients send it', async () => {
    const { handle } = testHandler({ persisted: { mode: 'apq', documents: [query] } });
    const url = `/graphql?extensions=${encodeURIComponent(JSON.stringify(pq(hash)))}`;
    const res = await send(handle, { method: 'GET', url, headers: { 'x-graphql-csrf': '1' } });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ data: { hello: 'Hello, world!' } });
  });

  it('refuses a hash that does not match the text with 400 PERSISTED_QUERY_HASH_MISMATCH', async () => {
    const { handle } = testHandler({ persisted: { mode: 'apq' } });
    const res = await send(handle, {
      json: { query: '{ boom }', extensions: pq(hash) },
      headers: { accept: GQL_RESPONSE },
    });
    expect(res.status).toBe(400);
    expect(codeOf(res)).toBe('PERSISTED_QUERY_HASH_MISMATCH');
    // Nothing was stored under the wrong hash.
    expect(codeOf(await send(handle, { json: { extensions: pq(hash) } }))).toBe(
      'PERSISTED_QUERY_NOT_FOUND',
    );
  });

  it.each([
    ['version 2', { persistedQuery: { version: 2, sha256Hash: hash } }],
    ['a short hash', pq('abc')],
    ['a non-map persistedQuery', { persistedQuery: 'x' }],
  ])('refuses %s with 400 BAD_REQUEST', async (_name, extensions) => {
    const { handle } = testHandler({ persisted: { mode: 'apq' } });
    const res = await send(handle, { json: { query, extensions } });
    expect(res.status).toBe(400);
    expect(codeOf(res)).toBe('BAD_REQUEST');
  });

  it('keeps at most maxEntries documents (least recently used goes first)', async () => {
    const { handle } = testHandler({ persisted: { mode: 'apq', maxEntries: 2 } });
    const texts = ['{ hello }', '{ users { id } }', '{ user(id: 1) { id } }'];
    for (const text of texts)
      await send(handle, { json: { query: text, extensions: pq(sha256Hex(text)) } });
    const status = async (text: string) =>
      codeOf(await send(handle, { json: { extensions: pq(sha256Hex(text)) } }));
    expect(await status(texts[0] ?? '')).toBe('PERSISTED_QUERY_NOT_FOUND');
    expect(await status(texts[1] ?? '')).toBeUndefined();
    expect(await status(texts[2] ?? '')).toBeUndefined();
  });
});

describe('trusted documents', () => {
  const other = '{ users { id } }';
  const trusted = {
    mode: 'trusted' as const,
    documents: { [`sha256:${hash}`]: query, 'ListUsers@1': other },
  };

  it('runs allowlisted documents by hash, by documentId, and by text', async () => {
    const { handle } = testHandler({ persisted: trusted });
    for (const json of [
      { extensions: pq(hash) },
      { documentId: `sha256:${hash}` },
      { documentId: 'ListUsers@1' },
      { query },
      { query: other },
    ]) {
      const res = await send(handle, { json });
      expect(res.status, JSON.stringify(json)).toBe(200);
      expect(res.json.errors).toBeUndefined();
    }
  });

  it('refuses anything else with 403 PERSISTED_QUERY_NOT_ALLOWED', async () => {
    const { handle } = testHandler({ persisted: trusted });
    for (const json of [
      { query: '{ boom }' },
      { query: '{ hello  }' },
      { extensions: pq(sha256Hex('{ boom }')) },
      { documentId: 'Unknown@1' },
    ]) {
      for (const accept of ['application/json', GQL_RESPONSE]) {
        const res = await send(handle, { json, headers: { accept } });
        expect(res.status, JSON.stringify(json)).toBe(403);
        expect(codeOf(res)).toBe('PERSISTED_QUERY_NOT_ALLOWED');
      }
    }
  });

  it('accepts an allowlist given as texts', async () => {
    const { handle } = testHandler({ persisted: { mode: 'trusted', documents: [query] } });
    expect((await send(handle, { json: { extensions: pq(hash) } })).status).toBe(200);
    expect((await send(handle, { json: { query: other } })).status).toBe(403);
  });
});

describe('persisted queries switched off', () => {
  it('refuses a hash without text with 400 BAD_REQUEST and runs text as usual', async () => {
    const { handle } = testHandler();
    const bare = await send(handle, { json: { extensions: pq(hash) } });
    expect(bare.status).toBe(400);
    expect(codeOf(bare)).toBe('BAD_REQUEST');
    expect((await send(handle, { json: { query, extensions: pq(hash) } })).status).toBe(200);
  });
});
