import { describe, expect, it } from 'vitest';
import { graphql } from '../abuse/support/http.js';
import { expectDatabaseFault } from './support/expectations.js';
import { eventually, serveFlag, useFaultRig, within } from './support/faultRig.js';
import { ITEMS_DATA, ITEMS_QUERY, napQuery } from './support/seed.js';

const rig = useFaultRig();
const ACQUIRE_MS = 500;

/** Occupies the pool's one connection with a nap, and waits until PostgreSQL runs it. */
async function holdTheConnection(port: number, nap: 3 | 4) {
  const holding = graphql(port, { query: napQuery(nap) }, { timeoutMs: 60_000 });
  await eventually('the nap running', 10_000, async () => (await rig.activeNaps()) === 1);
  return holding;
}

describe('pool exhaustion (one connection, held by a slow statement)', () => {
  it('a request that finds no free connection is answered within a bound, not queued forever', async () => {
    const sluice = await rig.serve(['--pool-size', '1']);
    void holdTheConnection(sluice.port, 4).catch(() => {});
    await eventually('the nap running', 10_000, async () => (await rig.activeNaps()) === 1);
    const answer = await within(
      'an answer with the pool busy',
      15_000,
      graphql(sluice.port, { query: ITEMS_QUERY }, { timeoutMs: 15_000 }),
    );
    expect(answer.json?.errors?.length, answer.text).toBeGreaterThan(0);
    expect(answer.status).not.toBe(500);
  });

  it('with a short acquire timeout: DATABASE_BUSY (503 + Retry-After with no data), then served again', async () => {
    const sluice = await rig.serve([
      '--pool-size',
      '1',
      serveFlag('--pool-acquire-timeout', '--pool-acquire-timeout-ms'),
      String(ACQUIRE_MS),
    ]);
    const holding = holdTheConnection(sluice.port, 3);
    const busy = await within(
      'an answer with the pool busy',
      ACQUIRE_MS + 4000,
      graphql(sluice.port, { query: ITEMS_QUERY }),
    );
    expectDatabaseFault(busy, 'DATABASE_BUSY');
    expect((await holding).json).toEqual({ data: { slowNaps: [{ id: 3, slept: 'slept 4' }] } });
    expect((await graphql(sluice.port, { query: ITEMS_QUERY })).json).toEqual({ data: ITEMS_DATA });
  });
});
