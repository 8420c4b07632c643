import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../../src/engine/index.js';
import { countStatements } from '../../src/pg/driver/countStatements.js';
import { SETTINGS_TEXT } from '../../src/pg/compile/requestSettings.js';
import type { PgChanges } from '../../src/pg/realtime/createPgChanges.js';
import { reflect } from '../../src/pg/reflect.js';
import {
  createRlsRealtimeDatabase,
  memberContext,
  useRlsRoles,
  type RlsContext,
} from './support/rlsDatabase.js';
import { useTestDatabase } from './support/testDatabase.js';
import { nextBody, subscribeTo, type Stream } from './support/subscriptionStream.js';

/**
 * Change events under row-level security: each subscriber's rows are fetched with the role and
 * claims its context gives (`pgSettings`), so a row inserted or updated for one user reaches that
 * user's subscriptions only. Subscribers with the same settings still share one statement per
 * batch. The writes come through the test's own client, as the connecting user.
 */
const roles = useRlsRoles();
const db = useTestDatabase((client) => createRlsRealtimeDatabase(client, roles));
type Context = RlsContext;
const as = (sub: string): Context => memberContext(roles, sub);

let engine: Engine;
let counted: ReturnType<typeof countStatements>;
let changes: PgChanges | undefined;
beforeAll(async () => {
  counted = countStatements(db.client);
  const reflection = await reflect(counted, {
    changeEvents: { heartbeatMs: 0 },
    pgSettings: (context) => (context as Context).pg,
  });
  changes = reflection.changes;
  engine = createEngine({ schema: reflection.schema });
});
afterAll(async () => {
  await changes?.close();
});

async function subscribe(query: string, contextValue: Context): Promise<Stream> {
  const stream = await subscribeTo(engine, query, { contextValue });
  await changes?.listening;
  return stream;
}

describe('change events under row-level security', () => {
  it('delivers a created or updated row only to the subscribers its policy lets read it', async () => {
    const created = 'subscription { noteCreated { id body } }';
    const updated = 'subscription { noteUpdated { id body } }';
    const alice = await subscribe(created, as('alice'));
    const bob = await subscribe(created, as('bob'));
    const bobUpdated = await subscribe(updated, as('bob'));
    const toAlice = nextBody(alice);
    await db.client.query("INSERT INTO notes VALUES (10, 'alice', 'a10', 1)");
    expect(await toAlice).toBe('{"data":{"noteCreated":{"id":10,"body":"a10"}}}');
    expect(await nextBody(bob, 300)).toBe('timeout');
    const toBob = nextBody(bob);
    await db.client.query("INSERT INTO notes VALUES (11, 'bob', 'b11', 1)");
    expect(await toBob).toBe('{"data":{"noteCreated":{"id":11,"body":"b11"}}}');
    expect(await nextBody(alice, 300)).toBe('timeout');
    // An update of Alice's note says nothing to Bob; one of his, once.
    const bobsUpdate = nextBody(bobUpdated);
    await db.client.query("UPDATE notes SET body = 'a10 again' WHERE id = 10");
    await db.client.query("UPDATE notes SET body = 'b11 again' WHERE id = 11");
    expect(await bobsUpdate).toBe('{"data":{"noteUpdated":{"id":11,"body":"b11 again"}}}');
    expect(await nextBody(bobUpdated, 300)).toBe('timeout');
    await Promise.all([alice.return(), bob.return(), bobUpdated.return()]);
  });

  it('sends a subscriber whose role PostgreSQL refuses an error, and the others their rows', async () => {
    const query = 'subscription { noteCreated { id } }';
    const alice = await subscribe(query, as('alice'));
    const refused = await subscribe(query, { pg: { role: 'no such role"; DROP TABLE notes; --' } });
    const [toAlice, toRefused] = [nextBody(alice), nextBody(refused)];
    await db.client.query("INSERT INTO notes VALUES (12, 'alice', 'a12', 1)");
    expect(await toAlice).toBe('{"data":{"noteCreated":{"id":12}}}');
    const body = JSON.parse(await toRefused) as {
      data: unknown;
      errors: Array<{ extensions: { code: string } }>;
    };
    expect(body.data).toEqual({ noteCreated: null });
    expect(body.errors[0]?.extensions.code).toBe('SETTINGS_REJECTED');
    // Still open, and the role's text was a value, never SQL: the table is there.
    expect(await nextBody(refused, 300)).toBe('timeout');
    const rows = await db.client.query('SELECT count(*)::int FROM notes');
    expect(rows[0]?.[0]).toBeGreaterThan(0);
    await Promise.all([alice.return(), refused.return()]);
  });

  it('runs one statement per batch per role and claims, whatever the number of subscribers', async () => {
    const query = 'subscription { noteUpdated { id score } }';
    const perBatch = async (perUser: number) => {
      const streams = await Promise.all(
        ['alice', 'bob'].flatMap((sub) =>
          Array.from({ length: perUser }, () => subscribe(query, as(sub))),
        ),
      );
      // A first batch lets each group learn its parameters' types (once per group).
      let pending = streams.map((s) => nextBody(s));
      await db.client.query('UPDATE notes SET score = score + 1 WHERE id IN (1, 3)');
      await Promise.all(pending);
      const before = counted.statements.length;
      pending = streams.map((s) => nextBody(s));
      await db.client.query('UPDATE notes SET score = score + 1 WHERE id IN (1, 3)');
      const bodies = await Promise.all(pending);
      const ran = counted.statements.slice(before);
      await Promise.all(streams.map((s) => s.return()));
      return {
        statements: ran.filter((text) => text !== SETTINGS_TEXT).length,
        settings: ran.filter((text) => text === SETTINGS_TEXT).length,
        alice: new Set(bodies.slice(0, perUser)),
        bob: new Set(bodies.slice(perUser)),
      };
    };
    for (const perUser of [1, 20]) {
      const batch = await perBatch(perUser);
      expect(batch.statements).toBe(2);
      expect(batch.settings).toBe(2);
      expect(batch.alice.size).toBe(1);
      expect([...batch.alice][0]).toMatch(/^\{"data":\{"noteUpdated":\{"id":1,"score":\d+\}\}\}$/);
      expect(batch.bob.size).toBe(1);
      expect([...batch.bob][0]).toMatch(/^\{"data":\{"noteUpdated":\{"id":3,"score":\d+\}\}\}$/);
    }
  });
});
