import { describe, expect, it } from 'vitest';
import { graphql, send } from '../abuse/support/http.js';
import { expectDatabaseFault } from './support/expectations.js';
import { eventually, useFaultRig } from './support/faultRig.js';
import { ITEMS_DATA, ITEMS_QUERY } from './support/seed.js';

const rig = useFaultRig();

/** A refused connection is known at once: no waiting for a connect timeout. */
const FAST_MS = 3000;

const works = async (port: number) =>
  JSON.stringify((await graphql(port, { query: ITEMS_QUERY })).json) ===
  JSON.stringify({ data: ITEMS_DATA });

describe('PostgreSQL down (stopped)', () => {
  it('every request is answered fast with a GraphQL error, and Sluice keeps running', async () => {
    const sluice = await rig.serve();
    expect(await works(sluice.port)).toBe(true);
    await rig.cluster.stop();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        graphql(sluice.port, { query: ITEMS_QUERY }, { timeoutMs: FAST_MS }),
      ),
    );
    for (const answer of answers) {
      expect(answer.json?.errors?.length, answer.text).toBeGreaterThan(0);
      expect(answer.json).not.toHaveProperty('data.items');
    }
    expect((await send(sluice.port, { path: '/health' })).status).toBe(200);
    expect(sluice.child.exitCode).toBe(null);
  });

  it('the error is DATABASE_UNAVAILABLE (503 with Retry-After when there is no data)', async () => {
    const sluice = await rig.serve();
    await rig.cluster.stop();
    const answer = await graphql(sluice.port, { query: ITEMS_QUERY }, { timeoutMs: FAST_MS });
    expectDatabaseFault(answer, 'DATABASE_UNAVAILABLE');
  });

  it('GET /ready answers 503 while it is down, /health 200', async () => {
    const sluice = await rig.serve();
    expect((await send(sluice.port, { path: '/ready' })).status).toBe(200);
    await rig.cluster.stop();
    expect((await send(sluice.port, { path: '/ready', timeoutMs: FAST_MS })).status).toBe(503);
    expect((await send(sluice.port, { path: '/health', timeoutMs: FAST_MS })).status).toBe(200);
  });

  it('started again: the same query works without restarting Sluice, /ready 200', async () => {
    const sluice = await rig.serve();
    await rig.cluster.stop();
    await graphql(sluice.port, { query: ITEMS_QUERY });
    await rig.cluster.start();
    await eventually('the same query answered again', 15_000, () => works(sluice.port));
    expect((await send(sluice.port, { path: '/ready' })).status).toBe(200);
    expect(sluice.child.exitCode).toBe(null);
  });

  it('restarted between two requests: the pool replaces its closed connections', async () => {
    const sluice = await rig.serve();
    // Open several connections, so the pool holds some that the restart closes.
    await Promise.all(
      Array.from({ length: 5 }, () => graphql(sluice.port, { query: ITEMS_QUERY })),
    );
    await rig.cluster.restart();
    await eventually('the same query answered after the restart', 15_000, () => works(sluice.port));
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => graphql(sluice.port, { query: ITEMS_QUERY })),
    );
    for (const answer of answers) expect(answer.json).toEqual({ data: ITEMS_DATA });
  });
});
