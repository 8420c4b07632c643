import { describe, it } from 'vitest';
import { expectHealthy, expectRequestError } from './support/expectations.js';
import { graphql, underAttack } from './support/http.js';
import { useAbuseServer } from './support/serverProcess.js';

/** `n` fragments, each spreading the next twice: 2^n fields if expanded, n + 1 definitions. */
function fragmentBomb(n: number): string {
  const fragments = Array.from(
    { length: n },
    (_, i) => `fragment F${i} on Node { ...F${i + 1} ...F${i + 1} }`,
  );
  return `{ node { ...F0 } }\n${fragments.join('\n')}\nfragment F${n} on Node { id children { id } }`;
}

/** Sends a bomb of `n` fragments: refused by the cost limit while /health keeps answering. */
async function refusesBomb(port: number, n: number): Promise<void> {
  const { result, health } = await underAttack(port, () =>
    graphql(port, { query: fragmentBomb(n) }),
  );
  expectRequestError(result, 'COST_LIMIT_EXCEEDED');
  expectHealthy(health);
}

describe('fragment bombs', () => {
  const server = useAbuseServer();

  it.each([30, 40])('%i fragments, each spreading the next twice: COST_LIMIT_EXCEEDED', (n) =>
    refusesBomb(server.port, n),
  );

  it('the same bomb sent 20 times at once: every one refused, health still answers', async () => {
    const { result, health } = await underAttack(server.port, () =>
      Promise.all(
        Array.from({ length: 20 }, () => graphql(server.port, { query: fragmentBomb(40) })),
      ),
    );
    for (const answer of result) expectRequestError(answer, 'COST_LIMIT_EXCEEDED');
    expectHealthy(health);
  });
});

describe('fragment bombs past the default token limit', () => {
  // 1,000 fragments are 14,000 tokens: with the default limit (10,000) the token count refuses
  // them before the cost estimate runs. Raised, the estimate itself must stay linear.
  const server = useAbuseServer({ engine: { maxTokens: 100_000 } });

  it.each([1000, 2000])('%i fragments, each spreading the next twice: COST_LIMIT_EXCEEDED', (n) =>
    refusesBomb(server.port, n),
  );
});
