import { afterAll, beforeAll, expect, it } from 'vitest';
import { createEngine } from '../../src/engine/index.js';
import {
  createPgInvalidation,
  type PgInvalidation,
} from '../../src/pg/cache/createPgInvalidation.js';
import { createPostgresClient } from '../../src/pg/driver/createPostgresClient.js';
import type { SqlClient } from '../../src/pg/driver/SqlClient.js';
import { reflect } from '../../src/pg/reflect.js';
import { createHandler } from '../../src/server/createHandler.js';
import type { Handler } from '../../src/server/types.js';
import { send } from '../../src/server/__fixtures__/testServer.js';
import { useTestDatabase } from './support/testDatabase.js';

/** The LISTEN connection drops; a write + NOTIFY is sent while it is down; it comes back. */
const db = useTestDatabase(async (client) => {
  await client.exec(`
    CREATE TABLE notes (id serial PRIMARY KEY, label text NOT NULL);
    INSERT INTO notes (label) VALUES ('old');
  `);
});

let handle: Handler;
let bus: PgInvalidation;
let other: SqlClient;
beforeAll(async () => {
  if (db.url === undefined) return;
  const engine = createEngine({ schema: (await reflect(db.client)).schema });
  bus = createPgInvalidation(db.client);
  handle = createHandler({
    engine,
    csrf: false,
    cache: { fields: { 'Query.notes': 60 }, invalidation: bus, admission: 'all' },
  });
  await bus.listening;
  other = createPostgresClient(db.url, { max: 1 });
});
afterAll(async () => {
  await bus?.close();
  await other?.end();
});

const ask = async () => {
  const res = await send(handle, { json: { query: '{ notes { label } }' } });
  return { cache: res.headers['x-sluice-cache'], json: res.json };
};

it('while the LISTEN connection is down the cache is not used, nor stale after', async () => {
  if (!process.env['DATABASE_URL']) return; // a LISTEN connection to lose: a server only
  expect((await ask()).cache).toBe('miss');
  expect((await ask()).cache).toBe('hit');
  // Another process writes and notifies while this process's LISTEN connection is gone.
  const name = (
    (await other.query('SELECT current_database() AS d')) as unknown as string[][]
  )[0]![0];
  // The listener cannot connect again until the write and its NOTIFY are done.
  const admin = createPostgresClient(process.env['DATABASE_URL']!, { max: 1 });
  await admin.exec(`ALTER DATABASE "${name}" WITH ALLOW_CONNECTIONS false`);
  try {
    await other.exec(`
        SELECT pg_terminate_backend(pid, 5000) FROM pg_stat_activity
         WHERE datname = current_database() AND query LIKE 'LISTEN%' AND pid <> pg_backend_pid()
      `);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await other.exec(`UPDATE notes SET label = 'new'`);
    await other.query(`SELECT pg_notify('sluice_cache_invalidate', '["public.notes"]')`);
    // Meanwhile the cache is out of use: its entry may be stale, the bus cannot tell.
    expect(bus.hearing()).toBe(false);
    const meanwhile = await ask();
    expect(meanwhile.json).toEqual({ data: { notes: [{ label: 'new' }] } });
    expect(meanwhile.cache).toBeUndefined();
  } finally {
    await admin.exec(`ALTER DATABASE "${name}" WITH ALLOW_CONNECTIONS true`);
    await admin.end();
  }
  // Give the listener time to reconnect and LISTEN again.
  for (let i = 0; i < 100; i++) {
    const rows = await other.query(
      `SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN%'`,
    );
    if (rows.length > 0) break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect(bus.hearing()).toBe(true);
  expect((await ask()).json).toEqual({ data: { notes: [{ label: 'new' }] } });
});
