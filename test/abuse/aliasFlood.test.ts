import { describe, expect, it } from 'vitest';
import { expectHealthy, expectRequestError } from './support/expectations.js';
import { graphql, underAttack } from './support/http.js';
import { useAbuseServer } from './support/serverProcess.js';

const server = useAbuseServer();

const aliases = (n: number) => Array.from({ length: n }, (_, i) => `a${i}: hello`).join(' ');

describe('alias flood', () => {
  it('10,000 aliases of one field (120 KB): refused by the size, token or alias limit', async () => {
    const { result, health } = await underAttack(server.port, () =>
      graphql(server.port, { query: `{ ${aliases(10_000)} }` }),
    );
    expect(result.status).toBe(400);
    expect(['MAX_DOCUMENT_SIZE_EXCEEDED', 'MAX_ALIASES_EXCEEDED', 'MAX_TOKENS_EXCEEDED']).toContain(
      result.codes[0],
    );
    expectHealthy(health);
  });

  it('101 aliases (under the token limit): MAX_ALIASES_EXCEEDED', async () => {
    const answer = await graphql(server.port, { query: `{ ${aliases(101)} }` });
    expectRequestError(answer, 'MAX_ALIASES_EXCEEDED');
  });

  it('101 aliases inside a fragment: MAX_ALIASES_EXCEEDED', async () => {
    const answer = await graphql(server.port, {
      query: `{ ...A } fragment A on Query { ${aliases(101)} }`,
    });
    expectRequestError(answer, 'MAX_ALIASES_EXCEEDED');
  });

  it('100 aliases are answered', async () => {
    const answer = await graphql(server.port, { query: `{ ${aliases(100)} }` });
    expect(answer.status).toBe(200);
    expect(Object.keys(answer.json?.data as object)).toHaveLength(100);
  });
});
