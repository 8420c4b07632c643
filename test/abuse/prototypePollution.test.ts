import { afterEach, describe, expect, it } from 'vitest';
import { expectRequestError } from './support/expectations.js';
import { graphql, send } from './support/http.js';
import { useAbuseServer } from './support/serverProcess.js';

const server = useAbuseServer();

afterEach(async () => {
  // Whatever the test sent, the server's Object.prototype is as it was.
  expect(await server.prototypes()).toEqual({ object: [], polluted: null });
});

const hello = (answer: { json?: { data?: unknown } | undefined }) =>
  (answer.json?.data as { hello?: string } | undefined)?.hello;

describe('prototype pollution', () => {
  it('__proto__ and constructor keys at the top of the body are ignored', async () => {
    const body =
      '{"query":"{ hello }","__proto__":{"polluted":true},' +
      '"constructor":{"prototype":{"polluted":true}}}';
    const answer = await send(server.port, { body });
    expect(answer.json).toEqual({ data: { hello: 'Hello, world!' } });
  });

  it('__proto__ in variables and in extensions is not a variable', async () => {
    const body =
      '{"query":"query ($name: String) { hello(name: $name) }",' +
      '"variables":{"__proto__":{"name":"from the prototype","polluted":true}},' +
      '"extensions":{"__proto__":{"polluted":true}}}';
    const answer = await send(server.port, { body });
    expect(answer.json).toEqual({ data: { hello: 'Hello, world!' } });
  });

  it('__proto__ inside an input object: BAD_USER_INPUT (not a field of Filter)', async () => {
    const body =
      '{"query":"query ($f: Filter) { search(filter: $f) }",' +
      '"variables":{"f":{"eq":"x","__proto__":{"polluted":true}}}}';
    expectRequestError(await send(server.port, { body }), 'BAD_USER_INPUT');
  });

  it('constructor inside an input object: BAD_USER_INPUT', async () => {
    const answer = await graphql(server.port, {
      query: 'query ($f: Filter) { search(filter: $f) }',
      variables: { f: { constructor: { prototype: { polluted: true } } } },
    });
    expectRequestError(answer, 'BAD_USER_INPUT');
  });

  it.each(['constructor', 'toString', 'hasOwnProperty', '__proto__'])(
    'a variable named %s that is not sent is absent, not inherited',
    async (name) => {
      const variable = name === '__proto__' ? 'proto' : name;
      const answer = await graphql(server.port, {
        query: `query ($${variable}: String) { hello(name: $${variable}) }`,
        variables: {},
      });
      expect(hello(answer)).toBe('Hello, world!');
    },
  );

  it('a variable named constructor that is sent is used', async () => {
    const answer = await graphql(server.port, {
      query: 'query ($constructor: String) { hello(name: $constructor) }',
      variables: { constructor: 'Ada' },
    });
    expect(hello(answer)).toBe('Hello, Ada!');
  });

  it('an operation named __proto__ or constructor is resolved by name only', async () => {
    for (const operationName of ['__proto__', 'constructor', 'toString']) {
      const answer = await graphql(server.port, { query: '{ hello }', operationName });
      expectRequestError(answer, 'OPERATION_RESOLUTION_FAILURE');
    }
  });
});
