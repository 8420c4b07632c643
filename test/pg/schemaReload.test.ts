import { describe, expect, it } from 'vitest';
import type { CliIO } from '../../src/cli/io.js';
import { loadDatabaseSource } from '../../src/cli/loadDatabaseSource.js';
import { DEFAULT_CONFIG, type ServeConfig } from '../../src/cli/options.js';
import { startServer } from '../../src/cli/startServer.js';
import type { SqlClient } from '../../src/pg/driver/SqlClient.js';
import { silentLogger } from '../../src/server/logger.js';
import { useTestDatabase } from './support/testDatabase.js';

/**
 * Catalog changes without a restart: `serve --watch` reflects again when DDL lands and serves
 * the new schema between requests; SIGHUP does it once. PGlite in npm test, the server in test:pg.
 */
const db = useTestDatabase(async (client) => {
  await client.exec(`
    CREATE TABLE items (id int PRIMARY KEY, name text NOT NULL);
    INSERT INTO items SELECT i, 'item ' || i FROM generate_series(1, 5) AS i;
    CREATE TABLE notes (id int PRIMARY KEY, body text);
    INSERT INTO notes VALUES (1, 'first');
    CREATE TABLE trash (id int PRIMARY KEY);
  `);
});

interface Answer {
  data?: Record<string, unknown> | null;
  errors?: Array<{ message: string; extensions?: { code?: string } }>;
}

/**
 * A server over the test database, in this process; `stop()` sends it SIGTERM. `options` are
 * the source's (loadDatabaseSource); `beforeStart` runs between the reflection and the start.
 */
async function serve(
  config: Partial<ServeConfig>,
  options: Parameters<typeof loadDatabaseSource>[1] = {},
  beforeStart?: () => Promise<void>,
) {
  // The database is the file's: the server must not end it when it stops.
  const client: SqlClient = { ...db.client, end: async () => {} };
  const logs: Array<Record<string, unknown>> = [];
  const logger = {
    ...silentLogger,
    info: (msg: string, fields?: Record<string, unknown>) => logs.push({ msg, ...fields }),
    error: (msg: string, fields?: Record<string, unknown>) => logs.push({ msg, ...fields }),
  };
  const source = await loadDatabaseSource(client, options, 'the test database', logger);
  const handlers = new Map<string, () => void>();
  let stderr = '';
  const io: CliIO = {
    stdout: { write: () => true },
    stderr: { write: (t: string) => (stderr += t) },
    env: {},
    cwd: process.cwd(),
    onSignal: (signal, listener) => handlers.set(signal, listener),
    readStdin: () => Promise.resolve(''),
  };
  await beforeStart?.();
  const serving = startServer(source, { ...DEFAULT_CONFIG, port: 0, ...config }, io, logger);
  await expect.poll(() => /serving GraphQL at (\S+)/.exec(stderr)?.[1]).toBeTruthy();
  const url = /serving GraphQL at (\S+)/.exec(stderr)![1]!;
  const post = async (query: string): Promise<Answer> => {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query }),
    });
    return (await res.json()) as Answer;
  };
  return {
    post,
    logs,
    signal: (name: string) => handlers.get(name)?.(),
    stop: async () => {
      handlers.get('SIGTERM')?.();
      expect(await serving).toBe(0);
    },
  };
}

const ITEMS = '{ items(limit: 2) { id name } }';
const ITEMS_DATA = {
  data: {
    items: [
      { id: 1, name: 'item 1' },
      { id: 2, name: 'item 2' },
    ],
  },
};

describe('schema reload', () => {
  it('--watch: a renamed and an added column and a dropped table are served without a restart; requests on the rest never fail', async () => {
    const server = await serve({ watch: true, watchIntervalMs: 200 });
    expect(await server.post('{ notes { id body } }')).toEqual({
      data: { notes: [{ id: 1, body: 'first' }] },
    });
    // Requests that name nothing the DDL touches run the whole time.
    let stopLoad = false;
    const failures: Answer[] = [];
    let served = 0;
    const load = (async () => {
      while (!stopLoad) {
        const answer = await server.post(ITEMS);
        served++;
        if (JSON.stringify(answer) !== JSON.stringify(ITEMS_DATA)) failures.push(answer);
      }
    })();

    await db.client.exec(`
      ALTER TABLE notes RENAME COLUMN body TO text;
      ALTER TABLE notes ADD COLUMN tag text NOT NULL DEFAULT 'new';
      DROP TABLE trash;
    `);
    await expect
      .poll(async () => JSON.stringify(await server.post('{ notes { id text tag } }')), {
        // Functional, not a timing claim: the watch looks every 200 ms here.
        timeout: 15_000,
        interval: 50,
      })
      .toBe(JSON.stringify({ data: { notes: [{ id: 1, text: 'first', tag: 'new' }] } }));

    // What was renamed or dropped is refused as any unknown field is.
    const old = await server.post('{ notes { body } }');
    expect(old.errors?.[0]?.extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
    const dropped = await server.post('{ trash { id } }');
    expect(dropped.errors?.[0]?.message).toContain('Cannot query field "trash"');

    stopLoad = true;
    await load;
    expect(failures).toEqual([]);
    expect(served).toBeGreaterThan(0);
    const reloaded = server.logs.find((l) => l['msg'] === 'schema reloaded');
    expect(reloaded?.['changes']).toEqual(
      expect.arrayContaining([
        'type Trash removed',
        'Note.body removed',
        'Note.text added',
        'Note.tag added',
      ]),
    );
    await server.stop();
  });

  it('without --watch, SIGHUP reflects once; an unchanged catalog swaps nothing', async () => {
    const server = await serve({});
    await db.client.exec(`ALTER TABLE items ADD COLUMN price int NOT NULL DEFAULT 7`);
    // Not watched: the new column is unknown until told.
    await new Promise((r) => setTimeout(r, 300));
    expect((await server.post('{ items(limit: 1) { price } }')).errors?.length).toBe(1);
    server.signal('SIGHUP');
    await expect
      .poll(async () => JSON.stringify(await server.post('{ items(limit: 1) { price } }')))
      .toBe(JSON.stringify({ data: { items: [{ price: 7 }] } }));
    const reloads = () => server.logs.filter((l) => l['msg'] === 'schema reloaded').length;
    expect(reloads()).toBe(1);
    server.signal('SIGHUP');
    await new Promise((r) => setTimeout(r, 500));
    expect(reloads()).toBe(1);
    await server.stop();
  });

  it('--watch: DDL between the first reflection and the watch’s first look is picked up', async () => {
    const server = await serve({ watch: true, watchIntervalMs: 100 }, {}, () =>
      db.client.exec(`ALTER TABLE items ADD COLUMN stock int NOT NULL DEFAULT 7`),
    );
    await expect
      .poll(async () => JSON.stringify(await server.post('{ items(limit: 1) { stock } }')), {
        timeout: 5_000,
      })
      .toBe(JSON.stringify({ data: { items: [{ stock: 7 }] } }));
    await server.stop();
    await db.client.exec(`ALTER TABLE items DROP COLUMN stock`);
  });

  it('a statement prepared before a column’s type changed runs with request settings too', async () => {
    const query = '{ items(limit: 2) { id name } }';
    const plain = await serve({}, { plainRows: true });
    const answers: Answer[] = [];
    for (let i = 0; i < 8; i++) answers.push(await plain.post(query));
    await db.client.exec(`ALTER TABLE items ALTER COLUMN name TYPE varchar(50)`);
    for (let i = 0; i < 8; i++) answers.push(await plain.post(query));
    await db.client.exec(`ALTER TABLE items ALTER COLUMN name TYPE text`);
    await plain.stop();
    // Same pool, with settings: a transaction per request (postgres.js's own retry of
    // "cached plan must not change result type" ran inside the aborted transaction).
    const settings = await serve(
      {},
      { plainRows: true, pgSettings: () => ({ settings: { 'app.x': '1' } }) },
    );
    for (let i = 0; i < 8; i++) answers.push(await settings.post(query));
    await settings.stop();
    expect(answers.flatMap((answer, i) => (answer.errors ? [i] : []))).toEqual([]);
    expect(answers.at(-1)?.data?.['items']).toHaveLength(2);
  });
});
