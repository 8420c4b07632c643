import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { GQL_RESPONSE, graphql } from '../abuse/support/http.js';
import { eventually, useFaultRig } from './support/faultRig.js';
import { ITEMS_DATA, ITEMS_QUERY, napQuery } from './support/seed.js';

const rig = useFaultRig();

/** Starts a statement that naps `seconds` over HTTP, waits until it runs, then drops the socket. */
async function napThenLeave(
  sluice: { readonly port: number },
  seconds: Parameters<typeof napQuery>[0],
): Promise<void> {
  const req = request({
    host: '127.0.0.1',
    port: sluice.port,
    method: 'POST',
    path: '/graphql',
    headers: { 'content-type': 'application/json', accept: GQL_RESPONSE },
    agent: false,
  });
  req.on('error', () => {});
  req.end(JSON.stringify({ query: napQuery(seconds) }));
  await eventually('the nap running', 10_000, async () => (await rig.activeNaps()) === 1);
  req.destroy();
}

describe('a client that disconnects mid-request', () => {
  it('has its statement cancelled: gone from pg_stat_activity within a bound', async () => {
    await napThenLeave(await rig.serve(), 4);
    await eventually('the nap cancelled', 5000, async () => (await rig.activeNaps()) === 0);
  });

  it('leaves Sluice serving other requests', async () => {
    const sluice = await rig.serve();
    await napThenLeave(sluice, 3);
    expect((await graphql(sluice.port, { query: ITEMS_QUERY })).json).toEqual({ data: ITEMS_DATA });
    expect(sluice.child.exitCode).toBe(null);
  });
});
