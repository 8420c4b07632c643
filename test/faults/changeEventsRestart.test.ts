import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createClient, type Client } from 'graphql-ws';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { eventually, useFaultRig, within, type Sluice } from './support/faultRig.js';

/**
 * Change events across a PostgreSQL restart: a subscriber on a real graphql-ws client of
 * `sluice serve --database <throwaway cluster>`, the cluster restarted under it. The subscriber
 * is told of the gap (CHANGE_EVENTS_MISSED, its subscription still open) and then gets the rows
 * committed after the restart: no silent gap.
 */
const rig = useFaultRig();
const root = fileURLToPath(new URL('../../', import.meta.url));
const clients: Client[] = [];

beforeAll(() => {
  const applied = spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      'src/cli/main.ts',
      'db',
      'triggers',
      '--database',
      rig.cluster.url,
      '--tables',
      'items',
      '--apply',
    ],
    { cwd: root, encoding: 'utf8', timeout: 60_000 },
  );
  if (applied.status !== 0) throw new Error(`sluice db triggers failed: ${applied.stderr}`);
}, 90_000);

afterEach(async () => {
  for (const client of clients.splice(0)) await client.dispose();
});

interface Events {
  readonly received: unknown[];
  readonly closed: unknown[];
}

/** Subscribes over graphql-ws; every `next` payload lands in `received`. */
function subscribe(sluice: Sluice, query: string): Events {
  const events: Events = { received: [], closed: [] };
  const client = createClient({
    url: `ws://127.0.0.1:${sluice.port}/graphql`,
    webSocketImpl: WebSocket,
    retryAttempts: 0,
    shouldRetry: () => false,
  });
  clients.push(client);
  client.subscribe(
    { query },
    {
      next: (value) => events.received.push(value),
      error: (error) => events.closed.push(error),
      complete: () => events.closed.push('complete'),
    },
  );
  return events;
}

/** Whether Sluice's LISTEN on the change channel is in place (its connection's last statement). */
async function listening(): Promise<boolean> {
  const rows = await rig.admin()`
    SELECT count(*)::int AS n FROM pg_stat_activity
    WHERE application_name = 'sluice' AND query ILIKE 'listen%sluice_changes%'`;
  return (rows[0] as { n: number }).n > 0;
}

const inserted = (id: number) => ({ data: { itemCreated: { id, name: `row ${id}` } } });

async function insert(id: number): Promise<void> {
  await rig.admin()`INSERT INTO items (id, name) VALUES (${id}, ${`row ${id}`})`;
}

describe('change events across a PostgreSQL restart', () => {
  it(
    'tells the subscriber of the gap, then delivers the rows committed after it',
    {
      timeout: 150_000,
    },
    async () => {
      const sluice = await rig.serve();
      const events = subscribe(sluice, 'subscription { itemCreated { id name } }');
      await eventually('the LISTEN in place', 20_000, listening);
      await insert(1001);
      await eventually(
        'the first insert delivered',
        20_000,
        async () => events.received.length > 0,
      );
      expect(events.received).toEqual([inserted(1001)]);

      await rig.cluster.restart();
      // The gap event, within two heartbeats plus the reconnection's back-off on a loaded machine.
      await eventually('the gap event', 40_000, async () => events.received.length > 1);
      expect(events.received[1]).toMatchObject({
        data: { itemCreated: null },
        errors: [{ extensions: { code: 'CHANGE_EVENTS_MISSED' } }],
      });
      expect(events.closed).toEqual([]);

      await insert(1002);
      await insert(1003);
      await eventually(
        'the rows after the restart',
        20_000,
        async () => events.received.length > 3,
      );
      expect(events.received.slice(2)).toEqual([inserted(1002), inserted(1003)]);
      // Each row once, and no second gap.
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(events.received).toHaveLength(4);
      expect(events.closed).toEqual([]);
      expect(sluice.child.exitCode).toBe(null);
    },
  );

  it(
    'survives PostgreSQL killed (-9) too: gap event, then the rows after',
    {
      timeout: 150_000,
    },
    async () => {
      const sluice = await rig.serve();
      const events = subscribe(sluice, 'subscription { itemCreated { id } }');
      await eventually('the LISTEN in place', 20_000, listening);
      await rig.cluster.kill();
      await within('PostgreSQL back', 40_000, rig.cluster.start());
      await eventually('the gap event', 40_000, async () => events.received.length > 0);
      expect(events.received[0]).toMatchObject({
        errors: [{ extensions: { code: 'CHANGE_EVENTS_MISSED' } }],
      });
      await insert(1004);
      await eventually('the row after the restart', 20_000, async () => events.received.length > 1);
      expect(events.received.slice(1)).toEqual([{ data: { itemCreated: { id: 1004 } } }]);
      expect(events.closed).toEqual([]);
    },
  );
});
