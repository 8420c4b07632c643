import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphql, send } from '../abuse/support/http.js';
import { eventually, useFaultRig } from './support/faultRig.js';
import { createPgCluster, type PgCluster } from './support/pgCluster.js';
import { ITEMS_DATA, ITEMS_QUERY } from './support/seed.js';

/**
 * `sluice serve --read-replica`: a real streaming replica of the rig's cluster (pg_basebackup
 * -R), reads served by it, mutations by the primary, and the replica's outage and return.
 */
const rig = useFaultRig();
let replica: PgCluster | undefined;
let replicaAdmin: postgres.Sql | undefined;

beforeAll(async () => {
  replica = await createPgCluster({ standbyOf: rig.cluster });
  await replica.start();
  replicaAdmin = postgres(replica.url, {
    max: 1,
    onnotice: () => {},
    connection: { application_name: 'sluice-faults-admin' },
  });
}, 120_000);

afterAll(async () => {
  await replicaAdmin?.end({ timeout: 1 }).catch(() => {});
  await replica?.destroy();
}, 60_000);

/** Statements Sluice's connections to the replica have run: each connection's last one. */
async function replicaSaw(pattern: string): Promise<number> {
  const rows = await replicaAdmin!`
    SELECT count(*)::int AS n FROM pg_stat_activity
    WHERE application_name = 'sluice' AND query LIKE ${pattern}`;
  return (rows[0] as { n: number }).n;
}

const itemsAnswer = async (port: number) => (await graphql(port, { query: ITEMS_QUERY })).json;

describe('read replicas', () => {
  it('the replica is a hot standby of the rig cluster', async () => {
    const [row] = await replicaAdmin!`SELECT pg_is_in_recovery() AS standby`;
    expect(row).toEqual({ standby: true });
  });

  it('serves reads from the replica and mutations from the primary, whose writes reach reads', async () => {
    const sluice = await rig.serve(['--read-replica', replica!.url, '--pool-size', '2']);
    expect(await itemsAnswer(sluice.port)).toEqual({ data: ITEMS_DATA });
    // The read ran on the replica (its connection's last statement reads items).
    expect(await replicaSaw('%"items"%')).toBeGreaterThan(0);

    const created = await graphql(sluice.port, {
      query: 'mutation { createItem(input: { id: 101, name: "written" }) { id name } }',
    });
    expect(created.json, created.text).toEqual({
      data: { createItem: { id: 101, name: 'written' } },
    });
    // A standby refuses writes, so the row is on the primary; streaming brings it to reads.
    const [onPrimary] = await rig.admin()`SELECT name FROM items WHERE id = 101`;
    expect(onPrimary).toEqual({ name: 'written' });
    await eventually('the new row read back through the replica', 15_000, async () => {
      const answer = await graphql(sluice.port, {
        query: '{ items(where: { id: { eq: 101 } }) { name } }',
      });
      return (
        JSON.stringify(answer.json) === JSON.stringify({ data: { items: [{ name: 'written' }] } })
      );
    });
  });

  it('a replica that goes down is left out: reads go to the primary, with no error; it is used again once back', async () => {
    const sluice = await rig.serve(['--read-replica', replica!.url]);
    expect(await itemsAnswer(sluice.port)).toEqual({ data: ITEMS_DATA });
    await replica!.stop();
    for (let i = 0; i < 5; i++)
      expect(await itemsAnswer(sluice.port)).toEqual({ data: ITEMS_DATA });
    expect((await send(sluice.port, { path: '/ready' })).status).toBe(200);
    await replica!.start();
    await eventually('reads on the replica again', 20_000, async () => {
      await itemsAnswer(sluice.port);
      return (await replicaSaw('%"items"%')) > 0;
    });
    expect(sluice.child.exitCode).toBe(null);
  });

  it('starts while the replica is down, and says so', async () => {
    await replica!.stop();
    const sluice = await rig.serve(['--read-replica', replica!.url, '--log-level', 'warn']);
    expect(await itemsAnswer(sluice.port)).toEqual({ data: ITEMS_DATA });
    expect(sluice.stdout() + sluice.stderr()).toMatch(/Read replica .* does not answer/);
    await replica!.start();
  });
});
