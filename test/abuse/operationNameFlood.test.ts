import { describe, expect, it } from 'vitest';
import { expectHealthy, expectRequestError } from './support/expectations.js';
import { graphql, keepAlive, underAttack } from './support/http.js';
import { useAbuseServer } from './support/serverProcess.js';

const server = useAbuseServer();
const MiB = 1024 * 1024;

describe('operation name flood', () => {
  it('200 distinct 500 KB operation names: each OPERATION_RESOLUTION_FAILURE, none kept', async () => {
    const query = 'query Known { hello }';
    const before = await server.retainedHeapBytes();
    const { result, health } = await underAttack(server.port, async () => {
      const answers = [];
      for (let i = 0; i < 200; i++) {
        // Distinct names: a cache keyed by operation name would keep every one (100 MB).
        const operationName = `${i}_${'N'.repeat(500_000)}`;
        answers.push(await graphql(server.port, { query, operationName }, { agent: keepAlive }));
      }
      return answers;
    });
    for (const answer of result) expectRequestError(answer, 'OPERATION_RESOLUTION_FAILURE');
    expectHealthy(health);
    const grown = (await server.retainedHeapBytes()) - before;
    expect(grown / MiB, 'MiB still held after 100 MB of operation names').toBeLessThan(20);
  }, 120_000);

  it('the named operation still runs', async () => {
    const answer = await graphql(server.port, {
      query: 'query Known { hello } query Other { node { id } }',
      operationName: 'Known',
    });
    expect(answer.json).toEqual({ data: { hello: 'Hello, world!' } });
  });
});
