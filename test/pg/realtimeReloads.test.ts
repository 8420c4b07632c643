import { afterAll, describe, expect, it } from 'vitest';
import { createEngine } from '../../src/engine/index.js';
import { introspect } from '../../src/pg/catalog/introspect.js';
import { reflect } from '../../src/pg/reflect.js';
import { changeTriggersSql, triggerTables } from '../../src/pg/realtime/changeTriggersSql.js';
import { createPgChanges, type PgChanges } from '../../src/pg/realtime/createPgChanges.js';
import { useTestDatabase } from './support/testDatabase.js';
import { nextBody, subscribeTo } from './support/subscriptionStream.js';

/**
 * One LISTEN shared by every schema a reload reflects (`sluice serve --watch`): the change feed
 * and the live feed of a schema listen to it only while they have subscribers, so that the
 * schemas a reload replaced (their model, their cached statements) are not kept for good by the
 * shared LISTEN once their last subscription ended.
 */
const db = useTestDatabase(async (client) => {
  await client.exec(`
    CREATE TABLE posts (id serial PRIMARY KEY, title text NOT NULL);
    INSERT INTO posts (title) VALUES ('first');
  `);
  const catalog = await introspect(client, ['public']);
  await client.exec(changeTriggersSql(triggerTables(catalog.tables).tables, 'public'));
});

let shared: PgChanges | undefined;
afterAll(async () => {
  await shared?.close();
});

describe('change events across schema reloads', () => {
  it('releases the listeners of a schema whose subscriptions all ended', async () => {
    shared = createPgChanges(db.client, { heartbeatMs: 0 });
    const inner = shared;
    let listeners = 0;
    // The shared LISTEN, counting the listeners the feeds hold on it.
    const changes: PgChanges = {
      listening: inner.listening,
      close: () => inner.close(),
      subscribe(listener) {
        listeners++;
        const off = inner.subscribe(listener);
        let on = true;
        return () => {
          if (on) listeners--;
          on = false;
          off();
        };
      },
    };
    for (let reload = 0; reload < 5; reload++) {
      const { schema } = await reflect(db.client, { changeEvents: changes });
      const engine = createEngine({ schema });
      const created = await subscribeTo(engine, 'subscription { postCreated { id title } }');
      const live = await subscribeTo(engine, 'subscription { live { posts { title } } }');
      expect(await nextBody(live)).toBe('{"data":{"live":{"posts":[{"title":"first"}]}}}');
      await created.return();
      await live.return();
    }
    expect(listeners).toBe(0);
  });
});
