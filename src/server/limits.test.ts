import { describe, expect, it } from 'vitest';
import { codeOf, GQL_RESPONSE, send, testHandler } from './__fixtures__/testServer.js';

/**
 * The engine's limits, as a client sees them over HTTP: each one tripped, with its status under
 * both response media types and its stable code. (The body size limit, which the node adapter
 * enforces, is tested in createNodeHandler.test.ts.)
 */
describe('engine limits over HTTP', () => {
  const nested = (depth: number) =>
    `{ user(id: 1) ${'{ friends '.repeat(depth)}{ id }${' }'.repeat(depth)} }`;

  const cases = [
    [
      'maxTokens',
      { maxTokens: 20 },
      `{ ${'hello '.repeat(30)}}`,
      '{ hello }',
      'MAX_TOKENS_EXCEEDED',
    ],
    ['maxDepth', { maxDepth: 4 }, nested(5), nested(2), 'MAX_DEPTH_EXCEEDED'],
    [
      'maxAliases',
      { maxAliases: 3 },
      '{ a: hello b: hello c: hello d: hello }',
      '{ a: hello b: hello c: hello }',
      'MAX_ALIASES_EXCEEDED',
    ],
    [
      'maxDirectives',
      { maxDirectives: 2 },
      '{ hello @include(if: true) @skip(if: false) users @include(if: true) { id } }',
      '{ hello @include(if: true) @skip(if: false) }',
      'MAX_DIRECTIVES_EXCEEDED',
    ],
    [
      'maxCost',
      { maxCost: 100 },
      '{ users(first: 50) { id friends(first: 50) { id } } }',
      '{ users(first: 5) { id } }',
      'COST_LIMIT_EXCEEDED',
    ],
    [
      'introspection off',
      { introspection: false },
      '{ __schema { types { name } } }',
      '{ __typename }',
      'INTROSPECTION_DISABLED',
    ],
  ] as const;

  it.each(cases)(
    '%s: tripped → 400 (graphql-response+json) / 200 (json), allowed below',
    async (_name, limits, over, under, code) => {
      const { handle } = testHandler({}, limits);
      const strict = await send(handle, {
        json: { query: over },
        headers: { accept: GQL_RESPONSE },
      });
      expect(strict.status).toBe(400);
      expect(codeOf(strict)).toBe(code);
      expect('data' in strict.json).toBe(false);
      const legacy = await send(handle, {
        json: { query: over },
        headers: { accept: 'application/json' },
      });
      expect(legacy.status).toBe(200);
      expect(codeOf(legacy)).toBe(code);
      const fine = await send(handle, {
        json: { query: under },
        headers: { accept: GQL_RESPONSE },
      });
      expect(fine.status).toBe(200);
      expect(fine.json.errors).toBeUndefined();
    },
  );

  it('a cost computed from variables trips per request', async () => {
    const { handle } = testHandler({}, { maxCost: 100 });
    const query = 'query ($n: Int) { users(first: $n) { id friends(first: $n) { id } } }';
    const big = await send(handle, {
      json: { query, variables: { n: 40 } },
      headers: { accept: GQL_RESPONSE },
    });
    expect(big.status).toBe(400);
    expect(codeOf(big)).toBe('COST_LIMIT_EXCEEDED');
    const small = await send(handle, {
      json: { query, variables: { n: 2 } },
      headers: { accept: GQL_RESPONSE },
    });
    expect(small.status).toBe(200);
  });

  it('hides "Did you mean" suggestions when asked', async () => {
    const shown = await send(testHandler().handle, { json: { query: '{ helo }' } });
    expect(shown.json.errors?.[0]?.message).toContain('Did you mean');
    const hidden = await send(testHandler({}, { hideSuggestions: true }).handle, {
      json: { query: '{ helo }' },
    });
    expect(codeOf(hidden)).toBe('GRAPHQL_VALIDATION_FAILED');
    expect(hidden.json.errors?.[0]?.message).not.toContain('Did you mean');
  });
});
