import { describe, expect, it } from 'vitest';
import { createPersistedOperations, sha256Hex } from './persisted.js';
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

describe('APQ store bounds', () => {
  /** A distinct valid document of about `bytes` bytes (the text is padded with a comment). */
  const documentOf = (i: number, bytes: number) => {
    const head = `{ hello } # ${i} `;
    return head + 'x'.repeat(Math.max(0, bytes - head.length));
  };
  const params = (query: string | undefined, hash: string) => ({
    query,
    operationName: undefined,
    variables: undefined,
    extensions: pq(hash),
    documentId: undefined,
  });
  const register = (store: ReturnType<typeof createPersistedOperations>, text: string) =>
    store.resolve(params(text, sha256Hex(text)));

  it('keeps no document over maxDocumentBytes (default 100 KiB), and still returns its text', () => {
    const store = createPersistedOperations({ mode: 'apq' });
    for (let i = 0; i < 40; i++) {
      const text = documentOf(i, 500 * 1024);
      expect(register(store, text)).toBe(text);
    }
    expect(store.size()).toEqual({ entries: 0, bytes: 0 });
    const small = documentOf(0, 100 * 1024);
    register(store, small);
    expect(store.size()).toEqual({ entries: 1, bytes: 100 * 1024 });
  });

  it('keeps at most maxBytes of text (default 16 MiB), least recently used going first', () => {
    const store = createPersistedOperations({ mode: 'apq' });
    const texts = Array.from({ length: 1200 }, (_v, i) => documentOf(i, 50 * 1024));
    for (const text of texts) register(store, text);
    const { entries, bytes } = store.size();
    expect(bytes).toBeLessThanOrEqual(16 * 1024 * 1024);
    expect(entries).toBe(Math.floor((16 * 1024 * 1024) / (50 * 1024)));
    // The newest are kept, the oldest went first.
    const last = texts[texts.length - 1] ?? '';
    expect(store.resolve(params(undefined, sha256Hex(last)))).toBe(last);
    expect(() => store.resolve(params(undefined, sha256Hex(texts[0] ?? '')))).toThrow(
      'PersistedQueryNotFound',
    );
  });

  it('counts UTF-8 bytes, and honours smaller maxBytes and maxDocumentBytes', () => {
    const store = createPersistedOperations({
      mode: 'apq',
      maxBytes: 1000,
      maxDocumentBytes: 400,
    });
    const wide = `{ hello } # ${'é'.repeat(200)}`; // 200 two-byte characters: over 400 bytes
    register(store, wide);
    expect(store.size().entries).toBe(0);
    for (let i = 0; i < 10; i++) register(store, documentOf(i, 300));
    expect(store.size()).toEqual({ entries: 3, bytes: 900 });
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

describe('an opaque documentId sent with a text', () => {
  it('runs the text but does not bind the id to it: no client re-binds a seeded document', async () => {
    const { handle, state } = testHandler({
      persisted: { mode: 'apq', documents: { getHello: 'query Q { hello }' } },
    });
    // One client sends its own text under the id other clients run.
    const other = await send(handle, {
      json: { documentId: 'getHello', query: 'mutation { bump }' },
    });
    expect(other.json).toEqual({ data: { bump: 1 } });
    const seeded = await send(handle, { json: { documentId: 'getHello' } });
    expect(seeded.json).toEqual({ data: { hello: 'Hello, world!' } });
    expect(state.bumps).toBe(1);
  });
});

describe('APQ with seeded documents', () => {
  it('keeps every seeded document, whatever clients register: an opaque id cannot be sent again', async () => {
    // Seeds past maxEntries, and a client's registrations beyond it, evict no seeded document:
    // a client that runs one by an opaque id has no way to store it again.
    const seeds = Object.fromEntries(
      Array.from({ length: 3 }, (_v, i) => [`op${i}`, `query Q${i} { hello }`]),
    );
    const { handle } = testHandler({ persisted: { mode: 'apq', documents: seeds, maxEntries: 2 } });
    for (const text of ['{ users { id } }', '{ user(id: 1) { id } }', '{ __typename }'])
      await send(handle, { json: { query: text, extensions: pq(sha256Hex(text)) } });
    for (const id of Object.keys(seeds)) {
      const res = await send(handle, { json: { documentId: id } });
      expect(res.json, id).toEqual({ data: { hello: 'Hello, world!' } });
    }
    // Clients' own documents still share the bounded store.
    const again = await send(handle, { json: { extensions: pq(sha256Hex('{ __typename }')) } });
    expect(again.json).toEqual({ data: { __typename: 'Query' } });
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
