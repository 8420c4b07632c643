import { describe, expect, it } from 'vitest';
import { expectHealthy } from './support/expectations.js';
import { graphql, underAttack, type Answer } from './support/http.js';
import { useAbuseServer } from './support/serverProcess.js';

const server = useAbuseServer();

/**
 * Same-named fields merge into one (spec "Field Collection"): answered, or refused by a limit
 * (graphql-js's overlap check gives up on such documents: "Validation aborted.").
 */
function expectMergedOrLimited(answer: Answer): void {
  if (answer.status === 200) {
    expect(answer.json).toEqual({ data: { hello: 'Hello, world!' } });
  } else {
    expect(answer.status).toBe(400);
    expect(['MAX_TOKENS_EXCEEDED', 'COST_LIMIT_EXCEEDED', 'GRAPHQL_VALIDATION_FAILED']).toContain(
      answer.codes[0],
    );
  }
}

describe('field duplication without aliases', () => {
  it('{ hello hello … } 9,000 times: merged or limited, never a hang', async () => {
    const query = `{ ${'hello '.repeat(9000)}}`;
    const { result, health } = await underAttack(server.port, () =>
      graphql(server.port, { query }),
    );
    expectMergedOrLimited(result);
    expectHealthy(health);
  });

  it('one fragment spread 4,500 times: merged or limited, never a hang', async () => {
    const query = `{ ${'...H '.repeat(4500)}} fragment H on Query { hello }`;
    const { result, health } = await underAttack(server.port, () =>
      graphql(server.port, { query }),
    );
    expectMergedOrLimited(result);
    expectHealthy(health);
  });

  it('1,600 copies with conflicting arguments: a bounded list of validation errors', async () => {
    // Every pair conflicts: 1.3 million pairs, each of which could become an error.
    const fields = Array.from({ length: 1600 }, (_, i) => `hello(name: "${i}")`).join(' ');
    const { result, health } = await underAttack(server.port, () =>
      graphql(server.port, { query: `{ ${fields} }` }),
    );
    expect(result.status).toBe(400);
    expect(result.codes[0]).toBe('GRAPHQL_VALIDATION_FAILED');
    expect(result.codes.length).toBeLessThanOrEqual(1000);
    expect(result.text.length).toBeLessThan(1024 * 1024);
    expectHealthy(health);
  });
});
