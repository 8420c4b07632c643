import { expect, it } from 'vitest';
import { createEngine } from '../../src/engine/index.js';
import { createPgClient } from '../../src/pg/driver/createPgClient.js';
import { reflect } from '../../src/pg/reflect.js';
import { createHandler } from '../../src/server/createHandler.js';
import { send } from '../../src/server/__fixtures__/testServer.js';
import { createTestDatabase } from './support/testDatabase.js';

/**
 * A mutation answered 504 (timeoutMs) whose transaction still commits (node-postgres cannot
 * cancel a running statement) must still invalidate what it wrote.
 */
it('a timed-out mutation that committed invalidates', async () => {
  if (!process.env['DATABASE_URL']) return; // node-postgres, which PGlite is not: a server only
  const db = await createTestDatabase();
  await db.client.exec(`
    CREATE TABLE notes (id serial PRIMARY KEY, label text NOT NULL);
    INSERT INTO notes (label) VALUES ('old');
    CREATE FUNCTION slow() RETURNS trigger LANGUAGE plpgsql AS
      $$ BEGIN PERFORM pg_sleep(0.5); RETURN NEW; END $$;
    CREATE TRIGGER slow BEFORE UPDATE ON notes FOR EACH ROW EXECUTE FUNCTION slow();
  `);
  const client = createPgClient(db.url!);
  try {
    const engine = createEngine({ schema: (await reflect(client)).schema });
    const handle = createHandler({
      engine,
      csrf: false,
      timeoutMs: 200,
      cache: { fields: { 'Query.notes': 60 }, admission: 'all' },
    });
    const ask = async () => (await send(handle, { json: { query: '{ notes { label } }' } })).json;
    expect(await ask()).toEqual({ data: { notes: [{ label: 'old' }] } });
    const mutation = Object.keys(engine.schema.getMutationType()!.getFields()).find(
      (f) => f === 'updateNotes',
    );
    const res = await send(handle, {
      json: {
        query: `mutation { ${mutation}(where: { id: { eq: 1 } }, set: { label: "new" }) { id } }`,
      },
    });
    expect(res.status).toBe(504);
    await new Promise((resolve) => setTimeout(resolve, 1000)); // the transaction commits meanwhile
    expect(await db.client.query('SELECT label FROM notes')).toEqual([['new']]);
    expect(await ask()).toEqual({ data: { notes: [{ label: 'new' }] } });
  } finally {
    await client.end();
    await db.drop();
  }
});
