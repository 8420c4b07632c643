import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../../src/engine/index.js';
import { introspect } from '../../src/pg/catalog/introspect.js';
import { reflect } from '../../src/pg/reflect.js';
import { changeTriggersSql, triggerTables } from '../../src/pg/realtime/changeTriggersSql.js';
import type { PgChanges } from '../../src/pg/realtime/createPgChanges.js';
import { useTestDatabase } from './support/testDatabase.js';
import { nextBody, subscribeTo } from './support/subscriptionStream.js';

/**
 * Subscribers of one shape share one multiplexed statement. A subscriber whose variables make
 * PostgreSQL fail (a LIKE pattern ending in the escape character, which Sluice does not check)
 * makes that statement fail for every subscriber of the shape: they get error events instead
 * of their rows, for as long as it stays subscribed.
 */
const db = useTestDatabase(async (client) => {
  await client.exec(`
    CREATE TABLE posts (id serial PRIMARY KEY, title text NOT NULL);
    INSERT INTO posts (title) VALUES ('hello');
  `);
  const catalog = await introspect(client, ['public']);
  await client.exec(changeTriggersSql(triggerTables(catalog.tables).tables, 'public'));
});

let engine: Engine;
let changes: PgChanges | undefined;
beforeAll(async () => {
  const reflection = await reflect(db.client, { changeEvents: { heartbeatMs: 0 } });
  changes = reflection.changes;
  engine = createEngine({ schema: reflection.schema });
});
afterAll(async () => {
  await changes?.close();
});

describe("one subscriber's bad variables", () => {
  it("do not break another subscriber's change events", async () => {
    const query =
      'subscription ($p: String) { postCreated(where: { title: { like: $p } }) { title } }';
    const good = await subscribeTo(engine, query, { variables: { p: 'he%' } });
    const bad = await subscribeTo(engine, query, { variables: { p: '%\\' } });
    await changes?.listening;
    const pending = nextBody(good, 3000);
    await db.client.query("INSERT INTO posts (title) VALUES ('hey')");
    const body = await pending;
    await Promise.all([good.return(), bad.return()]);
    expect(body).toBe('{"data":{"postCreated":{"title":"hey"}}}');
  });

  it("do not break another subscriber's live query", async () => {
    const query =
      'subscription ($p: String) { live { posts(where: { title: { like: $p } }) { title } } }';
    const good = await subscribeTo(engine, query, { variables: { p: 'hel%' } });
    const bad = await subscribeTo(engine, query, { variables: { p: '%\\' } });
    const first = await nextBody(good, 3000);
    await Promise.all([good.return(), bad.return()]);
    expect(first).toBe('{"data":{"live":{"posts":[{"title":"hello"}]}}}');
  });
});
