import { describe, expect, it } from 'vitest';
import { expectHealthy, expectRequestError } from './support/expectations.js';
import { graphql, underAttack } from './support/http.js';
import { useAbuseServer } from './support/serverProcess.js';

const server = useAbuseServer();

/** Fragments that spread each other in a ring of `n`. */
function fragmentRing(n: number): string {
  const fragments = Array.from(
    { length: n },
    (_, i) => `fragment R${i} on Node { id ...R${(i + 1) % n} }`,
  );
  return `{ node { ...R0 } }\n${fragments.join('\n')}`;
}

describe('fragment cycles', () => {
  it.each([1, 2, 1000])('a ring of %i fragments: GRAPHQL_VALIDATION_FAILED', async (n) => {
    const { result, health } = await underAttack(server.port, () =>
      graphql(server.port, { query: fragmentRing(n) }),
    );
    expectRequestError(result, 'GRAPHQL_VALIDATION_FAILED');
    expect(result.json?.errors?.[0]?.message).toMatch(
      /Cannot spread fragment "R\d+" within itself/,
    );
    expectHealthy(health);
  });
});
