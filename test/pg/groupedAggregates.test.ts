import { beforeAll, describe, expect, it } from 'vitest';
import { explain } from '../../src/pg/explain.js';
import { reflect, type Reflection } from '../../src/pg/reflect.js';
import { reflectedRunners } from './support/reflectedRun.js';
import { useTestDatabase } from './support/testDatabase.js';

/**
 * An aggregate's `groups(groupBy:, having:)`: the functions per group of rows equal in the groupBy
 * columns (GROUP BY), only the groups for which `having` holds (HAVING), checked against the same
 * GROUP BY written by hand, at the root and per parent row.
 */
const db = useTestDatabase(async (client) => {
  await client.exec(`
    CREATE TYPE tier AS ENUM ('gold', 'silver');
    CREATE TABLE stores (id int PRIMARY KEY, tier tier);
    CREATE TABLE orders (
      id int PRIMARY KEY,
      store_id int NOT NULL REFERENCES stores (id),
      channel text,
      total numeric(8, 2) NOT NULL,
      weight float8
    );
    CREATE INDEX orders_store_id_idx ON orders (store_id);
    INSERT INTO stores SELECT i, CASE i % 3 WHEN 0 THEN NULL WHEN 1 THEN 'gold' ELSE 'silver' END::tier
      FROM generate_series(1, 30) AS i;
    INSERT INTO orders
      SELECT i, 1 + (i * 7) % 30, CASE WHEN i % 4 = 0 THEN NULL ELSE 'c' || (i % 3) END,
        ((i * 37) % 1000) / 10.0, i % 9 * 0.5
      FROM generate_series(1, 20000) AS i;
    ANALYZE;
  `);
});
let reflection: Reflection;
beforeAll(async () => {
  reflection = await reflect(db.client);
});

const { run, data } = reflectedRunners(() => reflection.schema);

interface Group {
  keys: { channel?: string | null; storeId?: number };
  count: number;
  sum: { total: string };
  max: { weight: number | null };
  countDistinct: { storeId: number };
}

describe('grouped aggregates', () => {
  it('gives each group its keys and functions, in the order of the keys', async () => {
    const { data: result } = await data(`{
      ordersAggregate(where: { total: { gte: "10" } }) {
        count
        groups(groupBy: [CHANNEL]) {
          keys { channel }
          count
          sum { total }
          max { weight }
          countDistinct { storeId }
        }
      }
    }`);
    const expected = await db.client.query(`
      SELECT channel, count(*)::int, sum(total)::text, max(weight), count(DISTINCT store_id)::int
      FROM orders WHERE total >= 10 GROUP BY channel ORDER BY channel`);
    const aggregate = result['ordersAggregate'] as { count: number; groups: Group[] };
    expect(aggregate.groups).toEqual(
      expected.map(([channel, count, total, weight, stores]) => ({
        keys: { channel },
        count,
        sum: { total },
        max: { weight },
        countDistinct: { storeId: stores },
      })),
    );
    expect(aggregate.count).toBe(aggregate.groups.reduce((n, g) => n + g.count, 0));
  });

  it('groups by several columns, pages by limit, and nests per parent row', async () => {
    const { data: result, sql } = await data(`{
      stores(where: { id: { lte: 3 } }) {
        id
        ordersAggregate {
          groups(groupBy: [CHANNEL, STORE_ID], limit: 2) { keys { storeId channel } count }
        }
      }
    }`);
    for (const store of result['stores'] as Array<{
      id: number;
      ordersAggregate: { groups: Group[] };
    }>) {
      const expected = await db.client.query(
        `SELECT store_id, channel, count(*)::int FROM orders WHERE store_id = ${store.id}
         GROUP BY channel, store_id ORDER BY channel, store_id LIMIT 2`,
      );
      expect(store.ordersAggregate.groups).toEqual(
        expected.map(([storeId, channel, count]) => ({ keys: { storeId, channel }, count })),
      );
    }
    expect(sql).toContain(
      'GROUP BY "t3"."channel", "t3"."store_id" ORDER BY "t3"."channel", "t3"."store_id" LIMIT $',
    );
  });

  it('writes enum keys as GraphQL values, and takes groupBy as a variable', async () => {
    const literal = await data(
      '{ storesAggregate { groups(groupBy: [TIER]) { keys { tier } count } } }',
    );
    const variable = await data(
      'query ($g: [StoreOrderableColumn!]!) { storesAggregate { groups(groupBy: $g) { keys { tier } count } } }',
      { g: ['TIER'] },
    );
    expect(variable.sql).toBe(literal.sql);
    expect(literal.data).toEqual({
      storesAggregate: {
        groups: [
          { keys: { tier: 'gold' }, count: 10 },
          { keys: { tier: 'silver' }, count: 10 },
          { keys: { tier: null }, count: 10 },
        ],
      },
    });
  });

  it('answers groupBy: [] with one group of every row', async () => {
    const { data: result } = await data('{ ordersAggregate { groups(groupBy: []) { count } } }');
    expect(result).toEqual({ ordersAggregate: { groups: [{ count: 20000 }] } });
  });

  it('refuses a key that is not grouped by, and a column named twice', async () => {
    const other = await run(
      '{ ordersAggregate { groups(groupBy: [CHANNEL]) { keys { storeId } count } } }',
    );
    expect(other.body.errors?.[0]).toMatchObject({
      message:
        '"keys.storeId" is not among the columns of groupBy: a group has one value only for those.',
      extensions: { code: 'BAD_USER_INPUT' },
    });
    const twice = await run(
      '{ ordersAggregate { groups(groupBy: [CHANNEL, CHANNEL]) { count } } }',
    );
    expect(twice.body.errors?.[0]).toMatchObject({
      message: '"groupBy" names CHANNEL more than once.',
      extensions: { code: 'BAD_USER_INPUT' },
    });
    const large = await run(
      '{ ordersAggregate { groups(groupBy: [CHANNEL], limit: 1001) { count } } }',
    );
    expect(large.body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });

  it('keeps the groups for which having holds: count, functions, and/or/not', async () => {
    const cases: Array<[string, string]> = [
      ['{ count: { gt: 666 } }', 'count(*) > 666'],
      [
        '{ sum: { total: { gte: "33300" } }, max: { weight: { lt: 4 } } }',
        'sum(total) >= 33300 AND max(weight) < 4',
      ],
      [
        '{ or: [{ min: { channel: { eq: "c2" } } }, { not: { avg: { total: { lte: "50" } } } }] }',
        "(min(channel) = 'c2' OR NOT (avg(total) <= 50))",
      ],
      [
        '{ min: { channel: { in: ["c0", "c1"] } }, countDistinct: { channel: { eq: 1 } } }',
        "min(channel) = ANY('{c0,c1}') AND count(DISTINCT channel) = 1",
      ],
      ['{ count: { gt: null } }', 'TRUE'],
    ];
    for (const [having, condition] of cases) {
      const { data: result, sql } = await data(`{
        ordersAggregate { groups(groupBy: [STORE_ID], having: ${having}) { keys { storeId } count } }
      }`);
      const expected = await db.client.query(
        `SELECT store_id, count(*)::int FROM orders GROUP BY store_id HAVING ${condition} ORDER BY store_id`,
      );
      const groups = (result['ordersAggregate'] as { groups: Group[] }).groups;
      expect(groups, having).toEqual(
        expected.map(([storeId, count]) => ({ keys: { storeId }, count })),
      );
      expect(groups.length, having).toBeGreaterThan(0);
      if (condition !== 'TRUE') {
        expect(groups.length, having).toBeLessThan(30);
        expect(sql).toMatch(
          /GROUP BY "t\d+"\."store_id" HAVING .* ORDER BY "t\d+"\."store_id" LIMIT 100\)/,
        );
      } else expect(sql).not.toContain('HAVING');
    }
  });

  it('takes having as a variable with the same SQL, per parent row and with groupBy: []', async () => {
    const literal = await data(`{
      stores(where: { id: { lte: 4 } }) { id ordersAggregate {
        groups(groupBy: [CHANNEL], having: { count: { gte: 400 } }) { keys { channel } count }
      } }
    }`);
    const variable = await data(
      `query ($h: OrderAggregateHaving) { stores(where: { id: { lte: 4 } }) { id ordersAggregate {
        groups(groupBy: [CHANNEL], having: $h) { keys { channel } count }
      } } }`,
      { h: { count: { gte: 400 } } },
    );
    expect(variable.sql).toBe(literal.sql);
    expect(variable.data).toEqual(literal.data);
    for (const store of literal.data['stores'] as Array<{
      id: number;
      ordersAggregate: { groups: Group[] };
    }>) {
      const expected = await db.client.query(
        `SELECT channel, count(*)::int FROM orders WHERE store_id = ${store.id}
         GROUP BY channel HAVING count(*) >= 400 ORDER BY channel`,
      );
      expect(store.ordersAggregate.groups).toEqual(
        expected.map(([channel, count]) => ({ keys: { channel }, count })),
      );
    }
    const all = await data(
      'query ($n: Int) { ordersAggregate { groups(groupBy: [], having: { count: { gt: $n } }) { count } } }',
      { n: 19999 },
    );
    expect(all.data).toEqual({ ordersAggregate: { groups: [{ count: 20000 }] } });
    const none = await data(
      'query ($n: Int) { ordersAggregate { groups(groupBy: [], having: { count: { gt: $n } }) { count } } }',
      { n: 20000 },
    );
    expect(none.data).toEqual({ ordersAggregate: { groups: [] } });
    expect(none.sql).toContain('GROUP BY () HAVING count(*) > $');
  });

  it('refuses a having nested deeper than maxFilterDepth, and a column a function does not take', async () => {
    let deep = '{ count: { gt: 1 } }';
    for (let i = 0; i < 10; i++) deep = `{ not: ${deep} }`;
    const tooDeep = await run(
      `{ ordersAggregate { groups(groupBy: [CHANNEL], having: ${deep}) { count } } }`,
    );
    expect(tooDeep.body.errors?.[0]).toMatchObject({
      message: expect.stringContaining('A "having" argument nests deeper than 10 levels'),
      extensions: { code: 'MAX_INPUT_DEPTH_EXCEEDED' },
    });
    const deepEnough = await data(
      `{ ordersAggregate { groups(groupBy: [CHANNEL], having: ${deep.slice('{ not: '.length, -2)}) { count } } }`,
    );
    // Nine nots of count > 1: no group (each has more than one row).
    expect(deepEnough.data).toEqual({ ordersAggregate: { groups: [] } });
    const other = await run(
      '{ ordersAggregate { groups(groupBy: [CHANNEL], having: { sum: { channel: { gt: "a" } } }) { count } } }',
    );
    expect(other.body.errors?.[0]?.message).toContain(
      'Field "channel" is not defined by type "OrderSumAggregateHaving"',
    );
  });

  it('reads the groups of a column in the order of its index, also with having', async () => {
    for (const having of ['', ', having: { count: { gt: 600 } }']) {
      const result = await explain(
        reflection.schema,
        `{ ordersAggregate { groups(groupBy: [STORE_ID], limit: 5${having}) { keys { storeId } count } } }`,
      );
      expect(result.plan).toContain('orders_store_id_idx');
      expect(result.plan).toContain('GroupAggregate');
    }
  });
});
