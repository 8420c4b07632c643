import { createClient as createSseClient } from 'graphql-sse';
import { createClient as createWsClient, type Client } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createEngine } from '../../src/engine/index.js';
import { introspect } from '../../src/pg/catalog/introspect.js';
import { createPostgresClient } from '../../src/pg/driver/createPostgresClient.js';
import { changeTriggersSql, triggerTables } from '../../src/pg/realtime/changeTriggersSql.js';
import type { PgChanges } from '../../src/pg/realtime/createPgChanges.js';
import { reflect } from '../../src/pg/reflect.js';
import { createSluiceServer, type SluiceServer } from '../../src/server/createSluiceServer.js';
import { useTestDatabase } from './support/testDatabase.js';

/**
 * Live queries end to end, with graphql-ws's and graphql-sse's own clients on a Sluice server
 * over a reflected database: the first result, then the result again after a write committed on
 * another connection (on PGlite, the same in-process database through another client call).
 */
const db = useTestDatabase(async (client) => {
  await client.exec(`
    CREATE TABLE authors (id serial PRIMARY KEY, name text NOT NULL);
    CREATE TABLE posts (id serial PRIMARY KEY, title text NOT NULL,
                        author_id int NOT NULL REFERENCES authors (id));
    INSERT INTO authors (name) VALUES ('ann'), ('bob');
    INSERT INTO posts (title, author_id) VALUES ('first', 1);
  `);
  const catalog = await introspect(client, ['public']);
  await client.exec(changeTriggersSql(triggerTables(catalog.tables).tables, 'public'));
});

let server: SluiceServer;
let changes: PgChanges | undefined;
let url: string;
beforeAll(async () => {
  const reflection = await reflect(db.client, { changeEvents: { heartbeatMs: 0 } });
  changes = reflection.changes;
  server = createSluiceServer({ engine: createEngine({ schema: reflection.schema }) });
  const { port } = await server.listen(0);
  url = `http://127.0.0.1:${port}/graphql`;
});
afterAll(async () => {
  await server?.close();
  await changes?.close();
});

/** Runs `text` on a connection of its own (a real server), or on the test's client (PGlite). */
async function writeElsewhere(text: string, values: unknown[]): Promise<void> {
  if (db.url === undefined) {
    await db.client.query(text, values);
    return;
  }
  const other = createPostgresClient(db.url, { max: 1 });
  try {
    await other.query(text, values);
  } finally {
    await other.end();
  }
}

const QUERY = `subscription ($author: String!) {
  live { posts(where: { author: { name: { eq: $author } } }, orderBy: [{ id: ASC }]) { title author { name } } }
}`;

/**
 * The live results of one subscription through `iterate`: the first, then, after `write`, the
 * next; then the subscription is completed by the client.
 */
async function firstTwo(
  iterate: () => AsyncIterableIterator<unknown>,
  write: () => Promise<void>,
): Promise<unknown[]> {
  const results: unknown[] = [];
  const events = iterate();
  results.push((await events.next()).value);
  await write();
  results.push((await events.next()).value);
  await events.return?.();
  return results;
}

describe('live queries over graphql-ws and SSE', () => {
  it('sends the result, then the changed result, over graphql-ws', async () => {
    const client: Client = createWsClient({
      url: url.replace('http:', 'ws:'),
      webSocketImpl: WebSocket,
      retryAttempts: 0,
    });
    try {
      const results = await firstTwo(
        () => client.iterate({ query: QUERY, variables: { author: 'ann' } }),
        () => writeElsewhere('INSERT INTO posts (title, author_id) VALUES ($1, 1)', ['by ws']),
      );
      expect(results).toEqual([
        { data: { live: { posts: [{ title: 'first', author: { name: 'ann' } }] } } },
        {
          data: {
            live: {
              posts: [
                { title: 'first', author: { name: 'ann' } },
                { title: 'by ws', author: { name: 'ann' } },
              ],
            },
          },
        },
      ]);
    } finally {
      await client.dispose();
    }
  });

  it('sends the result, then the changed result, over SSE', async () => {
    const client = createSseClient({ url, retryAttempts: 0 });
    try {
      const results = await firstTwo(
        () => client.iterate({ query: QUERY, variables: { author: 'bob' } }),
        () =>
          writeElsewhere("UPDATE authors SET name = 'bob' WHERE id = $1", [2]).then(() =>
            writeElsewhere('INSERT INTO posts (title, author_id) VALUES ($1, 2)', ['by sse']),
          ),
      );
      expect(results).toEqual([
        { data: { live: { posts: [] } } },
        { data: { live: { posts: [{ title: 'by sse', author: { name: 'bob' } }] } } },
      ]);
    } finally {
      client.dispose();
    }
  });
});
