import { describe, expect, it } from 'vitest';
import { useChangeEventsDatabase } from './support/changeEventsDatabase.js';
import { nextBody, subscribeTo } from './support/subscriptionStream.js';

/**
 * Subscribers of one shape share one multiplexed statement. One whose variables PostgreSQL
 * refuses (a LIKE pattern ending in its escape character) makes that statement fail; the other
 * subscribers of the shape must still get their rows, not its error.
 */
const { db, engine, changes } = useChangeEventsDatabase(`
    CREATE TABLE posts (id serial PRIMARY KEY, title text NOT NULL);
    INSERT INTO posts (title) VALUES ('hello');
  `);

describe("one subscriber's bad variables", () => {
  it("do not break another subscriber's change events", async () => {
    const query =
      'subscription ($p: String) { postCreated(where: { title: { like: $p } }) { title } }';
    const good = await subscribeTo(engine(), query, { variables: { p: 'he%' } });
    const bad = await subscribeTo(engine(), query, { variables: { p: '%\\' } });
    await changes()?.listening;
    const pending = nextBody(good, 3000);
    await db.client.query("INSERT INTO posts (title) VALUES ('hey')");
    const body = await pending;
    await Promise.all([good.return(), bad.return()]);
    expect(body).toBe('{"data":{"postCreated":{"title":"hey"}}}');
  });

  it("do not break another subscriber's live query", async () => {
    const query =
      'subscription ($p: String) { live { posts(where: { title: { like: $p } }) { title } } }';
    const good = await subscribeTo(engine(), query, { variables: { p: 'hel%' } });
    const bad = await subscribeTo(engine(), query, { variables: { p: '%\\' } });
    const first = await nextBody(good, 3000);
    await Promise.all([good.return(), bad.return()]);
    expect(first).toBe('{"data":{"live":{"posts":[{"title":"hello"}]}}}');
  });
});
