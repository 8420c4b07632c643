import { describe, expect, it } from 'vitest';
import { expectHealthy, expectRequestError } from './support/expectations.js';
import { graphql, underAttack } from './support/http.js';
import { useAbuseServer } from './support/serverProcess.js';

const server = useAbuseServer();
const query = 'query ($name: String) { hello(name: $name) }';

describe('oversized variables', () => {
  it('a 150 KB string variable (over the 100 KB default): MAX_VARIABLES_SIZE_EXCEEDED', async () => {
    const { result, health } = await underAttack(server.port, () =>
      graphql(server.port, { query, variables: { name: 'x'.repeat(150_000) } }),
    );
    expectRequestError(result, 'MAX_VARIABLES_SIZE_EXCEEDED');
    expectHealthy(health);
  });

  it('20,000 small variables (150 KB in all): MAX_VARIABLES_SIZE_EXCEEDED', async () => {
    const variables: Record<string, string> = {};
    for (let i = 0; i < 20_000; i++) variables[`v${i}`] = 'x';
    const answer = await graphql(server.port, { query, variables });
    expectRequestError(answer, 'MAX_VARIABLES_SIZE_EXCEEDED');
  });

  it('a 50 KB string variable is answered', async () => {
    const answer = await graphql(server.port, { query, variables: { name: 'y'.repeat(50_000) } });
    expect(answer.status).toBe(200);
    expect((answer.json?.data as { hello: string }).hello).toHaveLength('Hello, !'.length + 50_000);
  });
});
