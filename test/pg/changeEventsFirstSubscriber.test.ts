import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../../src/engine/index.js';
import { introspect } from '../../src/pg/catalog/introspect.js';
import { reflect } from '../../src/pg/reflect.js';
import { changeTriggersSql, triggerTables } from '../../src/pg/realtime/changeTriggersSql.js';
import type { PgChanges } from '../../src/pg/realtime/createPgChanges.js';
import { useTestDatabase } from './support/testDatabase.js';
import { nextBody, subscribeTo } from './support/subscriptionStream.js';

/**
 * The first change-event subscription of a process starts the LISTEN but does not wait for it
 * (the live feed does): a write committed once the subscription was handed back is not heard.
 */
const db = useTestDatabase(async (client) => {
  await client.exec(`CREATE TABLE notes (id serial PRIMARY KEY, body text NOT NULL);`);
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

describe('the first change-event subscription', () => {
  it('hears a write committed after subscribe() resolved', async () => {
    const created = await subscribeTo(engine, 'subscription { noteCreated { body } }');
    // No `await changes.listening`: a transport's client cannot wait for it either.
    const pending = nextBody(created, 3000);
    await db.client.query("INSERT INTO notes (body) VALUES ('first')");
    const body = await pending;
    await created.return();
    expect(body).toBe('{"data":{"noteCreated":{"body":"first"}}}');
  });
});
