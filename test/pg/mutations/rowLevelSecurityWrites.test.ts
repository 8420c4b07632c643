import { beforeAll, describe, expect, it } from 'vitest';
import { createEngine, ErrorCode, type Engine } from '../../../src/engine/index.js';
import type { QueryRows } from '../../../src/pg/driver/SqlClient.js';
import { reflect } from '../../../src/pg/reflect.js';
import type { ResponseBody } from '../support/engineRequest.js';
import {
  createRlsDatabase,
  memberContext,
  useRlsRoles,
  type RlsContext,
} from '../support/rlsDatabase.js';
import { useTestDatabase } from '../support/testDatabase.js';

/**
 * Mutations run as a role with row-level security and column privileges, each checked against
 * the same SQL run as that role (`asRole`, rolled back): what PostgreSQL lets the role do.
 */
const roles = useRlsRoles();
const MEMBER = roles.member;

const db = useTestDatabase(async (client) => {
  await createRlsDatabase(client, roles);
  await client.exec(`
    -- The member may read and write some columns of cards only.
    CREATE TABLE cards (
      id int PRIMARY KEY,
      title text NOT NULL,
      secret text NOT NULL DEFAULT 's'
    );
    INSERT INTO cards VALUES (1, 't1', 'x'), (2, 't2', 'y'), (3, 't3', 'z');
    GRANT SELECT (id, title), INSERT (id, title), UPDATE (title), DELETE ON cards TO ${MEMBER};
    -- A column the member may write but not read: a secret.
    CREATE TABLE accounts (id int PRIMARY KEY, name text NOT NULL, secret text);
    INSERT INTO accounts VALUES (1, 'a', 'old');
    GRANT SELECT (id, name), INSERT (id, name, secret), UPDATE (name, secret) ON accounts TO ${MEMBER};
  `);
});

let engine: Engine;

beforeAll(async () => {
  const { schema } = await reflect(db.client, {
    pgSettings: (context) => (context as RlsContext).pg,
  });
  engine = createEngine({ schema });
});

const alice = memberContext(roles, 'alice');

async function run(query: string, contextValue: RlsContext = alice): Promise<ResponseBody> {
  const prepared = engine.prepare(query);
  if (!prepared.ok) return JSON.parse(prepared.body) as ResponseBody;
  const outcome = await prepared.execute({
    contextValue,
    signal: new AbortController().signal,
  });
  return JSON.parse(outcome.body) as ResponseBody;
}

const ROLLBACK = new Error('rolled back');

/** `text` run as the member with Alice's claims, in a transaction rolled back: its rows. */
async function asRole(text: string): Promise<QueryRows> {
  let rows: QueryRows = [];
  const transaction = db.client.transaction?.bind(db.client);
  if (!transaction) throw new Error('the client has no transactions');
  await transaction(async (tx) => {
    await tx.query("SELECT set_config('request.jwt.claims', $1, true)", [
      JSON.stringify({ sub: 'alice', role: MEMBER }),
    ]);
    await tx.query(`SET LOCAL ROLE ${MEMBER}`);
    rows = await tx.query(text);
    throw ROLLBACK;
  }).catch((error: unknown) => {
    if (error !== ROLLBACK) throw error;
  });
  return rows;
}

describe('writes under column privileges', () => {
  it('deletes a row whose columns the role may read only in part, as DELETE … RETURNING does', async () => {
    // The oracle: the role may delete, and read back the columns it may select.
    expect(await asRole('DELETE FROM cards WHERE id = 1 RETURNING id, title')).toEqual([[1, 't1']]);
    expect(await run('mutation { deleteCard(id: 1) { id title } }')).toEqual({
      data: { deleteCard: { id: 1, title: 't1' } },
    });
    expect(await run('mutation { deleteCards(where: { id: { eq: 2 } }) { id } }')).toEqual({
      data: { deleteCards: [{ id: 2 }] },
    });
    expect(await db.client.query('SELECT id FROM cards ORDER BY id')).toEqual([[3]]);
    // A column it may not read is refused, as SQL refuses it, and nothing is deleted.
    await expect(
      asRole('DELETE FROM cards WHERE id = 3 RETURNING id, secret'),
    ).rejects.toMatchObject({
      code: '42501',
    });
    const refused = await run('mutation { deleteCard(id: 3) { id secret } }');
    expect(refused.errors?.[0]?.extensions).toMatchObject({
      code: ErrorCode.PERMISSION_DENIED,
      sqlState: '42501',
    });
    expect(await db.client.query('SELECT id FROM cards ORDER BY id')).toEqual([[3]]);
  });
});

describe('upserts under row-level security', () => {
  // Note 3 is Bob's: Alice cannot see it, so her upsert of key 3 meets a row she cannot read.
  const upsert = (update: string, body: string) => `mutation {
    first: createNote(input: { id: 20, ownerId: "alice", body: "new", score: 1 }) { id }
    second: createNote(
      input: { id: 3, ownerId: "alice", body: "${body}", score: 5 }
      onConflict: { constraint: NOTES_PKEY, update: [${update}] }
    ) { id body ownerId }
  }`;

  it('refuses an upsert whose conflicting row the role cannot see, changed or not, and writes nothing', async () => {
    // The oracle: updating the hidden row is refused; leaving it alone returns no row.
    await expect(
      asRole(
        "INSERT INTO notes VALUES (3, 'alice', 'hijack', 5) ON CONFLICT (id) DO UPDATE SET body = EXCLUDED.body RETURNING id",
      ),
    ).rejects.toMatchObject({ code: '42501' });
    expect(
      await asRole(
        "INSERT INTO notes VALUES (3, 'alice', 'b1', 5) ON CONFLICT (id) DO NOTHING RETURNING id",
      ),
    ).toEqual([]);
    // Whether the hidden row's body differs from the input (refused by PostgreSQL) or not, or the
    // upsert leaves existing rows alone: one answer, which says nothing of the hidden row's values.
    const answers = [];
    for (const [update, body] of [
      ['BODY', 'hijack'],
      ['BODY', 'b1'],
      ['', 'b1'],
    ] as const) {
      const refused = await run(upsert(update, body));
      expect(refused.data, `${update} ${body}`).toBeNull();
      expect(refused.errors?.[0]?.extensions, `${update} ${body}`).toMatchObject({
        code: ErrorCode.PERMISSION_DENIED,
        sqlState: '42501',
      });
      answers.push(refused);
    }
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    // Nothing written: neither the first field's row nor any change to Bob's.
    expect(await db.client.query('SELECT id, owner_id, body FROM notes ORDER BY id')).toEqual([
      [1, 'alice', 'a1'],
      [2, 'alice', 'a2'],
      [3, 'bob', 'b1'],
    ]);
  });

  it('still upserts the rows the role can see', async () => {
    const done = await run(`mutation {
      createNote(
        input: { id: 1, ownerId: "alice", body: "a1", score: 10 }
        onConflict: { constraint: NOTES_PKEY, update: [BODY] }
      ) { id body }
    }`);
    expect(done).toEqual({ data: { createNote: { id: 1, body: 'a1' } } });
  });
});

describe('known limits of writes under row-level security and privileges', () => {
  it('refuses a nested create whose child policy reads the parent it creates; two fields work', async () => {
    // A tag is visible (and, with no WITH CHECK of its own, may be written) when its note is.
    // The nested create is one statement: the tag's check does not see the note it inserts.
    const nested = await run(`mutation {
      createNote(input: { id: 40, ownerId: "alice", body: "n", score: 1, tags: [{ id: 40, label: "q" }] }) { id }
    }`);
    expect(nested.data).toBeNull();
    expect(nested.errors?.[0]?.extensions).toMatchObject({
      code: ErrorCode.PERMISSION_DENIED,
      sqlState: '42501',
    });
    expect(await db.client.query('SELECT id FROM notes WHERE id = 40')).toEqual([]);
    // Two root fields run one after the other in one transaction: the second sees the first.
    const twoFields = await run(`mutation {
      note: createNote(input: { id: 40, ownerId: "alice", body: "n", score: 1 }) { id }
      tags: createTags(input: [{ id: 40, noteId: 40, label: "q" }]) { id note { id } }
    }`);
    expect(twoFields).toEqual({
      data: { note: { id: 40 }, tags: [{ id: 40, note: { id: 40 } }] },
    });
  });

  it("needs SELECT on an upsert's update columns, which it compares; a plain update does not", async () => {
    const upsert = await run(`mutation {
      createAccount(
        input: { id: 1, name: "a", secret: "new" }
        onConflict: { constraint: ACCOUNTS_PKEY, update: [SECRET] }
      ) { id }
    }`);
    expect(upsert.errors?.[0]?.extensions).toMatchObject({
      code: ErrorCode.PERMISSION_DENIED,
      sqlState: '42501',
    });
    expect(await db.client.query('SELECT secret FROM accounts')).toEqual([['old']]);
    expect(await run('mutation { updateAccount(id: 1, set: { secret: "new" }) { id } }')).toEqual({
      data: { updateAccount: { id: 1 } },
    });
    expect(await db.client.query('SELECT secret FROM accounts')).toEqual([['new']]);
  });
});
