import { graphql } from 'graphql';
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
    'TRUNCATE customers, banking_relationships, contracts, transactions, tags, customer_tags, samples, notes RESTART IDENTITY CASCADE',
  );
});

const count = async (table: string) =>
  Number((await h.rows(`SELECT count(*)::int FROM ${table}`))[0]?.[0]);

describe('create', () => {
  it('creates many rows and returns them in input order, defaults applied', async () => {
    const result = await h.run(
      `mutation { createCustomers(input: [{ name: "b", visits: 3 }, { name: "a" }]) { id name visits risk balance } }`,
    );
    expect(result).toEqual({
      data: {
        createCustomers: [
          { id: 1, name: 'b', visits: 3, risk: 'low', balance: '0.00' },
          { id: 2, name: 'a', visits: 0, risk: 'low', balance: '0.00' },
        ],
      },
    });
  });

  it('creates one row from variables, coercing every scalar kind', async () => {
    const result = await h.run(
      `mutation ($s: SampleInput!) { createSample(input: $s) { id label small ratio tags scores doc day at levels labelLength } }`,
      {
        s: {
          label: 'quote"back\\slash',
          small: 7,
          ratio: 0.5,
          tags: ['x', 'y "z"', 'a,b', '{c}'],
          scores: [1, null, 3],
          doc: { k: [1, 'two', null], nested: { ok: true } },
          day: '2024-02-29',
          at: '2024-01-31T12:00:00.123456+02:00',
          levels: ['high', 'low'],
        },
      },
    );
    expect(result.data?.['createSample']).toEqual({
      id: '1',
      label: 'quote"back\\slash',
      small: 7,
      ratio: 0.5,
      tags: ['x', 'y "z"', 'a,b', '{c}'],
      scores: [1, null, 3],
      doc: { k: [1, 'two', null], nested: { ok: true } },
      day: '2024-02-29',
      at: '2024-01-31T10:00:00.123456+00:00',
      levels: ['high', 'low'],
      labelLength: 16,
    });
  });

  it('creates a whole graph downwards: relationships, contracts, transactions and tags', async () => {
    const result = await h.run(`mutation {
      createCustomers(input: [
        { name: "a", bankingRelationships: [
            { kind: "checking", contracts: [
              { title: "c1", transactions: [{ amount: "1.50" }, { amount: "-2" }] },
              { title: "c2" }] },
            { kind: "savings" }],
          tags: [{ name: "vip" }, { name: "new" }] },
        { name: "b", bankingRelationships: [{ kind: "loan", contracts: [{ title: "c3", transactions: [{ amount: "9" }] }] }] }
      ]) {
        name
        bankingRelationships { kind contracts { title transactions { amount contract { title } } } }
        tags { name customers { name } }
      }
    }`);
    expect(result).toEqual({
      data: {
        createCustomers: [
          {
            name: 'a',
            bankingRelationships: [
              {
                kind: 'checking',
                contracts: [
                  {
                    title: 'c1',
                    transactions: [
                      { amount: '1.50', contract: { title: 'c1' } },
                      { amount: '-2.00', contract: { title: 'c1' } },
                    ],
                  },
                  { title: 'c2', transactions: [] },
                ],
              },
              { kind: 'savings', contracts: [] },
            ],
            tags: [
              { name: 'vip', customers: [{ name: 'a' }] },
              { name: 'new', customers: [{ name: 'a' }] },
            ],
          },
          {
            name: 'b',
            bankingRelationships: [
              {
                kind: 'loan',
                contracts: [
                  { title: 'c3', transactions: [{ amount: '9.00', contract: { title: 'c3' } }] },
                ],
              },
            ],
            tags: [],
          },
        ],
      },
    });
    expect(await count('customer_tags')).toBe(2);
  });

  it('creates a whole graph upwards: the parent first, its key flowing into the child', async () => {
    const result = await h.run(`mutation {
      createTransactions(input: [
        { amount: "5", contract: { title: "up", bankingRelationship: { kind: "k", customer: { name: "root" } } } },
        { amount: "6", contract: { title: "up2", bankingRelationship: { kind: "k2", customer: { name: "root2" } } } }
      ]) { amount contract { title bankingRelationship { kind customer { name } } } }
    }`);
    expect(result.data?.['createTransactions']).toEqual([
      {
        amount: '5.00',
        contract: { title: 'up', bankingRelationship: { kind: 'k', customer: { name: 'root' } } },
      },
      {
        amount: '6.00',
        contract: {
          title: 'up2',
          bankingRelationship: { kind: 'k2', customer: { name: 'root2' } },
        },
      },
    ]);
  });

  it('mixes a given foreign key and a created parent in one list', async () => {
    await h.run(`mutation { createCustomer(input: { name: "existing" }) { id } }`);
    const result = await h.run(`mutation {
      createBankingRelationships(input: [{ kind: "a", customerId: 1 }, { kind: "b", customer: { name: "fresh" } }]) {
        kind customer { id name }
      }
    }`);
    expect(result.data?.['createBankingRelationships']).toEqual([
      { kind: 'a', customer: { id: 1, name: 'existing' } },
      { kind: 'b', customer: { id: 2, name: 'fresh' } },
    ]);
  });

  it('refuses a foreign key given both ways, or not at all, before any SQL', async () => {
    h.counting.statements.length = 0;
    const both = await h.run(
      `mutation { createBankingRelationships(input: [{ kind: "a", customerId: 1, customer: { name: "x" } }]) { id } }`,
    );
    expect(both.errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      inputPath: ['createBankingRelationships', 'input', 0, 'customerId'],
    });
    const none = await h.run(`mutation { createBankingRelationship(input: { kind: "a" }) { id } }`);
    expect(none.errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      inputPath: ['createBankingRelationship', 'input', 'customerId'],
    });
    const nested = await h.run(
      `mutation { createCustomer(input: { name: "n", bankingRelationships: [{ kind: "a", customerId: 5 }] }) { id } }`,
    );
    expect(nested.errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      inputPath: ['createCustomer', 'input', 'bankingRelationships', 0, 'customerId'],
    });
    expect(h.counting.statements).toEqual([]);
  });

  it('refuses values the column cannot hold before any SQL (int2, NUL)', async () => {
    h.counting.statements.length = 0;
    const small = await h.run(
      `mutation { createSample(input: { label: "x", small: 40000 }) { id } }`,
    );
    expect(small.errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      inputPath: ['createSample', 'input', 'small'],
    });
    const nul = await h.run(
      `mutation ($l: String!) { createSample(input: { label: $l }) { id } }`,
      {
        l: 'a\u0000b',
      },
    );
    expect(nul.errors?.[0]?.extensions?.['code']).toBe('BAD_USER_INPUT');
    expect(h.counting.statements).toEqual([]);
  });

  it('limits the rows of one field, counted across nesting, through variables and literals', async () => {
    const limited = await writeHarness(db.client, { maxMutationRows: 5 });
    const input = [
      { name: 'a', bankingRelationships: [{ kind: 'x' }, { kind: 'y' }] },
      { name: 'b' },
    ];
    const fits = await limited.run(
      `mutation ($i: [CustomerInput!]!) { createCustomers(input: $i) { id } }`,
      { i: [...input, { name: 'c' }] },
    );
    expect(fits.errors).toBeUndefined();
    limited.counting.statements.length = 0;
    const over = await limited.run(
      `mutation ($i: [CustomerInput!]!) { createCustomers(input: $i) { id } }`,
      { i: [...input, { name: 'c', tags: [{ name: 't' }] }] },
    );
    expect(over.errors?.[0]?.extensions).toMatchObject({ code: 'MUTATION_TOO_LARGE' });
    const literal = await limited.run(
      `mutation { a: createCustomers(input: [{ name: "1" }, { name: "2" }, { name: "3" }, { name: "4" }, { name: "5" }, { name: "6" }]) { id } }`,
    );
    expect(literal.errors?.[0]?.extensions).toMatchObject({ code: 'MUTATION_TOO_LARGE' });
    expect(limited.counting.statements).toEqual([]);
  });
});

describe('upsert', () => {
  const upsert = `mutation ($i: [CustomerInput!]!) {
    createCustomers(input: $i, onConflict: { constraint: CUSTOMERS_EMAIL_KEY, update: [NAME, VISITS] }) { id name email visits }
  }`;

  it('inserts new rows, updates changed ones, leaves unchanged ones unwritten, returns all in input order', async () => {
    await h.run(upsert, {
      i: [
        { name: 'a', email: 'a@x' },
        { name: 'b', email: 'b@x' },
      ],
    });
    const before = await h.rows(`SELECT email, xmin::text FROM customers ORDER BY email`);
    const result = await h.run(upsert, {
      i: [
        { name: 'c', email: 'c@x' },
        { name: 'a', email: 'a@x' },
        { name: 'B', email: 'b@x' },
      ],
    });
    expect(result.data?.['createCustomers']).toEqual([
      // Each row the upsert tried took an identity value: a@x 3, b@x 4, c@x 5.
      { id: 5, name: 'c', email: 'c@x', visits: 0 },
      { id: 1, name: 'a', email: 'a@x', visits: 0 },
      { id: 2, name: 'B', email: 'b@x', visits: 0 },
    ]);
    const after = await h.rows(`SELECT email, xmin::text FROM customers ORDER BY email`);
    // a@x was not rewritten (same xmin); b@x was.
    expect(after[0]).toEqual(before[0]);
    expect(after[1]?.[1]).not.toBe(before[1]?.[1]);
    expect(await count('customers')).toBe(3);
  });

  it('takes the last of the rows that name the same key, and returns every input row', async () => {
    const result = await h.run(upsert, {
      i: [
        { name: 'first', email: 'd@x', visits: 1 },
        { name: 'other', email: 'e@x', visits: 0 },
        { name: 'last', email: 'd@x', visits: 2 },
      ],
    });
    expect(result.data?.['createCustomers']).toEqual([
      { id: 1, name: 'last', email: 'd@x', visits: 2 },
      { id: 2, name: 'other', email: 'e@x', visits: 0 },
      { id: 1, name: 'last', email: 'd@x', visits: 2 },
    ]);
    expect(await count('customers')).toBe(2);
  });

  it('gives each upsert row the defaults of the columns it leaves out, in one INSERT', async () => {
    h.counting.statements.length = 0;
    const result = await h.run(upsert, {
      i: [
        { name: 'a', email: 'a@x' },
        { name: 'b', email: 'b@x', visits: 2 },
      ],
    });
    expect(result.errors).toBeUndefined();
    expect(result.data?.['createCustomers']).toMatchObject([
      { name: 'a', email: 'a@x', visits: 0 },
      { name: 'b', email: 'b@x', visits: 2 },
    ]);
    const write = h.counting.statements.find((s) => s.includes('INSERT INTO')) ?? '';
    expect(write.match(/INSERT INTO/g)).toHaveLength(1);
  });

  it('refuses upsert rows that differ in giving an identity column', async () => {
    const result = await h.run(upsert, {
      i: [
        { id: 50, name: 'a', email: 'a@x' },
        { name: 'b', email: 'b@x' },
      ],
    });
    expect(result.errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      inputPath: ['createCustomers', 'input'],
    });
  });

  it('names the conflict target by columns, and does nothing for an empty update list', async () => {
    await h.run(`mutation { createCustomer(input: { name: "keep", email: "k@x" }) { id } }`);
    const result = await h.run(`mutation {
      createCustomers(input: [{ name: "changed", email: "k@x" }], onConflict: { columns: [EMAIL], update: [] }) { name }
    }`);
    expect(result.data?.['createCustomers']).toEqual([{ name: 'keep' }]);
  });

  it('creates the children of upserted rows, new and existing', async () => {
    await h.run(`mutation { createCustomer(input: { name: "old", email: "o@x" }) { id } }`);
    const result = await h.run(`mutation {
      createCustomers(input: [
        { name: "old", email: "o@x", bankingRelationships: [{ kind: "k1" }] },
        { name: "new", email: "n@x", bankingRelationships: [{ kind: "k2" }] }
      ], onConflict: { columns: [EMAIL], update: [NAME] }) { id name bankingRelationships { kind } }
    }`);
    expect(result.data?.['createCustomers']).toEqual([
      { id: 1, name: 'old', bankingRelationships: [{ kind: 'k1' }] },
      // Key order (n@x before o@x) decides which row took which identity value.
      { id: 2, name: 'new', bankingRelationships: [{ kind: 'k2' }] },
    ]);
  });

  it('refuses onConflict with both or neither target, or a target the input does not give', async () => {
    const both = await h.run(`mutation {
      createCustomer(input: { name: "x", email: "x@x" }, onConflict: { constraint: CUSTOMERS_PKEY, columns: [EMAIL], update: [] }) { id }
    }`);
    expect(both.errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      inputPath: ['createCustomer', 'onConflict'],
    });
    const notKey = await h.run(`mutation {
      createCustomer(input: { name: "x" }, onConflict: { columns: [NAME], update: [] }) { id }
    }`);
    expect(notKey.errors?.[0]?.extensions?.['code']).toBe('BAD_USER_INPUT');
    const missing = await h.run(`mutation {
      createCustomer(input: { name: "x" }, onConflict: { constraint: CUSTOMERS_EMAIL_KEY, update: [] }) { id }
    }`);
    expect(missing.errors?.[0]?.extensions?.['code']).toBe('BAD_USER_INPUT');
  });
});

describe('update and delete', () => {
  beforeEach(async () => {
    await h.run(`mutation {
      createCustomers(input: [
        { name: "a", visits: 1, balance: "10.00", bankingRelationships: [{ kind: "k" }] },
        { name: "b", visits: 2 },
        { name: "c", visits: 3 }
      ]) { id }
    }`);
  });

  it('updates by primary key with set and increment; null when there is no such row', async () => {
    const result = await h.run(
      `mutation ($id: Int!) {
      hit: updateCustomer(id: $id, set: { name: "A", risk: high }, increment: { visits: 5, balance: "0.25" }) { id name risk visits balance }
      miss: updateCustomer(id: 99, set: { name: "none" }) { id }
    }`,
      { id: 1 },
    );
    expect(result).toEqual({
      data: {
        hit: { id: 1, name: 'A', risk: 'high', visits: 6, balance: '10.25' },
        miss: null,
      },
    });
  });

  it('updates by filter and returns the affected rows, ordered by key', async () => {
    const result = await h.run(`mutation {
      updateCustomers(where: { visits: { gte: 2 } }, increment: { visits: 10 }) { name visits }
    }`);
    expect(result.data?.['updateCustomers']).toEqual([
      { name: 'b', visits: 12 },
      { name: 'c', visits: 13 },
    ]);
  });

  it('each root field sees what the previous one wrote', async () => {
    const result = await h.run(`mutation {
      first: updateCustomers(where: { name: { eq: "a" } }, set: { name: "z" }) { name }
      second: updateCustomers(where: { name: { eq: "z" } }, increment: { visits: 1 }) { name visits }
      third: deleteCustomers(where: { visits: { eq: 2 } }) { name }
    }`);
    expect(result.data).toEqual({
      first: [{ name: 'z' }],
      second: [{ name: 'z', visits: 2 }],
      third: [{ name: 'z' }, { name: 'b' }],
    });
  });

  it('refuses an update or delete whose filter sets no condition, unless allowed', async () => {
    h.counting.statements.length = 0;
    for (const query of [
      `mutation { updateCustomers(where: {}, set: { name: "x" }) { id } }`,
      `mutation ($w: CustomerWhere!) { deleteCustomers(where: $w) { id } }`,
      `mutation ($n: String) { deleteCustomers(where: { name: { eq: $n } }) { id } }`,
    ]) {
      const result = await h.run(query, { w: {} });
      expect(result.errors?.[0]?.extensions).toMatchObject({ code: 'UNFILTERED_WRITE' });
    }
    expect(h.counting.statements).toEqual([]);
    const allowed = await writeHarness(db.client, { allowUnfilteredWrites: true });
    const result = await allowed.run(
      `mutation { updateCustomers(where: {}, increment: { visits: 1 }) { visits } }`,
    );
    expect(result.data?.['updateCustomers']).toEqual([{ visits: 2 }, { visits: 3 }, { visits: 4 }]);
  });

  it('refuses a where whose and/or/not items set no condition, as it refuses {}', async () => {
    const before = await h.rows('SELECT id, name FROM customers ORDER BY id');
    expect(before.length).toBeGreaterThan(0);
    h.counting.statements.length = 0;
    for (const [query, variables] of [
      [`mutation { deleteCustomers(where: { and: [] }) { id } }`, {}],
      [`mutation { deleteCustomers(where: { or: [{}] }) { id } }`, {}],
      [`mutation { deleteCustomers(where: { not: { or: [] } }) { id } }`, {}],
      [
        `mutation ($n: String) { deleteCustomers(where: { and: [{ name: { eq: $n } }] }) { id } }`,
        { n: null },
      ],
      [
        `mutation ($n: String) { updateCustomers(where: { or: [{ name: { eq: $n } }, { id: { eq: 1 } }] }, set: { name: "x" }) { id } }`,
        { n: null },
      ],
    ] as const) {
      const result = await h.run(query, variables);
      expect(result.errors?.[0]?.extensions).toMatchObject({ code: 'UNFILTERED_WRITE' });
    }
    expect(h.counting.statements).toEqual([]);
    expect(await h.rows('SELECT id, name FROM customers ORDER BY id')).toEqual(before);
  });

  it('refuses a where whose every sets no condition: it holds for every row', async () => {
    const before = await h.rows('SELECT id, name FROM customers ORDER BY id');
    h.counting.statements.length = 0;
    for (const [query, variables] of [
      [`mutation { deleteCustomers(where: { bankingRelationships: { every: {} } }) { id } }`, {}],
      [
        `mutation ($k: String) { updateCustomers(where: { bankingRelationships: { every: { kind: { eq: $k } } } }, set: { name: "x" }) { id } }`,
        { k: null },
      ],
    ] as const) {
      const result = await h.run(query, variables);
      expect(result.errors?.[0]?.extensions).toMatchObject({ code: 'UNFILTERED_WRITE' });
    }
    expect(h.counting.statements).toEqual([]);
    expect(await h.rows('SELECT id, name FROM customers ORDER BY id')).toEqual(before);
  });

  it('refuses a where whose to-one relation filter sets no condition', async () => {
    const before = await h.rows('SELECT id, kind FROM banking_relationships ORDER BY id');
    expect(before.length).toBeGreaterThan(0);
    h.counting.statements.length = 0;
    for (const [query, variables] of [
      [`mutation { deleteBankingRelationships(where: { customer: {} }) { id } }`, {}],
      [`mutation { deleteBankingRelationships(where: { customer: { and: [] } }) { id } }`, {}],
      [`mutation { deleteBankingRelationships(where: { not: { customer: {} } }) { id } }`, {}],
      [
        `mutation ($n: String) { updateBankingRelationships(where: { customer: { name: { eq: $n } } }, set: { kind: "x" }) { id } }`,
        { n: null },
      ],
    ] as const) {
      const result = await h.run(query, variables);
      expect(result.errors?.[0]?.extensions).toMatchObject({ code: 'UNFILTERED_WRITE' });
    }
    expect(h.counting.statements).toEqual([]);
    expect(await h.rows('SELECT id, kind FROM banking_relationships ORDER BY id')).toEqual(before);
    // Given a value, the same filter is a condition.
    const result = await h.run(
      `mutation ($n: String) { updateBankingRelationships(where: { customer: { name: { eq: $n } } }, set: { kind: "x" }) { kind } }`,
      { n: 'a' },
    );
    expect(result.data?.['updateBankingRelationships']).toEqual([{ kind: 'x' }]);
  });

  it('refuses setting a NOT NULL column to null, and an update that changes nothing', async () => {
    const nulled = await h.run(`mutation { updateCustomer(id: 1, set: { name: null }) { id } }`);
    expect(nulled.errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      inputPath: ['updateCustomer', 'set', 'name'],
    });
    const nothing = await h.run(`mutation { updateCustomer(id: 1) { id } }`);
    expect(nothing.errors?.[0]?.extensions?.['code']).toBe('BAD_USER_INPUT');
  });

  it('deletes by key and by filter, returning the rows as they were (cascaded children too)', async () => {
    const result = await h.run(`mutation {
      one: deleteCustomer(id: 1) { name bankingRelationships { kind } }
      none: deleteCustomer(id: 1) { name }
      many: deleteCustomers(where: { name: { in: ["b", "c"] } }) { name }
    }`);
    expect(result.data).toEqual({
      one: { name: 'a', bankingRelationships: [{ kind: 'k' }] },
      none: null,
      many: [{ name: 'b' }, { name: 'c' }],
    });
    expect(await count('customers')).toBe(0);
    expect(await count('banking_relationships')).toBe(0);
  });
});

describe('on plain graphql-js (the fallback resolvers)', () => {
  it('runs each mutation root field, nested selection included', async () => {
    const result = await graphql({
      schema: h.reflection.schema,
      source: `mutation {
        a: createCustomer(input: { name: "plain", bankingRelationships: [{ kind: "k" }] }) { name bankingRelationships { kind } }
        b: updateCustomers(where: { name: { eq: "plain" } }, increment: { visits: 1 }) { visits }
      }`,
    });
    expect(result).toEqual({
      data: { a: { name: 'plain', bankingRelationships: [{ kind: 'k' }] }, b: [{ visits: 1 }] },
    });
  });
});

describe('errors', () => {
  it('a unique violation names the constraint, its columns and the input row', async () => {
    await h.run(`mutation { createCustomer(input: { name: "a", email: "a@x" }) { id } }`);
    const result = await h.run(`mutation {
      createCustomers(input: [{ name: "b", email: "b@x" }, { name: "c", email: "a@x" }, { name: "d" }]) { id }
    }`);
    expect(result.data).toBeNull();
    expect(result.errors?.[0]).toMatchObject({
      path: ['createCustomers'],
      extensions: {
        code: 'UNIQUE_VIOLATION',
        sqlState: '23505',
        constraint: 'customers_email_key',
        type: 'Customer',
        columns: ['email'],
        inputPath: ['createCustomers', 'input', 1],
      },
    });
    expect(await count('customers')).toBe(1);
  });

  it('a foreign key violation names the constraint and the row', async () => {
    const result = await h.run(`mutation {
      createBankingRelationships(input: [{ kind: "a", customerId: 77 }]) { id }
    }`);
    expect(result.errors?.[0]?.extensions).toMatchObject({
      code: 'FOREIGN_KEY_VIOLATION',
      sqlState: '23503',
      constraint: 'banking_relationships_customer_id_fkey',
      columns: ['customerId'],
      inputPath: ['createBankingRelationships', 'input', 0],
    });
  });

  it('a delete still referenced is a foreign key violation too', async () => {
    await db.client.exec(`
      CREATE TABLE IF NOT EXISTS pins (id serial PRIMARY KEY, tag_id integer NOT NULL REFERENCES tags (id))`);
    const strict = await writeHarness(db.client);
    await strict.run(`mutation { createPin(input: { tag: { name: "t" } }) { id } }`);
    const result = await strict.run(`mutation { deleteTag(id: 1) { id } }`);
    expect(result.errors?.[0]?.extensions).toMatchObject({
      code: 'FOREIGN_KEY_VIOLATION',
      inputPath: ['deleteTag'],
    });
    await db.client.exec('DROP TABLE pins');
  });

  it('a not-null and a check violation from PostgreSQL', async () => {
    const notNull = await h.run(`mutation { createNotes(input: [{ id: 1 }]) { id } }`);
    expect(notNull.errors?.[0]?.extensions).toMatchObject({
      code: 'NOT_NULL_VIOLATION',
      sqlState: '23502',
      columns: ['body'],
      inputPath: ['createNotes', 'input', 0],
    });
    const check = await h.run(`mutation {
      createContract(input: { title: "t", bankingRelationship: { kind: "k", customer: { name: "c" } }, transactions: [{ amount: "1" }, { amount: "0" }] }) { id }
    }`);
    expect(check.errors?.[0]?.extensions).toMatchObject({
      code: 'CHECK_VIOLATION',
      sqlState: '23514',
      constraint: 'transactions_amount_nonzero',
      type: 'Transaction',
      inputPath: ['createContract', 'input'],
    });
    expect(await count('customers')).toBe(0);
  });
});
