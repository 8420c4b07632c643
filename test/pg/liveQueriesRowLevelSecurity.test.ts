import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../../src/engine/index.js';
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
 * Live queries under row-level security: each subscriber's re-runs run with the role and claims
 * its context gives (`pgSettings`), so two users of one live document see their own rows, and
 * a write to one user's rows sends nothing to the other.
 */
const roles = useRlsRoles();
const db = useTestDatabase((client) => createRlsRealtimeDatabase(client, roles));
type Context = RlsContext;
const as = (sub: string): Context => memberContext(roles, sub);

let engine: Engine;
let changes: PgChanges | undefined;
beforeAll(async () => {
  const reflection = await reflect(db.client, {
    changeEvents: { heartbeatMs: 0 },
    pgSettings: (context) => (context as Context).pg,
  });
  changes = reflection.changes;
  engine = createEngine({ schema: reflection.schema });
});
afterAll(async () => {
  await changes?.close();
});

function subscribe(query: string, contextValue: Context): Promise<Stream> {
  return subscribeTo(engine, query, { contextValue });
}

describe('live queries under row-level security', () => {
  it('re-runs each subscriber as its own role and claims', async () => {
    const query = 'subscription { live { notes(orderBy: [{ id: ASC }]) { body } } }';
    const alice = await subscribe(query, as('alice'));
    const bob = await subscribe(query, as('bob'));
    expect(await nextBody(alice)).toBe('{"data":{"live":{"notes":[{"body":"a1"},{"body":"a2"}]}}}');
    expect(await nextBody(bob)).toBe('{"data":{"live":{"notes":[{"body":"b1"}]}}}');
    await db.client.query("UPDATE notes SET body = 'b1 again' WHERE id = 3");
    expect(await nextBody(bob)).toBe('{"data":{"live":{"notes":[{"body":"b1 again"}]}}}');
    expect(await nextBody(alice, 300)).toBe('timeout');
    await Promise.all([alice.return(), bob.return()]);
  });
});
