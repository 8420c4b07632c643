import { createClient, type Client } from 'graphql-ws';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { introspect } from '../pg/catalog/introspect.js';
import { changeTriggersSql, triggerTables } from '../pg/realtime/changeTriggersSql.js';
import { useDatabaseFlag } from './__fixtures__/demoDatabaseFlag.js';
import { postQuery } from './__fixtures__/postQuery.js';
import { useServe } from './__fixtures__/useServe.js';

/**
 * Change events across worker processes: sockets spread over the workers of
 * `sluice serve --workers 2` (on a PostgreSQL server: each worker LISTENs on its own connection)
 * each get every event, whichever worker ran the write (each on a connection of its own). The worker a socket reached is told by
 * the backend of its one pool connection (`--pool-size 1`), read through a live query, whose first
 * result also says that worker LISTENs (a live query reads only once its LISTEN is in place).
 * A PGlite directory serves one process only (`--workers` refuses it): there the same sockets
 * reach one process, and every socket still gets every event.
 */
const database = useDatabaseFlag(async (client) => {
  await client.exec(`
    CREATE TABLE posts (id serial PRIMARY KEY, title text NOT NULL);
    CREATE VIEW backends AS SELECT pg_backend_pid() AS pid;
  `);
  const catalog = await introspect(client, ['public']);
  await client.exec(changeTriggersSql(triggerTables(catalog.tables).tables, 'public'));
});
const serve = useServe(database);

const clients: Client[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.dispose()));
});

const SOCKETS = 6;
const WRITES = 4;

/** One socket's subscriber: the backend its worker reads with, and the posts created it got. */
async function subscriber(url: string) {
  const client = createClient({ url, webSocketImpl: WebSocket, retryAttempts: 0, lazy: false });
  clients.push(client);
  const live = client.iterate({ query: 'subscription { live { backends { pid } } }' });
  const first = (await live.next()).value as {
    data: { live: { backends: Array<{ pid: number }> } };
  };
  await live.return?.();
  const created: unknown[] = [];
  const all = new Promise<unknown[]>((resolve, reject) => {
    client.subscribe(
      { query: 'subscription { postCreated { title } }' },
      {
        next: (value) => {
          created.push(value);
          if (created.length === WRITES) resolve(created);
        },
        error: reject,
        complete: () => resolve(created),
      },
    );
  });
  // The socket's messages are handled in order: answered after the subscribe, it is in place.
  const answers: unknown[] = [];
  for await (const answer of client.iterate({ query: '{ __typename }' })) answers.push(answer);
  expect(answers).toEqual([{ data: { __typename: 'Query' } }]);
  return { pid: first.data.live.backends[0]?.pid, all };
}

describe('sluice serve --workers 2: change events', () => {
  it('reach every subscriber on every worker, whichever worker wrote', async () => {
    const workers = database.onServer ? ['--workers', '2', '--pool-size', '1'] : [];
    const cli = await serve(['--live-debounce-ms', '0', ...workers]);
    const ws = cli.url.replace('http:', 'ws:');
    const subscribers = [];
    for (let i = 0; i < SOCKETS; i++) subscribers.push(await subscriber(ws));
    const backends = new Set(subscribers.map((s) => s.pid));
    expect(backends.size).toBe(database.onServer ? 2 : 1);
    // Each write on a connection of its own, so the workers take turns (which one ran it does not
    // matter: every worker hears every NOTIFY).
    for (let i = 1; i <= WRITES; i++) {
      const res = await postQuery(
        cli.url,
        `mutation { createPost(input: { title: "p${i}" }) { id } }`,
        { headers: { connection: 'close' } },
      );
      expect(await res.json()).toEqual({ data: { createPost: { id: i } } });
    }
    const expected = Array.from({ length: WRITES }, (_, i) => ({
      data: { postCreated: { title: `p${i + 1}` } },
    }));
    for (const s of subscribers) expect(await s.all).toEqual(expected);
  }, 120_000);
});
