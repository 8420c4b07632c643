import { beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../support/testDatabase.js';
import { writeHarness, type WriteHarness } from './support.js';
import { setupWriteDatabase } from './writeSchema.js';

const db = useTestDatabase(setupWriteDatabase);
let h: WriteHarness;

beforeAll(async () => {
  h = await writeHarness(db.client);
});

/** A customer whose input graph is `depth` levels deep (1: the customer alone). */
function customer(n: number, depth: number): Record<string, unknown> {
  const transactions = [{ amount: `${n}.25` }, { amount: '-1' }];
  const contract = { title: `c${n}`, ...(depth >= 4 ? { transactions } : {}) };
  const relationship = { kind: `k${n}`, ...(depth >= 3 ? { contracts: [contract] } : {}) };
  return { name: `n${n}`, ...(depth >= 2 ? { bankingRelationships: [relationship] } : {}) };
}

const CREATE = `mutation ($i: [CustomerInput!]!) {
  createCustomers(input: $i) {
    id name
    bankingRelationships { kind contracts { title transactions { amount } } }
  }
}`;

async function statementsFor(query: string, variables: Record<string, unknown>) {
  h.counting.statements.length = 0;
  const result = await h.run(query, variables);
  expect(result.errors).toBeUndefined();
  return { count: h.counting.statements.length, result };
}

describe('statements per mutation root field', () => {
  it('is the same for batches of 1, 10 and 100 rows, and for input graphs 1 to 4 levels deep', async () => {
    const counts: number[] = [];
    let next = 0;
    for (const depth of [1, 2, 3, 4]) {
      for (const size of [1, 10, 100]) {
        const input = Array.from({ length: size }, () => customer(next++, depth));
        const { count, result } = await statementsFor(CREATE, { i: input });
        counts.push(count);
        const created = result.data?.['createCustomers'] as Array<Record<string, unknown>>;
        expect(created).toHaveLength(size);
        // The rows came back, with their graph, under the right parents.
        const first = input[0] as { name: string };
        expect(created[0]?.['name']).toBe(first.name);
        const relationships = created[0]?.['bankingRelationships'] as unknown[];
        expect(relationships).toHaveLength(depth >= 2 ? 1 : 0);
      }
    }
    // A write and a read-back per field, whatever the batch and the depth.
    expect(counts).toEqual(Array.from({ length: 12 }, () => 2));
    const total = await h.rows('SELECT count(*)::int FROM transactions');
    expect(total[0]?.[0]).toBe(2 * 111);
  });

  it('is the same for upserts, updates and deletes of 1, 10 and 100 rows', async () => {
    for (const size of [1, 10, 100]) {
      const emails = Array.from({ length: size }, (_, i) => `u${size}-${i}@x`);
      const upsert = await statementsFor(
        `mutation ($i: [CustomerInput!]!) {
          createCustomers(input: $i, onConflict: { columns: [EMAIL], update: [NAME] }) { email bankingRelationships { kind } }
        }`,
        { i: emails.map((email) => ({ name: 'u', email, bankingRelationships: [{ kind: 'k' }] })) },
      );
      const update = await statementsFor(
        `mutation ($e: [String!]) { updateCustomers(where: { email: { in: $e } }, increment: { visits: 1 }) { email bankingRelationships { kind } } }`,
        { e: emails },
      );
      const updateAlone = await statementsFor(
        `mutation ($e: [String!]) { updateCustomers(where: { email: { in: $e } }, increment: { visits: 1 }) { email visits } }`,
        { e: emails },
      );
      expect(updateAlone.count).toBe(1);
      // The rows as the update left them, in primary key order.
      const updated = updateAlone.result.data?.['updateCustomers'];
      const stored = await h.rows(
        `SELECT email, visits FROM customers WHERE email LIKE 'u${size}-%' ORDER BY id`,
      );
      expect(updated).toEqual(stored.map(([email, visits]) => ({ email, visits })));
      const remove = await statementsFor(
        `mutation ($e: [String!]) { deleteCustomers(where: { email: { in: $e } }) { email bankingRelationships { kind } } }`,
        { e: emails },
      );
      expect([upsert.count, update.count, remove.count]).toEqual([2, 2, 1]);
      expect(remove.result.data?.['deleteCustomers']).toHaveLength(size);
    }
  });

  it('is one statement for a create of one level whose selection reads the created rows alone, for batches of 1, 10 and 100; two for graphs 4 levels deep', async () => {
    const counts: number[] = [];
    let next = 2000;
    for (const depth of [1, 4]) {
      for (const size of [1, 10, 100]) {
        const input = Array.from({ length: size }, () => customer(next++, depth));
        const { count, result } = await statementsFor(
          `mutation ($i: [CustomerInput!]!) { createCustomers(input: $i) { id name } }`,
          { i: input },
        );
        counts.push(count);
        const created = result.data?.['createCustomers'] as Array<Record<string, unknown>>;
        expect(created.map((c) => c['name'])).toEqual(input.map((c) => c['name']));
        // Each answer row is the row the database holds under its key.
        const stored = await h.rows(
          `SELECT id, name FROM customers WHERE id IN (${created.map((c) => Number(c['id'])).join(',')}) ORDER BY id`,
        );
        expect(stored.map(([id, name]) => [Number(id), name])).toEqual(
          created
            .map((c) => [Number(c['id']), c['name']])
            .sort((a, b) => Number(a[0]) - Number(b[0])),
        );
      }
    }
    // A nested create keeps its read-back (a trigger below may change the root rows).
    expect(counts).toEqual([1, 1, 1, 2, 2, 2]);
  });

  it('adds up per root field: create, update and delete in one transaction are five statements', async () => {
    const { count } = await statementsFor(
      `mutation ($i: [CustomerInput!]!) {
        a: createCustomers(input: $i) { id bankingRelationships { kind } }
        b: updateCustomers(where: { name: { eq: "n0" } }, set: { name: "m" }) { id bankingRelationships { kind } }
        c: deleteCustomers(where: { name: { eq: "m" } }) { id }
      }`,
      { i: [customer(1000, 4)] },
    );
    // A write and a read-back for the create and the update, the delete alone.
    expect(count).toBe(5);
    // With selections of their rows alone, the create and the update answer by themselves.
    const alone = await statementsFor(
      `mutation ($i: [CustomerInput!]!) {
        a: createCustomers(input: $i) { id }
        b: updateCustomers(where: { name: { eq: "n1001" } }, set: { name: "m1" }) { id }
        c: deleteCustomers(where: { name: { eq: "m1" } }) { id }
      }`,
      { i: [customer(1001, 1)] },
    );
    expect(alone.count).toBe(3);
  });
});
