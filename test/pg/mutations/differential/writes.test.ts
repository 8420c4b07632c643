import { graphql } from 'graphql';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SqlClient } from '../../../../src/pg/driver/SqlClient.js';
import { useTestDatabase } from '../../support/testDatabase.js';
import { writeHarness, type WriteHarness } from '../support.js';
import { WRITE_SCHEMA } from '../writeSchema.js';
import { handWrittenRoot, handWrittenSchema } from './handWrittenWrites.js';

/** The write schema twice: in `public` for Sluice, in `hand` for the hand-written resolvers. */
async function setup(client: SqlClient): Promise<void> {
  await client.exec(WRITE_SCHEMA);
  await client.exec(
    // One script on one connection; the session's search_path is set back at its end.
    `CREATE SCHEMA hand; SET search_path TO hand; ${WRITE_SCHEMA} RESET search_path;`,
  );
}

const db = useTestDatabase(setup);
let h: WriteHarness;
const hand = handWrittenSchema();

beforeAll(async () => {
  h = await writeHarness(db.client);
});

const SELECTION = `id name email visits balance risk
  bankingRelationships { id kind contracts { id title transactions { id amount } } }
  tags { id name }`;

/** Runs a document through the hand-written schema, in one transaction rolled back on error. */
async function runHand(query: string, variables: Record<string, unknown>) {
  const transaction = db.client.transaction?.bind(db.client);
  if (!transaction) throw new Error('no transactions');
  try {
    return await transaction(async (tx) => {
      const result = await graphql({
        schema: hand,
        source: query,
        rootValue: handWrittenRoot(tx),
        variableValues: variables,
      });
      if (result.errors) throw Object.assign(new Error('failed'), { result });
      return JSON.parse(JSON.stringify(result)) as Record<string, unknown>;
    });
  } catch (error) {
    const result = (error as { result?: unknown }).result;
    if (!result) throw error;
    return { data: null, errors: 'rolled back' };
  }
}

/** Every table's rows (the random business keys left out), per schema. */
async function contents(schema: 'public' | 'hand') {
  const tables = {
    customers: 'id, name, email, visits, balance::text, risk::text',
    banking_relationships: 'id, customer_id, kind',
    contracts: 'id, banking_relationship_id, title',
    transactions: 'id, contract_id, amount::text',
    tags: 'id, name',
    customer_tags: 'customer_id, tag_id',
  };
  const out: Record<string, unknown> = {};
  for (const [table, columns] of Object.entries(tables))
    out[table] = await h.rows(`SELECT ${columns} FROM ${schema}.${table} ORDER BY 1, 2`);
  return out;
}

function graph(n: number, tags: boolean) {
  return {
    name: `c${n}`,
    email: `c${n}@x`,
    visits: n % 3,
    bankingRelationships: Array.from({ length: n % 3 }, (_, r) => ({
      kind: `k${n}.${r}`,
      contracts: [
        {
          title: `t${n}.${r}`,
          transactions: [{ amount: `${n}.${r}5` }, { amount: `-${r + 1}` }],
        },
      ],
    })),
    ...(tags ? { tags: [{ name: `tag${n}` }] } : {}),
  };
}

const steps: ReadonlyArray<{ name: string; query: string; variables: Record<string, unknown> }> = [
  {
    name: 'a batch of whole graphs',
    query: `mutation ($i: [CustomerInput!]!) { createCustomers(input: $i) { ${SELECTION} } }`,
    variables: { i: Array.from({ length: 12 }, (_, n) => graph(n, n % 4 === 0)) },
  },
  {
    name: 'an upsert: changed, unchanged, new, and a key named twice',
    query: `mutation ($i: [CustomerInput!]!) {
      createCustomers(input: $i, onConflict: { columns: [EMAIL], update: [NAME] }) { ${SELECTION} }
    }`,
    variables: {
      i: [
        { name: 'renamed', email: 'c1@x' },
        { name: 'c2', email: 'c2@x' },
        { name: 'new', email: 'n1@x', bankingRelationships: [{ kind: 'fresh' }] },
        { name: 'first', email: 'n2@x' },
        { name: 'second', email: 'n2@x' },
      ],
    },
  },
  {
    name: 'several root fields in order',
    query: `mutation {
      a: updateCustomers(where: { name: { eq: "renamed" } }, increment: { visits: 5 }) { ${SELECTION} }
      b: deleteCustomers(where: { email: { eq: "c5@x" } }) { ${SELECTION} }
      c: createCustomers(input: [{ name: "after", email: "after@x" }]) { ${SELECTION} }
    }`,
    variables: {},
  },
  {
    name: 'a batch that fails in its middle',
    query: `mutation ($i: [CustomerInput!]!) { createCustomers(input: $i) { id } }`,
    variables: { i: [graph(100, true), { name: 'dup', email: 'c3@x' }, graph(101, false)] },
  },
];

describe('differential: Sluice against hand-written resolvers', () => {
  it.each(steps)('$name: the same answer and the same rows', async ({ query, variables }) => {
    const expected = await runHand(query, variables);
    const actual = await h.run(query, variables);
    if (expected['errors']) {
      expect(actual.data).toBeNull();
      expect(actual.errors?.length).toBeGreaterThan(0);
    } else {
      expect(actual.errors).toBeUndefined();
      expect(actual).toEqual(expected);
    }
    const rows = await contents('public');
    expect(rows).toEqual(await contents('hand'));
    expect((rows['customers'] as unknown[]).length).toBeGreaterThan(10);
  });
});
