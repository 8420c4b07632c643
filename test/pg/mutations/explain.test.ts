import { beforeAll, describe, expect, it } from 'vitest';
import { explain } from '../../../src/pg/explain.js';
import { useTestDatabase } from '../support/testDatabase.js';
import { writeHarness, type WriteHarness } from './support.js';
import { setupWriteDatabase } from './writeSchema.js';

const db = useTestDatabase(setupWriteDatabase);
let h: WriteHarness;

beforeAll(async () => {
  h = await writeHarness(db.client);
  await h.run(`mutation { createCustomer(input: { name: "seed", email: "seed@x" }) { id } }`);
});

const count = async (table: string) =>
  Number((await h.rows(`SELECT count(*)::int FROM ${table}`))[0]?.[0]);

const CREATE = `mutation ($i: [CustomerInput!]!) {
  createCustomers(input: $i) { id bankingRelationships { kind } }
  deleteCustomers(where: { email: { eq: "seed@x" } }) { id }
}`;
const input = [{ name: 'a', bankingRelationships: [{ kind: 'k' }] }, { name: 'b' }];

describe('explain on mutations', () => {
  it('plans every statement of the operation without running any', async () => {
    const result = await explain(h.reflection.schema, CREATE, { variables: { i: input } });
    expect(result.statements?.map((s) => s.title)).toEqual([
      'createCustomers: write',
      'createCustomers: read-back',
      'deleteCustomers: write',
    ]);
    const [write, read, remove] = result.statements ?? [];
    expect(write?.sql).toMatch(/^WITH "x0" AS/);
    expect(write?.plan).toMatch(/(Insert|Merge) on customers/);
    expect(write?.plan).not.toMatch(/actual time/);
    expect(write?.parameters[1]).toEqual({
      name: '$2',
      from: 'input level 0 (Customer) g0.c0',
      value: '{"a","b"}',
    });
    // The read-back reads the keys the write stores in a transaction-local setting: unset without
    // running the write, so it is planned for none.
    const setting = read?.parameters.find((p) => p.value === 'sluice.keys0');
    expect(read?.sql).toContain(`current_setting(${setting?.name}, true)`);
    expect(remove?.plan).toMatch(/Delete on customers/);
    expect(await count('customers')).toBe(1);
  });

  it('with analyze, runs them in a transaction that is rolled back', async () => {
    const result = await explain(h.reflection.schema, CREATE, {
      variables: { i: input },
      analyze: true,
    });
    const [write, read, remove] = result.statements ?? [];
    expect(write?.plan).toMatch(/actual time/);
    // The read-back found the two rows the write made, by the keys it stored.
    expect(read?.plan).toMatch(/rows=2 loops=1/);
    expect(remove?.plan).toMatch(/Delete on customers/);
    expect(await count('customers')).toBe(1);
    expect(await count('banking_relationships')).toBe(0);
  });

  it('refuses bad input as the mutation would, before any SQL', async () => {
    await expect(
      explain(h.reflection.schema, `mutation { deleteCustomers(where: {}) { id } }`),
    ).rejects.toMatchObject({ extensions: { code: 'UNFILTERED_WRITE' } });
  });
});
