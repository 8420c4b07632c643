import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from '../../src/engine/index.js';
import {
  createPgInvalidation,
  type PgInvalidation,
} from '../../src/pg/cache/createPgInvalidation.js';
import { createPostgresClient } from '../../src/pg/driver/createPostgresClient.js';
import { reflect } from '../../src/pg/reflect.js';
import { createHandler } from '../../src/server/createHandler.js';
import type { Handler } from '../../src/server/types.js';
import { send } from '../../src/server/__fixtures__/testServer.js';
import { useTestDatabase } from './support/testDatabase.js';

/**
 * The result cache over a reflected database: the tags the compiler reports, invalidation by a
 * mutation through Sluice (only the entries that read what it wrote), and by a NOTIFY from
 * another connection (another process, on a real server; on PGlite, the same in-process backend).
 */
const db = useTestDatabase(async (client) => {
  await client.exec(`
    CREATE TABLE authors (id serial PRIMARY KEY, name text NOT NULL);
    CREATE TABLE books (id serial PRIMARY KEY, title text NOT NULL,
                        author_id int NOT NULL REFERENCES authors (id));
    CREATE TABLE notes (id serial PRIMARY KEY, label text NOT NULL);
    CREATE VIEW titles AS SELECT title FROM books;
    INSERT INTO authors (name) VALUES ('ann'), ('bob');
    INSERT INTO books (title, author_id) VALUES ('one', 1), ('two', 2);
    INSERT INTO notes (label) VALUES ('top');
  `);
});

let handle: Handler;
let bus: PgInvalidation;
beforeAll(async () => {
  const { schema } = await reflect(db.client);
  const engine = createEngine({ schema });
  bus = createPgInvalidation(db.client);
  handle = createHandler({
    engine,
    csrf: false,
    cache: {
      fields: { 'Query.authors': 60, 'Query.books': 60, 'Query.notes': 60, 'Query.titles': 60 },
      invalidation: bus,
      // Every answer kept from its first request; the default admission has its own test below.
      admission: 'all',
    },
  });
  bus.subscribe(() => {});
  await bus.listening;
});
afterAll(async () => {
  await bus.close();
});

const ask = async (query: string) => {
  const res = await send(handle, { json: { query } });
  return { cache: res.headers['x-sluice-cache'], json: res.json };
};

/** Waits until `check` holds, polling through the event loop (a notification is asynchronous). */
async function eventually(check: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('never held');
}

describe('tags the compiler reports', () => {
  it('names every table a query reads, the view as ANY_WRITE, and what a mutation writes', async () => {
    const engine = createEngine({ schema: (await reflect(db.client)).schema });
    const run = async (query: string) => {
      const prepared = engine.prepare(query);
      if (!prepared.ok) throw new Error(prepared.body);
      return prepared.execute();
    };
    const read = await run('{ books { title author { name } } }');
    expect([...(read.tags?.reads ?? [])].sort()).toEqual(['public.authors', 'public.books']);
    expect(read.tags?.writes.size).toBe(0);
    const view = await run('{ titles { title } }');
    expect([...(view.tags?.reads ?? [])].sort()).toEqual(['*', 'public.titles']);
    const write = await run('mutation { createNote(input: { label: "x" }) { id } }');
    expect([...(write.tags?.writes ?? [])]).toEqual(['public.notes']);
  });
});

describe('invalidation', () => {
  it('by a mutation through Sluice: the entries that read the written table, no others', async () => {
    expect((await ask('{ books { title } }')).cache).toBe('miss');
    expect((await ask('{ authors { name } }')).cache).toBe('miss');
    expect((await ask('{ titles { title } }')).cache).toBe('miss');
    expect((await ask('{ books { title } }')).cache).toBe('hit');
    await send(handle, {
      json: { query: 'mutation { createBook(input: { title: "three", authorId: 1 }) { id } }' },
    });
    const books = await ask('{ books { title } }');
    expect(books.cache).toBe('miss');
    expect(books.json).toEqual({
      data: { books: [{ title: 'one' }, { title: 'two' }, { title: 'three' }] },
    });
    expect((await ask('{ authors { name } }')).cache).toBe('hit');
    // A view may show any table: every write reaches it.
    expect((await ask('{ titles { title } }')).cache).toBe('miss');
  });

  it('by a NOTIFY from another connection, naming the tables a write outside Sluice changed', async () => {
    expect((await ask('{ notes { label } }')).cache).toBe('miss');
    expect((await ask('{ notes { label } }')).cache).toBe('hit');
    const other = db.url === undefined ? db.client : createPostgresClient(db.url, { max: 1 });
    try {
      await other.exec(`UPDATE notes SET label = 'changed'`);
      await other.query('SELECT pg_notify($1, $2)', [
        'sluice_cache_invalidate',
        '["public.notes"]',
      ]);
      await eventually(async () => (await ask('{ notes { label } }')).cache === 'miss');
      expect((await ask('{ notes { label } }')).json).toEqual({
        data: { notes: expect.arrayContaining([{ label: 'changed' }]) as unknown },
      });
    } finally {
      if (other !== db.client) await other.end();
    }
  });

  it("by another server's mutation, heard through its NOTIFY", async () => {
    // A second server, as another process would be: its own engine, cache, bus and connection.
    const other = db.url === undefined ? db.client : createPostgresClient(db.url, { max: 1 });
    const otherBus = createPgInvalidation(other);
    const otherHandle = createHandler({
      engine: createEngine({ schema: (await reflect(other)).schema }),
      csrf: false,
      cache: { fields: { 'Query.notes': 60 }, invalidation: otherBus },
    });
    try {
      expect((await ask('{ notes { id } }')).cache).toBe('miss');
      expect((await ask('{ notes { id } }')).cache).toBe('hit');
      await send(otherHandle, {
        json: { query: 'mutation { createNote(input: { label: "from B" }) { id } }' },
      });
      await eventually(async () => (await ask('{ notes { id } }')).cache === 'miss');
    } finally {
      await otherBus.close();
      if (other !== db.client) await other.end();
    }
  });

  it('publishes its own mutations on the channel, for the other processes', async () => {
    const heard: string[] = [];
    const unlisten = await db.client.listen!('sluice_cache_invalidate', (p) => heard.push(p));
    try {
      await send(handle, {
        json: { query: 'mutation { createNote(input: { label: "new" }) { id } }' },
      });
      await eventually(async () => heard.length > 0);
      expect(JSON.parse(heard[0] as string)).toMatchObject({ tags: ['public.notes'] });
    } finally {
      await unlisten();
    }
  });
});

describe('admission (the default: an answer is kept once its request repeats)', () => {
  it("keeps a repeated request's answer, and after a write to what it read keeps the next at once", async () => {
    const repeated = createHandler({
      engine: createEngine({ schema: (await reflect(db.client)).schema }),
      csrf: false,
      cache: { fields: { 'Query.authors': 60 } },
    });
    const askHere = async (query: string) => {
      const res = await send(repeated, { json: { query } });
      return { cache: res.headers['x-sluice-cache'], json: res.json };
    };
    const read = '{ authors(orderBy: [{ id: ASC }]) { name } }';
    expect((await askHere(read)).cache).toBe('miss');
    expect((await askHere(read)).cache).toBe('miss');
    expect((await askHere(read)).cache).toBe('hit');
    await send(repeated, {
      json: { query: 'mutation { createAuthor(input: { name: "cy" }) { id } }' },
    });
    const after = await askHere(read);
    expect(after).toEqual({
      cache: 'miss',
      json: { data: { authors: [{ name: 'ann' }, { name: 'bob' }, { name: 'cy' }] } },
    });
    expect((await askHere(read)).cache).toBe('hit');
  });
});
