import { describe, expect, it } from 'vitest';
import { graphql, send } from '../abuse/support/http.js';
import { expectDatabaseFault } from './support/expectations.js';
import { eventually, useFaultRig, within } from './support/faultRig.js';
import { ITEMS_DATA, ITEMS_QUERY, napQuery } from './support/seed.js';

const rig = useFaultRig();

/** Requests cut off by the crash are answered as soon as their connections drop. */
const ANSWER_MS = 5000;

const works = async (port: number) =>
  JSON.stringify((await graphql(port, { query: ITEMS_QUERY })).json) ===
  JSON.stringify({ data: ITEMS_DATA });

/** Starts three 120 s naps and waits until PostgreSQL runs them. */
async function napsInFlight(port: number) {
  const inFlight = Array.from({ length: 3 }, () =>
    graphql(port, { query: napQuery(4) }, { timeoutMs: 60_000 }),
  );
  await eventually('three naps running', 10_000, async () => (await rig.activeNaps()) === 3);
  return inFlight;
}

describe('PostgreSQL killed (kill -9) with requests in flight', () => {
  it('the requests get GraphQL error responses, Sluice keeps running and answers /health', async () => {
    const sluice = await rig.serve();
    const inFlight = await napsInFlight(sluice.port);
    await rig.cluster.kill();
    const answers = await within('answers after the crash', ANSWER_MS, Promise.all(inFlight));
    for (const answer of answers) {
      expect(answer.json?.errors?.length, answer.text).toBeGreaterThan(0);
      expect(answer.status).not.toBe(500);
    }
    expect((await send(sluice.port, { path: '/health' })).status).toBe(200);
    expect(sluice.child.exitCode).toBe(null);
  });

  it('the errors are DATABASE_UNAVAILABLE', async () => {
    const sluice = await rig.serve();
    const inFlight = await napsInFlight(sluice.port);
    await rig.cluster.kill();
    for (const answer of await Promise.all(inFlight)) {
      expectDatabaseFault(answer, 'DATABASE_UNAVAILABLE');
    }
  });

  it('restarted: the same query works again without restarting Sluice', async () => {
    const sluice = await rig.serve();
    expect(await works(sluice.port)).toBe(true);
    const inFlight = await napsInFlight(sluice.port);
    await rig.cluster.kill();
    await Promise.all(inFlight);
    await rig.cluster.start();
    await eventually('the same query answered again', 15_000, () => works(sluice.port));
    expect((await send(sluice.port, { path: '/ready' })).status).toBe(200);
  });
});
