import { describe, expect, it } from 'vitest';
import { useChangeEventsDatabase } from './support/changeEventsDatabase.js';
import { nextBody, subscribeTo } from './support/subscriptionStream.js';

/**
 * The first change-event subscription of a process starts the LISTEN: a write committed once
 * the subscription was handed back must be heard (a client of a transport cannot wait for the
 * LISTEN itself). PGlite delivers in process and hides the race; a server shows it.
 */
const { db, engine } = useChangeEventsDatabase(
  `CREATE TABLE notes (id serial PRIMARY KEY, body text NOT NULL);`,
);

describe('the first change-event subscription', () => {
  it('hears a write committed after subscribe() resolved', async () => {
    const created = await subscribeTo(engine(), 'subscription { noteCreated { body } }');
    // No `await changes.listening`: a transport's client cannot wait for it either.
    const pending = nextBody(created, 3000);
    await db.client.query("INSERT INTO notes (body) VALUES ('first')");
    const body = await pending;
    await created.return();
    expect(body).toBe('{"data":{"noteCreated":{"body":"first"}}}');
  });
});
