import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../support/testDatabase.js';
import { writeHarness, type WriteHarness } from './support.js';
import { setupWriteDatabase } from './writeSchema.js';

const db = useTestDatabase(setupWriteDatabase);
let h: WriteHarness;

beforeAll(async () => {
  h = await writeHarness(db.client);
});

beforeEach(async () => {
  await db.client.exec(
    'TRUNCATE customers, banking_relationships, contracts, transactions, tags, customer_tags RESTART IDENTITY CASCADE',
  );
});

const counts = async () =>
  (
    await h.rows(
      `SELECT (SELECT count(*) FROM customers)::int, (SELECT count(*) FROM banking_relationships)::int,
              (SELECT count(*) FROM contracts)::int, (SELECT count(*) FROM transactions)::int`,
    )
  )[0];

const CREATE = `mutation ($i: [CustomerInput!]!) { createCustomers(input: $i) { id } }`;

function batch(amountOf: (i: number) => string, emailOf: (i: number) => string) {
  return Array.from({ length: 50 }, (_, i) => ({
    name: `c${i}`,
    email: emailOf(i),
    bankingRelationships: [
      { kind: 'k', contracts: [{ title: 't', transactions: [{ amount: amountOf(i) }] }] },
    ],
  }));
}

describe('atomicity', () => {
  it('a batch of 50 whose 37th row breaks a unique key writes nothing and names that row', async () => {
    await h.run(`mutation { createCustomer(input: { name: "taken", email: "taken@x" }) { id } }`);
    const result = await h.run(CREATE, {
      i: batch(
        () => '1',
        (i) => (i === 36 ? 'taken@x' : `c${i}@x`),
      ),
    });
    expect(result.data).toBeNull();
    expect(result.errors).toHaveLength(1);
    expect(result.errors?.[0]).toMatchObject({
      path: ['createCustomers'],
      extensions: {
        code: 'UNIQUE_VIOLATION',
        constraint: 'customers_email_key',
        columns: ['email'],
        inputPath: ['createCustomers', 'input', 36],
      },
    });
    expect(await counts()).toEqual([1, 0, 0, 0]);
  });

  it('a batch of 50 whose 37th row breaks a check four levels down writes nothing and names the row', async () => {
    const result = await h.run(CREATE, {
      i: batch(
        (i) => (i === 36 ? '0' : '1'),
        (i) => `c${i}@x`,
      ),
    });
    expect(result.errors?.[0]?.extensions).toMatchObject({
      code: 'CHECK_VIOLATION',
      constraint: 'transactions_amount_nonzero',
      type: 'Transaction',
      inputPath: ['createCustomers', 'input', 36],
    });
    expect(await counts()).toEqual([0, 0, 0, 0]);
  });

  it('two rows of one batch with the same key: the second one is named', async () => {
    const result = await h.run(CREATE, {
      i: batch(
        () => '1',
        (i) => (i === 36 ? 'c3@x' : `c${i}@x`),
      ),
    });
    expect(result.errors?.[0]?.extensions?.['inputPath']).toEqual(['createCustomers', 'input', 36]);
    expect(await counts()).toEqual([0, 0, 0, 0]);
  });

  it('a failing later root field rolls back the earlier ones', async () => {
    const result = await h.run(`mutation {
      a: createCustomers(input: [{ name: "a", email: "a@x" }]) { id }
      b: updateCustomers(where: { name: { eq: "a" } }, set: { name: "b" }) { id }
      c: createCustomers(input: [{ name: "c", email: "a@x" }]) { id }
    }`);
    expect(result.data).toBeNull();
    const errors = result.errors ?? [];
    expect(errors.map((e) => e.extensions?.['code'])).toContain('UNIQUE_VIOLATION');
    expect(
      errors.find((e) => e.extensions?.['code'] === 'UNIQUE_VIOLATION')?.extensions,
    ).toMatchObject({
      inputPath: ['c', 'input', 0],
    });
    expect(await counts()).toEqual([0, 0, 0, 0]);
  });
});

describe('concurrent upserts', () => {
  const UPSERT = `mutation ($i: [CustomerInput!]!) {
    createCustomers(input: $i, onConflict: { constraint: CUSTOMERS_EMAIL_KEY, update: [NAME] }) { email name }
  }`;

  it('of the same new keys leave no duplicates and no error, each answered in full', async () => {
    for (const [first, second] of [
      ['same', 'same'],
      ['one', 'other'],
    ] as const) {
      await db.client.exec('TRUNCATE customers RESTART IDENTITY CASCADE');
      const emails = Array.from({ length: 20 }, (_, i) => `k${i}@x`);
      const run = (name: string, order: string[]) =>
        h.run(UPSERT, { i: order.map((email) => ({ name, email })) });
      const results = await Promise.all([
        run(first, emails),
        run(second, [...emails].reverse()),
        run(first, emails),
      ]);
      for (const result of results) {
        expect(result.errors).toBeUndefined();
        expect(result.data?.['createCustomers']).toHaveLength(20);
      }
      const rows = await h.rows('SELECT count(*)::int, count(DISTINCT email)::int FROM customers');
      expect(rows[0]).toEqual([20, 20]);
    }
  });
});
