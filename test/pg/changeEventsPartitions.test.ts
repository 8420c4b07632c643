import { describe, expect, it } from 'vitest';
import { introspect } from '../../src/pg/catalog/introspect.js';
import {
  changeTriggersSql,
  dropChangeTriggersSql,
  triggerTables,
} from '../../src/pg/realtime/changeTriggersSql.js';
import { useChangeEventsDatabase } from './support/changeEventsDatabase.js';
import { nextBody, subscribeTo } from './support/subscriptionStream.js';

/**
 * A partitioned table (the rows live in its partitions): `sluice db triggers` on every table
 * installs, twice over, and removes; a write to a partition reaches the subscribers of the
 * partitioned table's fields and of the partition's own, and re-runs a live query of either.
 * (The file's database gets the triggers the same way, partitions listed after their table;
 * the test applies them again with the partition first.)
 */
const { db, engine, changes } = useChangeEventsDatabase(`
  CREATE TABLE events (id int NOT NULL, at date NOT NULL, title text NOT NULL,
                       PRIMARY KEY (id, at)) PARTITION BY RANGE (at);
  CREATE TABLE events_2026 PARTITION OF events FOR VALUES FROM ('2026-01-01') TO ('2027-01-01');
`);

describe('change events of a partitioned table', () => {
  it('installs on every table in any order, and delivers a partition write to both', async () => {
    const catalog = await introspect(db.client, ['public']);
    const tables = triggerTables(catalog.tables).tables;
    expect(tables.map((t) => t.name).sort()).toEqual(['events', 'events_2026']);
    // Again, and with the partition first: still installs.
    await db.client.exec(changeTriggersSql([...tables].reverse(), 'public'));
    await db.client.exec(changeTriggersSql(tables, 'public'));
    const parent = await subscribeTo(engine(), 'subscription { eventCreated { id title } }');
    const leaf = await subscribeTo(engine(), 'subscription { events2026Created { id title } }');
    const live = await subscribeTo(engine(), 'subscription { live { events { title } } }');
    await changes()?.listening;
    expect(await nextBody(live)).toBe('{"data":{"live":{"events":[]}}}');
    const toParent = nextBody(parent);
    const toLeaf = nextBody(leaf);
    const toLive = nextBody(live);
    await db.client.query("INSERT INTO events VALUES (1, '2026-05-01', 'may')");
    expect(await toParent).toBe('{"data":{"eventCreated":{"id":1,"title":"may"}}}');
    expect(await toLeaf).toBe('{"data":{"events2026Created":{"id":1,"title":"may"}}}');
    expect(await toLive).toBe('{"data":{"live":{"events":[{"title":"may"}]}}}');
    await Promise.all([parent.return(), leaf.return(), live.return()]);
    // And removes, in either order.
    await db.client.exec(dropChangeTriggersSql([...tables].reverse(), 'public', false));
    await db.client.exec(changeTriggersSql(tables, 'public'));
    await db.client.exec(dropChangeTriggersSql(tables, 'public', true));
    const left = await db.client.query(
      "SELECT count(*)::int FROM pg_trigger WHERE tgname = 'sluice_changes'",
    );
    expect(left[0]?.[0]).toBe(0);
  });
});
