import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../../src/engine/index.js';
import { introspect } from '../../src/pg/catalog/introspect.js';
import { reflect } from '../../src/pg/reflect.js';
import { changeTriggersSql, triggerTables } from '../../src/pg/realtime/changeTriggersSql.js';
import type { PgChanges } from '../../src/pg/realtime/createPgChanges.js';
import { useTestDatabase } from './support/testDatabase.js';
import { nextBody, subscribeTo } from './support/subscriptionStream.js';

/**
 * A bigint (or numeric) primary key above 2^53 goes through JSON.parse in createPgChanges and
 * comes back rounded: the event statement then looks up the wrong key.
 */
const db = useTestDatabase(async (client) => {
  await client.exec(`
    CREATE TABLE items (id bigint PRIMARY KEY, name text NOT NULL);
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

describe('change events with bigint keys above 2^53', () => {
  it('delivers the created row', async () => {
    const created = await subscribeTo(engine, 'subscription { itemCreated { id name } }');
    await changes?.listening;
    const pending = nextBody(created, 3000);
    await db.client.query("INSERT INTO items (id, name) VALUES (9007199254740993, 'snowflake')");
    const body = await pending;
    await created.return();
    expect(body).toContain('snowflake');
  });

  it('delivers the deleted key exactly', async () => {
    await db.client.query("INSERT INTO items (id, name) VALUES (1234567890123456789, 'x')");
    const deleted = await subscribeTo(engine, 'subscription { itemDeleted { id } }');
    await changes?.listening;
    const pending = nextBody(deleted, 3000);
    await db.client.query('DELETE FROM items WHERE id = 1234567890123456789');
    const body = await pending;
    await deleted.return();
    expect(body).toContain('1234567890123456789');
  });
});
