import { describe, expect, it } from 'vitest';
import { codeOf, GQL_RESPONSE, send, testHandler } from './__fixtures__/testServer.js';
import { createJsonLogger } from './logger.js';

const query = '{ hello }';
const csrf = { 'x-graphql-csrf': '1' };

describe('media types (spec "Body", "Accept")', () => {
  it('answers application/json without an Accept header, and when asked for it', async () => {
    const { handle } = testHandler();
    for (const headers of [{}, { accept: 'application/json' }, { accept: '*/*' }]) {
      const res = await send(handle, { json: { query }, headers });
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.json).toEqual({ data: { hello: 'Hello, world!' } });
    }
  });

  it('answers application/graphql-response+json when it ranks highest', async () => {
    const { handle } = testHandler();
    const res = await send(handle, {
      json: { query },
      headers: { accept: `application/json;q=0.9, ${GQL_RESPONSE}` },
    });
    expect(res.headers['content-type']).toBe(`${GQL_RESPONSE}; charset=utf-8`);
  });

  it('refuses an Accept header it cannot satisfy with 406 NOT_ACCEPTABLE', async () => {
    const { handle } = testHandler();
    for (const accept of [
      'text/plain',
      'application/xml',
      'application/json; charset=latin1',
      'application/json;q=0',
    ]) {
      const res = await send(handle, { json: { query }, headers: { accept } });
      expect(res.status, accept).toBe(406);
      expect(codeOf(res)).toBe('NOT_ACCEPTABLE');
    }
  });
});

describe('POST requests (spec "POST")', () => {
  it('refuses a missing or non-JSON Content-Type with 415 UNSUPPORTED_MEDIA_TYPE', async () => {
    const { handle } = testHandler();
    const body = JSON.stringify({ query });
    for (const headers of [
      {},
      { 'content-type': 'text/plain' },
      { 'content-type': 'application/x-www-form-urlencoded' },
      { 'content-type': 'application/json; charset=latin1' },
    ]) {
      const res = await send(handle, { body, headers });
      expect(res.status, JSON.stringify(headers)).toBe(415);
      expect(codeOf(res)).toBe('UNSUPPORTED_MEDIA_TYPE');
    }
  });

  it('accepts an explicit utf-8 charset and non-ASCII text', async () => {
    const { handle } = testHandler();
    const res = await send(handle, {
      body: new TextEncoder().encode(JSON.stringify({ query: '{ hello(name: "Zoë 🏊") }' })),
      headers: { 'content-type': 'application/json; charset=UTF-8' },
    });
    expect(res.json).toEqual({ data: { hello: 'Hello, Zoë 🏊!' } });
  });

  it('accepts a real U+FFFD and a byte order mark, and refuses invalid bytes anywhere', async () => {
    const { handle } = testHandler();
    const encode = (text: string) => new TextEncoder().encode(text);
    const post = (body: Uint8Array) =>
      send(handle, { body, headers: { 'content-type': 'application/json' } });
    const replacement = await post(encode(JSON.stringify({ query: '{ hello(name: "\uFFFD") }' })));
    expect(replacement.json).toEqual({ data: { hello: 'Hello, \uFFFD!' } });
    const bom = await post(
      new Uint8Array([0xef, 0xbb, 0xbf, ...encode(JSON.stringify({ query }))]),
    );
    expect(bom.json).toEqual({ data: { hello: 'Hello, world!' } });
    // An invalid byte beside a real U+FFFD, and a lone continuation byte inside a string.
    for (const bytes of [
      [...encode('{"query":"{ hello(name: \\"\uFFFD'), 0xc3, ...encode('\\") }"}')],
      [...encode('{"query":"{ hello(name: \\"'), 0x80, ...encode('\\") }"}')],
    ]) {
      const res = await post(new Uint8Array(bytes));
      expect(res.status).toBe(400);
      expect(res.json.errors?.[0]?.message).toBe('The request body is not valid UTF-8.');
    }
  });

  it.each([
    ['empty body', ''],
    ['invalid JSON', '{ "query": '],
    ['invalid UTF-8', new Uint8Array([0x7b, 0xff, 0x7d])],
    ['a batch (array)', JSON.stringify([{ query }])],
    ['a JSON string', '"{ hello }"'],
    ['a missing query', JSON.stringify({ qeury: query })],
    ['a numeric query', JSON.stringify({ query: 1 })],
    ['an object operationName', JSON.stringify({ query, operationName: {} })],
    ['string variables', JSON.stringify({ query, variables: '{}' })],
    ['array variables', JSON.stringify({ query, variables: [7] })],
    ['boolean extensions', JSON.stringify({ query, extensions: false })],
  ])('refuses %s with 400 BAD_REQUEST', async (_name, body) => {
    const { handle } = testHandler();
    for (const accept of ['application/json', GQL_RESPONSE]) {
      const res = await send(handle, {
        body,
        headers: { 'content-type': 'application/json', accept },
      });
      expect(res.status).toBe(400);
      expect(codeOf(res)).toBe('BAD_REQUEST');
      expect(res.json.data).toBeUndefined();
    }
  });

  it('treats null parameters as absent', async () => {
    const { handle } = testHandler();
    const res = await send(handle, {
      json: { query, operationName: null, variables: null, extensions: null },
    });
    expect(res.status).toBe(200);
    expect(res.json.errors).toBeUndefined();
  });
});

describe('status codes (spec "Status Codes")', () => {
  const cases = [
    ['a parse error', { query: '{' }, 'GRAPHQL_PARSE_FAILED'],
    ['a validation error', { query: '{ nope }' }, 'GRAPHQL_VALIDATION_FAILED'],
    ['an unknown operation', { query, operationName: 'Other' }, 'OPERATION_RESOLUTION_FAILURE'],
    [
      'two operations and no name',
      { query: 'query A { hello } query B { hello }' },
      'OPERATION_RESOLUTION_FAILURE',
    ],
    [
      'a variable coercion error',
      { query: 'query ($id: ID!) { user(id: $id) { id } }', variables: {} },
      'BAD_USER_INPUT',
    ],
  ] as const;

  it.each(cases)('%s: 400 without data under graphql-response+json', async (_name, json, code) => {
    const { handle } = testHandler();
    const res = await send(handle, { json, headers: { accept: GQL_RESPONSE } });
    expect(res.status).toBe(400);
    expect(codeOf(res)).toBe(code);
    expect('data' in res.json).toBe(false);
  });

  it.each(cases)('%s: 200 under legacy application/json', async (_name, json, code) => {
    const { handle } = testHandler();
    const res = await send(handle, { json, headers: { accept: 'application/json' } });
    expect(res.status).toBe(200);
    expect(codeOf(res)).toBe(code);
  });

  it("uses the draft's 422 for validation errors when switched on", async () => {
    const { handle } = testHandler({ validationErrorStatus: 422 });
    const invalid = await send(handle, {
      json: { query: '{ nope }' },
      headers: { accept: GQL_RESPONSE },
    });
    expect(invalid.status).toBe(422);
    expect(codeOf(invalid)).toBe('GRAPHQL_VALIDATION_FAILED');
    const unparsable = await send(handle, {
      json: { query: '{' },
      headers: { accept: GQL_RESPONSE },
    });
    expect(unparsable.status).toBe(400);
  });

  it('answers 200 with data and field errors side by side', async () => {
    const { handle } = testHandler();
    const res = await send(handle, {
      json: { query: '{ hello boom }' },
      headers: { accept: GQL_RESPONSE },
    });
    expect(res.status).toBe(200);
    expect(res.json.data).toEqual({ hello: 'Hello, world!', boom: null });
    expect(res.json.errors?.[0]?.message).toContain('leaked');
  });

  it('refuses other methods with 405 and Allow', async () => {
    const { handle } = testHandler();
    for (const method of ['PUT', 'DELETE', 'PATCH', 'HEAD']) {
      const res = await send(handle, { method, json: { query } });
      expect(res.status).toBe(405);
      expect(res.headers['allow']).toBe('GET, POST, OPTIONS');
      expect(codeOf(res)).toBe('METHOD_NOT_ALLOWED');
    }
  });

  it('refuses subscriptions over a single request with 400 BAD_REQUEST', async () => {
    const { handle } = testHandler();
    const res = await send(handle, { json: { query: 'subscription { ticks }' } });
    expect(res.status).toBe(400);
    expect(codeOf(res)).toBe('BAD_REQUEST');
  });

  it('refuses a malformed request URL with 400 BAD_REQUEST', async () => {
    const { handle } = testHandler();
    const res = await send(handle, { url: 'http://bad host/graphql', json: { query } });
    expect(res.status).toBe(400);
    expect(codeOf(res)).toBe('BAD_REQUEST');
  });

  it('answers unknown paths with 404', async () => {
    const { handle } = testHandler();
    expect((await send(handle, { url: '/nope', json: { query } })).status).toBe(404);
    expect(
      (await send(handle, { method: 'GET', url: '/graphql/_graphiql/secret.js' })).status,
    ).toBe(404);
  });
});

describe('GET requests (spec "GET") and CSRF protection', () => {
  const get = (params: Record<string, string>) =>
    `/graphql?${new URLSearchParams(params).toString()}`;

  it('runs a query from the URL, with JSON variables, when a preflight header is present', async () => {
    const { handle } = testHandler();
    const url = get({
      query: 'query ($n: String) { hello(name: $n) }',
      variables: '{"n":"Ann"}',
      operationName: '',
    });
    const res = await send(handle, { method: 'GET', url, headers: csrf });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ data: { hello: 'Hello, Ann!' } });
  });

  it('refuses a GET a browser could send cross-site with 403 CSRF_PREVENTED', async () => {
    const { handle } = testHandler();
    for (const headers of [{}, { 'content-type': 'text/plain' }, { 'x-graphql-csrf': '' }]) {
      const res = await send(handle, { method: 'GET', url: get({ query }), headers });
      expect(res.status).toBe(403);
      expect(codeOf(res)).toBe('CSRF_PREVENTED');
    }
    const preflighted = await send(handle, {
      method: 'GET',
      url: get({ query }),
      headers: { 'content-type': 'application/json' },
    });
    expect(preflighted.status).toBe(200);
  });

  it('serves simple GETs when CSRF protection is off', async () => {
    const { handle } = testHandler({ csrf: false });
    expect((await send(handle, { method: 'GET', url: get({ query }) })).status).toBe(200);
  });

  it('refuses mutations over GET with 405 and Allow: POST, without running them', async () => {
    const { handle, state } = testHandler();
    const res = await send(handle, {
      method: 'GET',
      url: get({ query: 'mutation { bump }' }),
      headers: csrf,
    });
    expect(res.status).toBe(405);
    expect(res.headers['allow']).toBe('POST');
    expect(codeOf(res)).toBe('METHOD_NOT_ALLOWED');
    expect(state.bumps).toBe(0);
    const posted = await send(handle, { json: { query: 'mutation { bump }' } });
    expect(posted.json).toEqual({ data: { bump: 1 } });
  });

  it('refuses malformed JSON in GET parameters with 400 BAD_REQUEST', async () => {
    const { handle } = testHandler();
    for (const params of [
      { query, variables: '{' },
      { query, variables: '[1]' },
      { query, extensions: '"x"' },
    ]) {
      const res = await send(handle, { method: 'GET', url: get(params), headers: csrf });
      expect(res.status).toBe(400);
      expect(codeOf(res)).toBe('BAD_REQUEST');
    }
  });
});

describe('the request log', () => {
  it('stays bounded when the operation name is huge (the name cut at 100 characters)', async () => {
    const lines: string[] = [];
    const { handle } = testHandler({ logger: createJsonLogger((l) => lines.push(l)) });
    const name = 'Q' + 'x'.repeat(90_000);
    const res = await send(handle, { json: { query: `query ${name} { hello }` } });
    expect(res.status).toBe(200);
    const line = lines.find((l) => l.includes('"msg":"request"'))!;
    expect(line.length).toBeLessThan(4096);
  });
});
