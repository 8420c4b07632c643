import { beforeAll, describe, expect, it } from 'vitest';
import { explain } from '../../src/pg/explain.js';
import { reflect, type Reflection } from '../../src/pg/reflect.js';
import { keysetWalk, type KeysetPage } from './support/keysetWalk.js';
import { reflectedRunners } from './support/reflectedRun.js';
import { useTestDatabase } from './support/testDatabase.js';

/**
 * `distinctOn` on lists and connections: the first row of each group in the list's order (the
 * distinct columns first, then orderBy), checked against the same DISTINCT ON written by hand;
 * keyset pages in both directions give exactly the list.
 */
const db = useTestDatabase(async (client) => {
  await client.exec(`
    CREATE TABLE shops (id int PRIMARY KEY, name text NOT NULL);
    CREATE TABLE sales (
      id int PRIMARY KEY,
      shop_id int NOT NULL REFERENCES shops (id),
      region text,
      amount int NOT NULL,
      day date NOT NULL
    );
    CREATE INDEX sales_shop_day_idx ON sales (shop_id, day DESC, id);
    INSERT INTO shops SELECT i, 'shop ' || i FROM generate_series(1, 40) AS i;
    INSERT INTO sales
      SELECT i, 1 + (i * 7) % 40, CASE WHEN i % 5 = 0 THEN NULL ELSE 'r' || (i % 3) END,
        (i * 37) % 101, date '2024-01-01' + (i * 13) % 300
      FROM generate_series(1, 20000) AS i;
    ANALYZE;
  `);
});
let reflection: Reflection;
beforeAll(async () => {
  reflection = await reflect(db.client);
});

type Page = KeysetPage & { totalCount: number };

const { run, data } = reflectedRunners(() => reflection.schema);
const oracle = async (text: string) => (await db.client.query(text)).map((row) => Number(row[0]));

// distinctOn, orderBy, and the same rows written by hand.
const CASES: Array<[string, string, string, string]> = [
  [
    'the latest sale of each shop',
    '[SHOP_ID]',
    '[{ day: DESC }]',
    'SELECT DISTINCT ON (shop_id) id FROM sales ORDER BY shop_id, day DESC, id',
  ],
  [
    'shops descending, the largest amount',
    '[SHOP_ID]',
    '[{ shopId: DESC }, { amount: DESC }]',
    'SELECT DISTINCT ON (shop_id) id FROM sales ORDER BY shop_id DESC, amount DESC, id',
  ],
  [
    'a nullable column and a second one',
    '[REGION, SHOP_ID]',
    '[{ region: DESC_NULLS_LAST }]',
    'SELECT DISTINCT ON (region, shop_id) id FROM sales ORDER BY region DESC NULLS LAST, shop_id, id',
  ],
];

describe('distinctOn', () => {
  it.each(CASES)('lists and pages by keyset: %s', async (_name, distinct, orderBy, text) => {
    const expected = await oracle(text);
    const list = await data(
      `{ sales(distinctOn: ${distinct}, orderBy: ${orderBy}, limit: 1000) { id } }`,
    );
    expect((list.data['sales'] as Array<{ id: number }>).map((s) => s.id)).toEqual(expected);
    const query = `query ($after: String, $before: String, $first: Int, $last: Int) {
      salesConnection(distinctOn: ${distinct}, orderBy: ${orderBy}, first: $first, after: $after, last: $last, before: $before) {
        nodes { id } totalCount pageInfo { hasNextPage hasPreviousPage startCursor endCursor }
      }
    }`;
    const page = async (variables: Record<string, unknown>) => {
      const c = (await data(query, variables)).data['salesConnection'] as Page;
      expect(c.totalCount).toBe(expected.length);
      return c;
    };
    expect(await keysetWalk(page, 'forward', 7)).toEqual(expected);
    expect(await keysetWalk(page, 'backward', 9)).toEqual(expected);
  });

  it('applies per parent row, and as a variable with the same SQL as the literal', async () => {
    const literal = await data(
      '{ shops(limit: 3) { id sales(distinctOn: [REGION], orderBy: [{ amount: DESC }]) { region amount } } }',
    );
    const variable = await data(
      'query ($d: [SaleOrderableColumn!]) { shops(limit: 3) { id sales(distinctOn: $d, orderBy: [{ amount: DESC }]) { region amount } } }',
      { d: ['REGION'] },
    );
    expect(variable.sql).toBe(literal.sql);
    expect(variable.data).toEqual(literal.data);
    const shops = literal.data['shops'] as Array<{
      id: number;
      sales: Array<{ region: string | null; amount: number }>;
    }>;
    for (const shop of shops) {
      const expected = await db.client.query(
        `SELECT DISTINCT ON (region) region, amount FROM sales WHERE shop_id = ${shop.id} ORDER BY region, amount DESC, id`,
      );
      expect(shop.sales).toEqual(expected.map(([region, amount]) => ({ region, amount })));
    }
    expect(literal.sql).toContain('SELECT DISTINCT ON ("t2"."region") ');
  });

  it('pages the distinct rows of a nested connection', async () => {
    const query = `query ($first: Int, $after: String) {
      shop(id: 3) { salesConnection(distinctOn: [REGION], orderBy: [{ day: DESC }], first: $first, after: $after) {
        nodes { id } totalCount pageInfo { hasNextPage endCursor }
      } }
    }`;
    const expected = await oracle(
      'SELECT DISTINCT ON (region) id FROM sales WHERE shop_id = 3 ORDER BY region, day DESC, id',
    );
    const page = async (variables: Record<string, unknown>) => {
      const shop = (await data(query, variables)).data['shop'] as { salesConnection: Page };
      expect(shop.salesConnection.totalCount).toBe(expected.length);
      return shop.salesConnection;
    };
    expect(await keysetWalk(page, 'forward', 2, 5)).toEqual(expected);
    expect(expected.length).toBe(3); // r0, r1, r2: two pages of two
  });

  it('refuses a column named twice, and a cursor made without distinctOn', async () => {
    const twice = await run('{ sales(distinctOn: [SHOP_ID, SHOP_ID]) { id } }');
    expect(twice.body.errors?.[0]).toMatchObject({
      message: '"distinctOn" names SHOP_ID more than once.',
      extensions: { code: 'BAD_USER_INPUT' },
    });
    const plain = await data(
      '{ salesConnection(orderBy: [{ shopId: ASC }], first: 2) { pageInfo { endCursor } } }',
    );
    const cursor = (plain.data['salesConnection'] as Page).pageInfo.endCursor;
    const other = await run(
      'query ($c: String) { salesConnection(distinctOn: [SHOP_ID], first: 2, after: $c) { nodes { id } } }',
      { c: cursor },
    );
    expect(other.body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });

  it('is served by an index on its whole order: the distinct columns, orderBy, the key', async () => {
    const result = await explain(
      reflection.schema,
      '{ sales(distinctOn: [SHOP_ID], orderBy: [{ day: DESC }], limit: 10) { id } }',
    );
    expect(result.sql).toContain('SELECT DISTINCT ON ("t1"."shop_id") ');
    expect(result.plan).toContain('sales_shop_day_idx');
    expect(result.plan).toContain('Unique');
  });
});
