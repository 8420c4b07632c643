import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine, type ExecuteOutcome } from '../../src/engine/index.js';
import { introspect } from '../../src/pg/catalog/introspect.js';
import { countStatements } from '../../src/pg/driver/countStatements.js';
import { createReplicatedClient } from '../../src/pg/driver/createReplicatedClient.js';
import { changeTriggersSql, triggerTables } from '../../src/pg/realtime/changeTriggersSql.js';
import type { PgChanges } from '../../src/pg/realtime/createPgChanges.js';
import { reflect } from '../../src/pg/reflect.js';
import { useTestDatabase } from './support/testDatabase.js';

/**
 * With read replicas, a change event's row and a live query's re-run are read on the primary: the
 * notification comes at the primary's commit, which a replica may not have replayed yet. The
 * "replica" here is the same database through a client that records what it is asked, so that
 * the test sees where each statement went.
 */
const db = useTestDatabase(async (client) => {
  await client.exec('CREATE TABLE posts (id serial PRIMARY KEY, title text NOT NULL)');
  const catalog = await introspect(client, ['public']);
  await client.exec(changeTriggersSql(triggerTables(catalog.tables).tables, 'public'));
});

let engine: Engine;
let replica: ReturnType<typeof countStatements>;
let primary: ReturnType<typeof countStatements>;
let changes: PgChanges | undefined;
beforeAll(async () => {
  replica = countStatements(db.client);
  primary = countStatements(db.client);
  const client = createReplicatedClient(primary, [replica]);
  const reflection = await reflect(client, { changeEvents: { heartbeatMs: 0 } });
  changes = reflection.changes;
  engine = createEngine({ schema: reflection.schema });
});
afterAll(async () => {
  await changes?.close();
});

async function subscribe(query: string): Promise<AsyncGenerator<ExecuteOutcome, void, void>> {
  const prepared = engine.prepare(query);
  if (!prepared.ok) throw new Error(prepared.body);
  const stream = await prepared.subscribe();
  if (!(Symbol.asyncIterator in stream)) throw new Error(stream.body);
  return stream;
}

describe('change events and live queries with read replicas', () => {
  it('read on the primary, never on a replica', async () => {
    const live = await subscribe('subscription { live { posts { title } } }');
    const created = await subscribe('subscription { postCreated { title } }');
    expect((await live.next()).value?.body).toBe('{"data":{"live":{"posts":[]}}}');
    const fromReplica = replica.statements.length;
    const pendingLive = live.next();
    const pendingCreated = created.next();
    await db.client.query("INSERT INTO posts (title) VALUES ('new')");
    expect((await pendingCreated).value?.body).toBe('{"data":{"postCreated":{"title":"new"}}}');
    expect((await pendingLive).value?.body).toBe('{"data":{"live":{"posts":[{"title":"new"}]}}}');
    expect(replica.statements.slice(fromReplica)).toEqual([]);
    // The live query's first read and its re-run, and the event's fetch.
    expect(primary.statements.filter((s) => s.includes('"sluice_m"'))).toHaveLength(3);
    await Promise.all([live.return(), created.return()]);
  });
});
