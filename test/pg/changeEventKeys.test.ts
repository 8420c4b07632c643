import { describe, expect, it } from 'vitest';
import { useChangeEventsDatabase } from './support/changeEventsDatabase.js';
import { nextBody, subscribeTo } from './support/subscriptionStream.js';

/**
 * A bigint (or numeric) primary key above 2^53 must reach the event statement and a deleted
 * event as it is stored: parsed as a JSON number in Node, it would come back rounded.
 */
const { db, engine, changes } = useChangeEventsDatabase(`
    CREATE TABLE items (id bigint PRIMARY KEY, name text NOT NULL);
  `);

describe('change events with bigint keys above 2^53', () => {
  it('delivers the created row', async () => {
    const created = await subscribeTo(engine(), 'subscription { itemCreated { id name } }');
    await changes()?.listening;
    const pending = nextBody(created, 3000);
    await db.client.query("INSERT INTO items (id, name) VALUES (9007199254740993, 'snowflake')");
    const body = await pending;
    await created.return();
    expect(body).toContain('snowflake');
  });

  it('delivers the deleted key exactly', async () => {
    await db.client.query("INSERT INTO items (id, name) VALUES (1234567890123456789, 'x')");
    const deleted = await subscribeTo(engine(), 'subscription { itemDeleted { id } }');
    await changes()?.listening;
    const pending = nextBody(deleted, 3000);
    await db.client.query('DELETE FROM items WHERE id = 1234567890123456789');
    const body = await pending;
    await deleted.return();
    expect(body).toContain('1234567890123456789');
  });
});
