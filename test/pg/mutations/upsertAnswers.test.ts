import { beforeAll, describe, expect, it } from 'vitest';
import { operationSourceFields } from '../../../src/pg/compile/operationSourceFields.js';
import { createPostgresClient } from '../../../src/pg/driver/createPostgresClient.js';
import type { SqlClient } from '../../../src/pg/driver/SqlClient.js';
import { useTestDatabase } from '../support/testDatabase.js';
import { writeHarness, type WriteHarness } from './support.js';
import { setupWriteDatabase } from './writeSchema.js';

// An upsert answers with the rows it wrote and the ones it left unchanged. The write statement
// passes their keys to the read-back; a row it could not see (a concurrent transaction inserted
// it after the statement's snapshot, and it already held the input's values, so no update
// returned it) has no key there, and the read-back finds it by the conflict columns. A row with
// a NULL in the conflict columns matches nothing by `=`: the write finds its key by its place
// among such rows.

const db = useTestDatabase(setupWriteDatabase);
const onServer = Boolean(process.env['DATABASE_URL']);

const UPSERT = `mutation ($i: [CustomerInput!]!) {
  createCustomers(input: $i, onConflict: { constraint: CUSTOMERS_BUSINESS_KEY_KEY, update: [NAME] }) {
    businessKey name
  }
}`;
const SEEN = '00000002-0000-4000-8000-000000000001';
const UNSEEN = '00000002-0000-4000-8000-000000000002';

let h: WriteHarness;
beforeAll(async () => {
  h = await writeHarness(db.client);
});

describe('an upsert whose write could not see a row', () => {
  it('reads it back by its conflict columns when its key is missing, in input order', async () => {
    const input = [
      { businessKey: UNSEEN, name: 'unseen' },
      { businessKey: SEEN, name: 'seen' },
    ];
    await h.rows(
      `INSERT INTO customers (business_key, name) VALUES ('${UNSEEN}', 'unseen'), ('${SEEN}', 'seen')`,
    );
    const [[seenId]] = (await h.rows(
      `SELECT id FROM customers WHERE business_key = '${SEEN}'`,
    )) as [[number]];
    const {
      request,
      source,
      variables: coerced,
    } = operationSourceFields(h.reflection.schema, UPSERT, { variables: { i: input } });
    const [, readBack] = source!.prepareMutations(request, coerced)[0]!.statements();
    // The keys as the write stores them when it saw the second row only: NULL for the first.
    const rows = await db.client.transaction!(async (tx) => {
      await tx.query(`SELECT set_config('sluice.keys0', $1, true)`, [`{NULL,${seenId}}`]);
      return tx.query(readBack!.text, readBack!.values);
    });
    // A read-back of columns alone is one row, the list's JSON.
    expect(rows).toHaveLength(1);
    expect(JSON.parse(String(rows[0]![0]))).toEqual([
      { businessKey: UNSEEN, name: 'unseen' },
      { businessKey: SEEN, name: 'seen' },
    ]);
  });

  // PGlite has one connection: no transaction runs beside another there.
  if (!onServer) return;
  it('answers a row a concurrent transaction inserted with the same values while the upsert waited', async () => {
    const key = '00000002-0000-4000-8000-000000000003';
    const other = createPostgresClient(db.url!, { max: 1 });
    const watcher = createPostgresClient(db.url!, { max: 1 });
    let commit!: () => void;
    const held = new Promise<void>((resolve) => (commit = resolve));
    let inserted!: () => void;
    const insertedYet = new Promise<void>((resolve) => (inserted = resolve));
    const concurrent = other.transaction!(async (tx) => {
      await tx.query(`INSERT INTO customers (business_key, name) VALUES ($1, 'same')`, [key]);
      inserted();
      await held;
    });
    try {
      // Or the other transaction's error, should its INSERT fail.
      await Promise.race([insertedYet, concurrent]);
      const upsert = h.run(UPSERT, {
        i: [
          { businessKey: key, name: 'same' },
          { businessKey: '00000002-0000-4000-8000-000000000004', name: 'new' },
        ],
      });
      // The upsert waits on the uncommitted row's key; then the other transaction commits.
      await waitForLockWait(watcher);
      commit();
      await concurrent;
      const result = await upsert;
      expect(result.errors).toBeUndefined();
      expect(result.data?.['createCustomers']).toEqual([
        { businessKey: key, name: 'same' },
        { businessKey: '00000002-0000-4000-8000-000000000004', name: 'new' },
      ]);
    } finally {
      // Also when the test failed before: the other transaction must end for its client to.
      commit();
      await concurrent.catch(() => undefined);
      await other.end();
      await watcher.end();
    }
  });
});

describe("an upsert's rows with a NULL in the conflict key", () => {
  it('answers rows whose conflict column is NULL (they never conflict: each is inserted) in input order', async () => {
    const NULLABLE = `mutation ($i: [CustomerInput!]!) {
      createCustomers(input: $i, onConflict: { constraint: CUSTOMERS_EMAIL_KEY, update: [NAME] }) {
        name email
      }
    }`;
    await h.rows(`INSERT INTO customers (name, email) VALUES ('old', 'kept@x')`);
    const input = [
      { name: 'no email 1', email: null },
      { name: 'renamed', email: 'kept@x' },
      { name: 'no email 2', email: null },
      { name: 'new', email: 'new@x' },
      { name: 'no email 3', email: null },
    ];
    const result = await h.run(NULLABLE, { i: input });
    expect(result.errors).toBeUndefined();
    expect(result.data?.['createCustomers']).toEqual(input);
    expect(
      await h.rows(
        `SELECT name FROM customers WHERE email IS NULL AND name LIKE 'no email%' ORDER BY id`,
      ),
    ).toEqual([['no email 1'], ['no email 2'], ['no email 3']]);
  });

  it('creates the nested rows of a row whose conflict key is NULL under that row', async () => {
    const result = await h.run(
      `mutation ($i: [CustomerInput!]!) {
        createCustomers(input: $i, onConflict: { constraint: CUSTOMERS_EMAIL_KEY, update: [NAME] }) {
          name bankingRelationships { kind }
        }
      }`,
      {
        i: [
          { name: 'nested 1', email: null, bankingRelationships: [{ kind: 'k1' }] },
          { name: 'nested 2', email: 'nested@x', bankingRelationships: [{ kind: 'k2' }] },
          { name: 'nested 3', email: null, bankingRelationships: [{ kind: 'k3' }] },
        ],
      },
    );
    expect(result.errors).toBeUndefined();
    expect(result.data?.['createCustomers']).toEqual([
      { name: 'nested 1', bankingRelationships: [{ kind: 'k1' }] },
      { name: 'nested 2', bankingRelationships: [{ kind: 'k2' }] },
      { name: 'nested 3', bankingRelationships: [{ kind: 'k3' }] },
    ]);
    expect(
      await h.rows(
        `SELECT c.name, b.kind FROM banking_relationships b JOIN customers c ON c.id = b.customer_id
         WHERE c.name LIKE 'nested %' ORDER BY c.name`,
      ),
    ).toEqual([
      ['nested 1', 'k1'],
      ['nested 2', 'k2'],
      ['nested 3', 'k3'],
    ]);
  });

  it('matches no row rather than a wrong one when a NULL key conflicted (a NULLS NOT DISTINCT constraint)', async () => {
    await db.client.exec(
      `CREATE TABLE pairs (
         id integer GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
         a integer, b integer, note text NOT NULL,
         CONSTRAINT pairs_a_b_key UNIQUE NULLS NOT DISTINCT (a, b));
       INSERT INTO pairs (a, b, note) VALUES (1, NULL, 'same')`,
    );
    const own = await writeHarness(db.client);
    // (1, NULL) conflicts and is left unchanged (not returned); the others are inserted. The
    // insert takes the rows by key, so numbering them by position would pair (1, NULL) with
    // (2, NULL)'s row and (2, NULL) with (3, NULL)'s.
    const input = [
      { a: 3, b: null, note: 'third' },
      { a: 1, b: null, note: 'same' },
      { a: 2, b: null, note: 'second' },
      { a: 4, b: 4, note: 'keyed' },
    ];
    const result = await own.run(
      `mutation ($i: [PairInput!]!) {
        createPairs(input: $i, onConflict: { constraint: PAIRS_A_B_KEY, update: [NOTE] }) { a b note }
      }`,
      { i: input },
    );
    expect(result.errors).toBeUndefined();
    // None of the NULL-keyed rows is matched by position (one was not returned), so they are
    // left out of the answer; what it holds are input rows' own values, in input order.
    const answered = result.data?.['createPairs'] as Array<Record<string, unknown>>;
    expect(answered).toEqual([input[3]]);
    expect(await h.rows(`SELECT a, b, note FROM pairs ORDER BY a`)).toEqual([
      [1, null, 'same'],
      [2, null, 'second'],
      [3, null, 'third'],
      [4, 4, 'keyed'],
    ]);
  });
});

/** Resolves once a backend of this database waits for a lock (bounded: fails after 3 s). */
async function waitForLockWait(client: SqlClient): Promise<void> {
  for (let i = 0; i < 60; i++) {
    const [[count]] = (await client.query(
      `SELECT count(*)::int FROM pg_stat_activity
       WHERE datname = current_database() AND wait_event_type = 'Lock'`,
    )) as [[number]];
    if (count > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the upsert never waited for the concurrent insert');
}
