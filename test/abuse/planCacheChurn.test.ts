import { describe, expect, it } from 'vitest';
import { expectHealthy } from './support/expectations.js';
import { graphql, keepAlive, underAttack, type Answer } from './support/http.js';
import { useAbuseServer } from './support/serverProcess.js';

const MiB = 1024 * 1024;
const CACHED_DOCUMENTS = 1000;

// Counts as the engine's default (1000 documents); bytes bounded at 4 MiB.
const server = useAbuseServer({
  engine: { planCacheSize: CACHED_DOCUMENTS, planCacheBytes: 4 * MiB },
});

/** Sends `count` requests, `concurrency` at a time, and counts the answers by status. */
async function flood(count: number, concurrency: number, query: (i: number) => string) {
  const statuses = new Map<number, number>();
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const answer: Answer = await graphql(
        server.port,
        { query: query(next++) },
        { agent: keepAlive },
      );
      statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return Object.fromEntries(statuses);
}

describe('plan cache churn', () => {
  it('20,000 distinct documents: all answered, the cache holds at most its size', async () => {
    const { result, health } = await underAttack(server.port, () =>
      flood(20_000, 8, (i) => `{ hello(name: "doc ${i}") }`),
    );
    expect(result).toEqual({ 200: 20_000 });
    expectHealthy(health);
    const stats = await server.stats();
    expect(stats.planCacheMisses).toBeGreaterThanOrEqual(20_000);
    expect(stats.planCacheSize).toBeLessThanOrEqual(CACHED_DOCUMENTS);
  }, 120_000);

  it('300 distinct 90 KB documents (27 MB of text): the cache keeps to its bytes', async () => {
    const padding = '#'.repeat(90_000);
    const before = await server.retainedHeapBytes();
    const result = await flood(300, 4, (i) => `${padding}\n{ hello(name: "big ${i}") }`);
    expect(result).toEqual({ 200: 300 });
    const grown = (await server.retainedHeapBytes()) - before;
    expect(grown / MiB, 'MiB held after 300 distinct 90 KB documents').toBeLessThan(12);
  }, 120_000);
});
