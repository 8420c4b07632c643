import { parse, subscribe as graphqlSubscribe, type ExecutionResult } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../../src/engine/index.js';
import { countStatements } from '../../src/pg/driver/countStatements.js';
import { createPostgresClient } from '../../src/pg/driver/createPostgresClient.js';
import { introspect } from '../../src/pg/catalog/introspect.js';
import { reflect } from '../../src/pg/reflect.js';
import { changeTriggersSql, triggerTables } from '../../src/pg/realtime/changeTriggersSql.js';
import type { ChangeListener, PgChanges } from '../../src/pg/realtime/createPgChanges.js';
import { useTestDatabase } from './support/testDatabase.js';
import { nextBody, subscribeTo, type Stream } from './support/subscriptionStream.js';

/**
 * Live queries over a reflected database, fed by the triggers `sluice db triggers` installs: the
 * first result at once, a result again only when a write to a table the query reads changed it,
 * one statement per re-run for all subscribers of a shape, and a re-run for everyone after the
 * LISTEN was lost. Statements are counted on the client the schema runs on.
 */
const db = useTestDatabase(async (client) => {
  await client.exec(`
    CREATE TABLE authors (id serial PRIMARY KEY, name text NOT NULL);
    CREATE TABLE posts (id serial PRIMARY KEY, title text NOT NULL, score int NOT NULL DEFAULT 0,
                        author_id int NOT NULL REFERENCES authors (id));
    CREATE TABLE tags (id serial PRIMARY KEY, label text NOT NULL);
    CREATE TABLE drafts (id serial PRIMARY KEY, body text NOT NULL);
    INSERT INTO authors (name) VALUES ('ann'), ('bob');
    INSERT INTO posts (title, score, author_id) VALUES ('one', 1, 1), ('two', 2, 2);
  `);
  const catalog = await introspect(client, ['public']);
  await client.exec(changeTriggersSql(triggerTables(catalog.tables).tables, 'public'));
});

let engine: Engine;
let counted: ReturnType<typeof countStatements>;
let changes: PgChanges | undefined;
/** The listeners of the LISTEN, to tell them a gap where no connection can be killed (PGlite). */
const listeners: ChangeListener[] = [];
beforeAll(async () => {
  counted = countStatements(db.client);
  const first = await reflect(db.client, { changeEvents: { heartbeatMs: 0 } });
  const real = first.changes as PgChanges;
  changes = {
    subscribe(listener) {
      listeners.push(listener);
      return real.subscribe(listener);
    },
    listening: real.listening,
    close: () => real.close(),
  };
  const reflection = await reflect(counted, {
    changeEvents: changes,
    liveQueries: { debounceMs: 5 },
    computed: {
      posts: {
        shout: {
          type: 'String',
          needs: ['title'],
          resolve: (row) => String((row as { title: string }).title).toUpperCase(),
        },
      },
    },
  });
  engine = createEngine({ schema: reflection.schema });
});
afterAll(async () => {
  await changes?.close();
});

function subscribe(query: string, variables: Record<string, unknown> = {}): Promise<Stream> {
  return subscribeTo(engine, query, { variables });
}

/** The live statements (the multiplexed re-runs) among those counted since `from`. */
function liveRuns(from: number): string[] {
  return counted.statements.slice(from).filter((s) => s.includes('"sluice_m"'));
}

/** A write nobody hears: triggers are off for the transaction (session_replication_role). */
async function silently(statement: string): Promise<void> {
  const transaction = db.client.transaction;
  if (transaction === undefined) throw new Error('The test client runs no transactions');
  await transaction.call(db.client, async (tx) => {
    await tx.query('SET LOCAL session_replication_role = replica');
    await tx.query(statement);
  });
}

describe('live queries', () => {
  it('adds Subscription.live, of type Query', () => {
    const live = engine.schema.getSubscriptionType()?.getFields()['live'];
    expect(String(live?.type)).toBe('Query');
  });

  it('sends the result at once, again after a write that changed it, not after one that did not', async () => {
    const stream = await subscribe(
      'subscription { live { __typename posts(orderBy: [{ id: ASC }]) { title } } }',
    );
    expect(await nextBody(stream)).toBe(
      '{"data":{"live":{"__typename":"Query","posts":[{"title":"one"},{"title":"two"}]}}}',
    );
    await db.client.query("UPDATE posts SET title = 'uno' WHERE id = 1");
    expect(await nextBody(stream)).toBe(
      '{"data":{"live":{"__typename":"Query","posts":[{"title":"uno"},{"title":"two"}]}}}',
    );
    // A column it does not select: the query runs again, its result is the same, nothing is sent.
    const before = counted.statements.length;
    const pending = nextBody(stream, 1_000);
    await db.client.query('UPDATE posts SET score = score + 1');
    expect(await pending).toBe('timeout');
    expect(liveRuns(before)).toHaveLength(1);
    await db.client.query("UPDATE posts SET title = 'one' WHERE id = 1");
    expect(await nextBody(stream)).toBe(
      '{"data":{"live":{"__typename":"Query","posts":[{"title":"one"},{"title":"two"}]}}}',
    );
    await stream.return();
  });

  it('does not run again after a write to a table it does not read', async () => {
    const posts = await subscribe('subscription { live { posts { id } } }');
    const tags = await subscribe('subscription { live { tags { label } } }');
    expect(await nextBody(posts)).toBe('{"data":{"live":{"posts":[{"id":1},{"id":2}]}}}');
    expect(await nextBody(tags)).toBe('{"data":{"live":{"tags":[]}}}');
    const before = counted.statements.length;
    await db.client.query("INSERT INTO tags (label) VALUES ('new')");
    // The tags query ran for the batch (so the batch was heard), the posts query did not.
    expect(await nextBody(tags)).toBe('{"data":{"live":{"tags":[{"label":"new"}]}}}');
    const runs = liveRuns(before);
    expect(runs).toHaveLength(1);
    expect(runs[0]).toContain('"tags"');
    expect(await nextBody(posts, 300)).toBe('timeout');
    await Promise.all([posts.return(), tags.return()]);
  });

  it('runs again after a write to a table read through a nested relation', async () => {
    const stream = await subscribe(
      'subscription { live { post(id: 2) { title author { name } } } }',
    );
    expect(await nextBody(stream)).toBe(
      '{"data":{"live":{"post":{"title":"two","author":{"name":"bob"}}}}}',
    );
    await db.client.query("UPDATE authors SET name = 'robert' WHERE id = 2");
    expect(await nextBody(stream)).toBe(
      '{"data":{"live":{"post":{"title":"two","author":{"name":"robert"}}}}}',
    );
    await db.client.query("UPDATE authors SET name = 'bob' WHERE id = 2");
    expect(await nextBody(stream)).toBe(
      '{"data":{"live":{"post":{"title":"two","author":{"name":"bob"}}}}}',
    );
    await stream.return();
  });

  it('filters by each subscriber’s variables, and sends each only what changed for it', async () => {
    const query =
      'subscription ($author: String) { live { posts(where: { author: { name: { eq: $author } } }) { title } } }';
    const ann = await subscribe(query, { author: 'ann' });
    const bob = await subscribe(query, { author: 'bob' });
    expect(await nextBody(ann)).toBe('{"data":{"live":{"posts":[{"title":"one"}]}}}');
    expect(await nextBody(bob)).toBe('{"data":{"live":{"posts":[{"title":"two"}]}}}');
    const before = counted.statements.length;
    await db.client.query("UPDATE posts SET title = 'deux' WHERE id = 2");
    expect(await nextBody(bob)).toBe('{"data":{"live":{"posts":[{"title":"deux"}]}}}');
    // One statement re-ran both; ann's result did not change.
    expect(liveRuns(before)).toHaveLength(1);
    expect(await nextBody(ann, 300)).toBe('timeout');
    await db.client.query("UPDATE posts SET title = 'two' WHERE id = 2");
    expect(await nextBody(bob)).toBe('{"data":{"live":{"posts":[{"title":"two"}]}}}');
    await Promise.all([ann.return(), bob.return()]);
  });

  it('runs one statement per re-run whatever the number of subscribers (1 vs 40)', async () => {
    const query =
      'subscription ($min: Int) { live { posts(where: { score: { gte: $min } }, orderBy: [{ id: ASC }]) { id score } } }';
    const perRun = async (n: number, round: number) => {
      const streams = await Promise.all(
        Array.from({ length: n }, (_, i) => subscribe(query, { min: -i })),
      );
      await Promise.all(streams.map((s) => nextBody(s)));
      const before = counted.statements.length;
      const pending = streams.map((s) => nextBody(s));
      await db.client.query('UPDATE posts SET score = $1', [1_000 + round]);
      const bodies = await Promise.all(pending);
      const statements = liveRuns(before).length;
      await Promise.all(streams.map((s) => s.return()));
      return {
        statements,
        events: bodies.filter((b) => b.includes(`"score":${1_000 + round}`)).length,
      };
    };
    expect(await perRun(1, 1)).toEqual({ statements: 1, events: 1 });
    expect(await perRun(40, 2)).toEqual({ statements: 1, events: 40 });
  });

  it('runs again on a NOTIFY sent from another connection', async () => {
    const stream = await subscribe('subscription { live { post(id: 1) { title } } }');
    expect(await nextBody(stream)).toBe('{"data":{"live":{"post":{"title":"one"}}}}');
    await silently("UPDATE posts SET title = 'quietly' WHERE id = 1");
    const other = db.url === undefined ? db.client : createPostgresClient(db.url, { max: 1 });
    try {
      await other.query('SELECT pg_notify($1, $2)', [
        'sluice_changes',
        JSON.stringify({ t: 'public.posts', op: 'UPDATE', k: [[1]] }),
      ]);
    } finally {
      if (other !== db.client) await other.end();
    }
    expect(await nextBody(stream)).toBe('{"data":{"live":{"post":{"title":"quietly"}}}}');
    await silently("UPDATE posts SET title = 'one' WHERE id = 1");
    await stream.return();
  });

  it('runs every live query again after the LISTEN was lost', async () => {
    const a = await subscribe('subscription { live { post(id: 1) { title } } }');
    const b = await subscribe('subscription { live { authors(orderBy: [{ id: ASC }]) { name } } }');
    expect(await nextBody(a)).toBe('{"data":{"live":{"post":{"title":"one"}}}}');
    expect(await nextBody(b)).toBe('{"data":{"live":{"authors":[{"name":"ann"},{"name":"bob"}]}}}');
    // Writes nobody is told of: without a gap, nothing comes.
    await silently("UPDATE posts SET title = 'missed' WHERE id = 1");
    await silently("UPDATE authors SET name = 'anne' WHERE id = 1");
    expect(await nextBody(a, 300)).toBe('timeout');
    if (db.url !== undefined) {
      // A real gap: the LISTEN connection's backend is killed, and Sluice listens again.
      const killed = await db.client.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
          WHERE datname = current_database() AND pid <> pg_backend_pid() AND query ILIKE 'listen%'`,
      );
      expect(killed.length).toBeGreaterThan(0);
    } else {
      // PGlite runs in this process and cannot lose its LISTEN: the gap is told as the LISTEN does.
      for (const listener of listeners) listener.missed();
    }
    expect(await nextBody(a)).toBe('{"data":{"live":{"post":{"title":"missed"}}}}');
    expect(await nextBody(b)).toBe(
      '{"data":{"live":{"authors":[{"name":"anne"},{"name":"bob"}]}}}',
    );
    await silently("UPDATE posts SET title = 'one' WHERE id = 1");
    await silently("UPDATE authors SET name = 'ann' WHERE id = 1");
    await Promise.all([a.return(), b.return()]);
  });

  it('sends a re-run that failed as an error, and stays open', async () => {
    const stream = await subscribe('subscription { live { drafts { body } } }');
    expect(await nextBody(stream)).toBe('{"data":{"live":{"drafts":[]}}}');
    // The statement names a column that is gone: PostgreSQL refuses it.
    await db.client.exec('ALTER TABLE drafts RENAME COLUMN body TO text');
    await db.client.query("INSERT INTO drafts (text) VALUES ('gone')");
    const failed = JSON.parse(await nextBody(stream)) as {
      data: unknown;
      errors: Array<{ extensions: { code: string } }>;
    };
    expect(failed.data).toEqual({ live: null });
    expect(failed.errors.map((e) => e.extensions.code)).toEqual(['DATABASE_ERROR']);
    await db.client.exec('ALTER TABLE drafts RENAME COLUMN text TO body');
    await db.client.query("INSERT INTO drafts (body) VALUES ('back')");
    expect(await nextBody(stream)).toBe(
      '{"data":{"live":{"drafts":[{"body":"gone"},{"body":"back"}]}}}',
    );
    await stream.return();
  });

  it('runs on plain graphql-js too, its Query fields taking their values from the event', async () => {
    const before = counted.statements.length;
    const stream = (await graphqlSubscribe({
      schema: engine.schema,
      document: parse('subscription { live { post(id: 2) { title author { name } } } }'),
    })) as AsyncGenerator<ExecutionResult, void, void>;
    expect((await stream.next()).value).toEqual({
      data: { live: { post: { title: 'two', author: { name: 'bob' } } } },
    });
    const pending = stream.next();
    await db.client.query("UPDATE posts SET title = 'zwei' WHERE id = 2");
    expect((await pending).value).toEqual({
      data: { live: { post: { title: 'zwei', author: { name: 'bob' } } } },
    });
    await db.client.query("UPDATE posts SET title = 'two' WHERE id = 2");
    await stream.return();
    // The live statement and its probe only: the fallback resolvers did not query again.
    const others = counted.statements
      .slice(before)
      .filter((s) => !/"sluice_m"|^PREPARE |pg_prepared_statements|^DEALLOCATE /.test(s));
    expect(others).toEqual([]);
  });

  it('refuses computed fields when subscribing, with the code of a refused selection', async () => {
    const refused = subscribe('subscription { live { posts { title shout } } }');
    await expect(refused).rejects.toThrow(
      /cannot select computed fields.*GRAPHQL_VALIDATION_FAILED/,
    );
  });
});
