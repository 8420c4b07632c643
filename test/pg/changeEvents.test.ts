import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../../src/engine/index.js';
import { countStatements } from '../../src/pg/driver/countStatements.js';
import type { QueryOptions } from '../../src/pg/driver/SqlClient.js';
import { introspect } from '../../src/pg/catalog/introspect.js';
import { reflect } from '../../src/pg/reflect.js';
import { changeTriggersSql, triggerTables } from '../../src/pg/realtime/changeTriggersSql.js';
import type { PgChanges } from '../../src/pg/realtime/createPgChanges.js';
import { useTestDatabase } from './support/testDatabase.js';
import { nextBody, subscribeTo, type Stream } from './support/subscriptionStream.js';

/**
 * Change events over a reflected database, fed by the triggers `sluice db triggers` installs:
 * each insert, update and delete delivered once to each matching subscriber, `where` filters,
 * nested selections, and one statement per batch however many subscribers share a shape. The
 * writes come through the test's own client (another connection on a real server; on PGlite the
 * same in-process backend, whose NOTIFY reaches its listeners at commit).
 */
const db = useTestDatabase(async (client) => {
  await client.exec(`
    CREATE TABLE authors (id serial PRIMARY KEY, name text NOT NULL);
    CREATE TABLE posts (id serial PRIMARY KEY, title text NOT NULL, score int NOT NULL DEFAULT 0,
                        author_id int NOT NULL REFERENCES authors (id));
    INSERT INTO authors (name) VALUES ('ann'), ('bob');
  `);
  const catalog = await introspect(client, ['public']);
  await client.exec(changeTriggersSql(triggerTables(catalog.tables).tables, 'public'));
});

let engine: Engine;
let counted: ReturnType<typeof countStatements>;
let changes: PgChanges | undefined;
/** The parameters of every statement run through `query` (the event statements among them). */
const parameters: Array<ReadonlyArray<unknown>> = [];
beforeAll(async () => {
  counted = countStatements(db.client);
  const recording = new Proxy(counted, {
    get(target, property, receiver) {
      if (property !== 'query') return Reflect.get(target, property, receiver) as unknown;
      return (text: string, values?: ReadonlyArray<unknown>, options?: QueryOptions) => {
        parameters.push(values ?? []);
        return target.query(text, values, options);
      };
    },
  });
  const reflection = await reflect(recording, { changeEvents: { heartbeatMs: 0 } });
  changes = reflection.changes;
  engine = createEngine({ schema: reflection.schema });
});
afterAll(async () => {
  await changes?.close();
});

function subscribe(query: string, variables: Record<string, unknown> = {}): Promise<Stream> {
  return subscribeTo(engine, query, { variables });
}

async function ready(): Promise<void> {
  await changes?.listening;
}

describe('change events', () => {
  it('adds Created, Updated and Deleted fields per table with a primary key, and live', () => {
    const fields = Object.keys(engine.schema.getSubscriptionType()?.getFields() ?? {});
    expect(fields).toEqual([
      'authorCreated',
      'authorUpdated',
      'authorDeleted',
      'postCreated',
      'postUpdated',
      'postDeleted',
      'live',
    ]);
  });

  it('are turned on by changeEvents: true, as by options', async () => {
    const reflection = await reflect(db.client, { changeEvents: true });
    try {
      expect(reflection.changes).toBeDefined();
      expect(Object.keys(reflection.schema.getSubscriptionType()?.getFields() ?? {})).toContain(
        'postCreated',
      );
    } finally {
      await reflection.changes?.close();
    }
  });

  it('delivers an insert, an update and a delete once each, with nested relations', async () => {
    const created = await subscribe('subscription { postCreated { id title author { name } } }');
    const updated = await subscribe('subscription { postUpdated { id t: title } }');
    const deleted = await subscribe('subscription { postDeleted { id __typename } }');
    await ready();
    const pendingCreated = nextBody(created);
    await db.client.query("INSERT INTO posts (title, author_id) VALUES ('hello', 1)");
    expect(await pendingCreated).toBe(
      '{"data":{"postCreated":{"id":1,"title":"hello","author":{"name":"ann"}}}}',
    );
    const pendingUpdated = nextBody(updated);
    await db.client.query("UPDATE posts SET title = 'again' WHERE id = 1");
    expect(await pendingUpdated).toBe('{"data":{"postUpdated":{"id":1,"t":"again"}}}');
    const pendingDeleted = nextBody(deleted);
    await db.client.query('DELETE FROM posts WHERE id = 1');
    expect(await pendingDeleted).toBe('{"data":{"postDeleted":{"id":1,"__typename":"PostKey"}}}');
    // Nothing more came for any of them (each change once, to the field of its operation).
    expect(await nextBody(created, 300)).toBe('timeout');
    expect(await nextBody(updated, 300)).toBe('timeout');
    expect(await nextBody(deleted, 300)).toBe('timeout');
    await Promise.all([created.return(), updated.return(), deleted.return()]);
  });

  it('filters by where, per subscriber', async () => {
    const query = 'subscription ($w: PostWhere) { postCreated(where: $w) { title score } }';
    const high = await subscribe(query, { w: { score: { gte: 10 } } });
    const low = await subscribe(query, { w: { score: { lt: 10 } } });
    const bob = await subscribe(query, { w: { author: { name: { eq: 'bob' } } } });
    await ready();
    const [h, l, b] = [nextBody(high), nextBody(low), nextBody(bob)];
    await db.client.exec(`
      INSERT INTO posts (title, score, author_id) VALUES ('big', 50, 1);
      INSERT INTO posts (title, score, author_id) VALUES ('small', 1, 2);
    `);
    expect(await h).toBe('{"data":{"postCreated":{"title":"big","score":50}}}');
    expect(await l).toBe('{"data":{"postCreated":{"title":"small","score":1}}}');
    expect(await b).toBe('{"data":{"postCreated":{"title":"small","score":1}}}');
    expect(await nextBody(high, 300)).toBe('timeout');
    expect(await nextBody(low, 300)).toBe('timeout');
    await Promise.all([high.return(), low.return(), bob.return()]);
  });

  it('runs one statement per batch whatever the number of subscribers (1 vs 50)', async () => {
    const query =
      'subscription ($min: Int) { postUpdated(where: { score: { gte: $min } }) { id score author { name } } }';
    const perBatch = async (n: number): Promise<{ statements: number; events: number }> => {
      await db.client.exec(
        "DELETE FROM posts; INSERT INTO posts (title, score, author_id) VALUES ('only', 0, 1);",
      );
      const streams = await Promise.all(
        Array.from({ length: n }, (_, i) => subscribe(query, { min: i })),
      );
      await ready();
      // A first batch to let the group learn its parameters' types (once per shape).
      let pending = streams.map((s) => nextBody(s));
      await db.client.query('UPDATE posts SET score = 100');
      await Promise.all(pending);
      const before = counted.statements.length;
      pending = streams.map((s) => nextBody(s));
      await db.client.query('UPDATE posts SET score = 200');
      const bodies = await Promise.all(pending);
      const statements = counted.statements.length - before;
      await Promise.all(streams.map((s) => s.return()));
      return { statements, events: bodies.filter((b) => b.includes('"score":200')).length };
    };
    const one = await perBatch(1);
    const fifty = await perBatch(50);
    expect(one).toEqual({ statements: 1, events: 1 });
    expect(fifty).toEqual({ statements: 1, events: 50 });
  });

  it('fetches the row once for all subscribers with the same variables', async () => {
    const query =
      'subscription ($min: Int) { postUpdated(where: { score: { gte: $min } }) { id score } }';
    await db.client.exec(
      "DELETE FROM posts; INSERT INTO posts (title, score, author_id) VALUES ('shared', 0, 1);",
    );
    // 30 subscribers, two distinct filters among them.
    const streams = await Promise.all(
      Array.from({ length: 30 }, (_, i) => subscribe(query, { min: i % 2 === 0 ? 0 : 1 })),
    );
    await ready();
    const warm = streams.map((s) => nextBody(s));
    await db.client.query('UPDATE posts SET score = 100');
    await Promise.all(warm);
    const from = parameters.length;
    const pending = streams.map((s) => nextBody(s));
    await db.client.query('UPDATE posts SET score = 300');
    const bodies = await Promise.all(pending);
    expect(bodies.filter((b) => b.includes('"score":300'))).toHaveLength(30);
    // The event statement's second parameter: each distinct subscriber's values once.
    const fetched = parameters.slice(from).filter((values) => values.length === 2);
    expect(fetched).toHaveLength(1);
    const distinct = JSON.parse(String(fetched[0]?.[1])) as unknown[][];
    expect(distinct).toHaveLength(2);
    expect(distinct.map((values) => values.at(-1))).toEqual([0, 1]);
    await Promise.all(streams.map((s) => s.return()));
  });

  it('refuses a selection it cannot fetch at subscribe time, not per event', async () => {
    const prepared = engine.prepare('subscription { postCreated { nope } }');
    expect(prepared.ok).toBe(false);
  });
});
