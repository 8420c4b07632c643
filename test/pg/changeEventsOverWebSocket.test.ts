import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { createClient, type Client } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createEngine } from '../../src/engine/index.js';
import { introspect } from '../../src/pg/catalog/introspect.js';
import { changeTriggersSql, triggerTables } from '../../src/pg/realtime/changeTriggersSql.js';
import { reflect } from '../../src/pg/reflect.js';
import type { PgChanges } from '../../src/pg/realtime/createPgChanges.js';
import { createSluiceServer, type SluiceServer } from '../../src/server/createSluiceServer.js';
import { useTestDatabase } from './support/testDatabase.js';

/**
 * Change events end to end: graphql-ws's own client on a real socket of a Sluice server over a
 * reflected database, the rows written by someone else. On a PostgreSQL server the write comes
 * from another OS process (a child `node` with its own connection), whose NOTIFY reaches this
 * process's LISTEN; PGlite lives in this process only, so there another client commits it.
 */
const db = useTestDatabase(async (client) => {
  await client.exec(`
    CREATE TABLE authors (id serial PRIMARY KEY, name text NOT NULL);
    CREATE TABLE posts (id serial PRIMARY KEY, title text NOT NULL,
                        author_id int NOT NULL REFERENCES authors (id));
    INSERT INTO authors (name) VALUES ('ann'), ('bob');
  `);
  const catalog = await introspect(client, ['public']);
  await client.exec(changeTriggersSql(triggerTables(catalog.tables).tables, 'public'));
});

let server: SluiceServer;
let changes: PgChanges | undefined;
let client: Client;
beforeAll(async () => {
  const reflection = await reflect(db.client, { changeEvents: { heartbeatMs: 0 } });
  changes = reflection.changes;
  server = createSluiceServer({ engine: createEngine({ schema: reflection.schema }) });
  const { port } = await server.listen(0);
  client = createClient({
    url: `ws://127.0.0.1:${port}/graphql`,
    webSocketImpl: WebSocket,
    retryAttempts: 0,
    // One socket for the whole test: lazily, the client closes it whenever it counts no
    // subscription left, and a subscription completed from its own `next` can leave that count
    // short, closing the socket (and completing the others) while events are still on the way.
    lazy: false,
  });
});
afterAll(async () => {
  await client?.dispose();
  await server?.close();
  await changes?.close();
});

const run = promisify(execFile);

/** Inserts a post by `author`, committed from another process (or connection, on PGlite). */
async function insertElsewhere(title: string, author: number): Promise<void> {
  if (db.url === undefined) {
    await db.client.query('INSERT INTO posts (title, author_id) VALUES ($1, $2)', [title, author]);
    return;
  }
  const script = `
    import postgres from 'postgres';
    const sql = postgres(process.env.URL, { max: 1, onnotice: () => {} });
    await sql\`INSERT INTO posts (title, author_id) VALUES (\${process.env.TITLE}, \${Number(process.env.AUTHOR)})\`;
    await sql.end();
  `;
  await run(process.execPath, ['--input-type=module', '-e', script], {
    env: { ...process.env, URL: db.url, TITLE: title, AUTHOR: String(author) },
    timeout: 60_000,
  });
}

/** The first `count` events of a subscription, then it is completed. */
function take(query: string, variables: Record<string, unknown>, count: number) {
  const received: unknown[] = [];
  let unsubscribe = () => {};
  const done = new Promise<unknown[]>((resolve, reject) => {
    unsubscribe = client.subscribe(
      { query, variables },
      {
        next: (value) => {
          received.push(value);
          if (received.length === count) {
            unsubscribe();
            resolve(received);
          }
        },
        error: reject,
        complete: () => resolve(received),
      },
    );
  });
  return done;
}

describe('change events over graphql-ws', () => {
  it('delivers a row inserted by another process, with its nested selection and filter', async () => {
    const query = `subscription ($w: PostWhere) {
      postCreated(where: $w) { id title author { name } }
    }`;
    const bobs = take(query, { w: { author: { name: { eq: 'bob' } } } }, 1);
    const all = take(query, {}, 2);
    await changes?.listening;
    // The server handles a socket's messages in order, and registers a subscription in the feed
    // as it handles its subscribe: a query answered after both means both are in place.
    // Read to its end, not taken and completed by the client: graphql-ws's client counts a query
    // it completes as the server completes it as two releases of the socket, and then closes it
    // under the subscriptions still open (when both come in one read, as on a loaded machine).
    const answers: unknown[] = [];
    for await (const answer of client.iterate({ query: '{ __typename }' })) answers.push(answer);
    expect(answers).toEqual([{ data: { __typename: 'Query' } }]);
    await insertElsewhere('by ann', 1);
    await insertElsewhere('by bob', 2);
    expect(await all).toEqual([
      { data: { postCreated: { id: 1, title: 'by ann', author: { name: 'ann' } } } },
      { data: { postCreated: { id: 2, title: 'by bob', author: { name: 'bob' } } } },
    ]);
    expect(await bobs).toEqual([
      { data: { postCreated: { id: 2, title: 'by bob', author: { name: 'bob' } } } },
    ]);
  });
});
