import { beforeAll, describe, expect, it } from 'vitest';
import { reflect, type Reflection } from '../../src/pg/reflect.js';
import { keysetWalk, type KeysetPage } from './support/keysetWalk.js';
import { runOperation } from './support/runOperation.js';
import { useTestDatabase } from './support/testDatabase.js';

/**
 * `orderBy` on columns of to-one related rows: through a required foreign key, a nullable one
 * (rows without a related row sort as NULL), two hops, and a unique backward relation; keyset
 * pages in either direction must give exactly the list's order.
 */
const db = useTestDatabase(async (client) => {
  await client.exec(`
    CREATE TABLE teams (id int PRIMARY KEY, name text NOT NULL);
    CREATE TABLE people (id int PRIMARY KEY, name text NOT NULL, team_id int REFERENCES teams (id));
    CREATE TABLE badges (id int PRIMARY KEY, person_id int NOT NULL UNIQUE REFERENCES people (id), level int NOT NULL);
    CREATE TABLE tasks (
      id int PRIMARY KEY,
      owner_id int NOT NULL REFERENCES people (id),
      reviewer_id int REFERENCES people (id),
      title text NOT NULL
    );
    INSERT INTO teams VALUES (1, 'red'), (2, 'blue');
    INSERT INTO people VALUES (1, 'cy', 1), (2, 'ann', 2), (3, 'bob', NULL), (4, 'dee', 1);
    INSERT INTO badges VALUES (1, 3, 2), (2, 1, 1);
    INSERT INTO tasks
      SELECT i, 1 + (i * 7) % 4, CASE WHEN i % 3 = 0 THEN NULL ELSE 1 + (i * 5) % 4 END, 'task ' || i
      FROM generate_series(1, 23) AS i;
  `);
});
let reflection: Reflection;
beforeAll(async () => {
  reflection = await reflect(db.client);
});

type Page = KeysetPage;

const run = async (query: string, variables: Record<string, unknown> = {}) => {
  const result = await runOperation(reflection.schema, query, variables);
  const body = JSON.parse(result.body) as { data: Record<string, Page>; errors?: unknown };
  expect(body.errors).toBeUndefined();
  return { data: body.data, sql: result.sql };
};

// Each ordering with the same order written by hand with joins: the oracle.
const ORDERS: Array<[string, string, string]> = [
  [
    'owner name',
    '[{ owner: { name: DESC } }]',
    'JOIN people o ON o.id = t.owner_id ORDER BY o.name DESC, t.id',
  ],
  [
    'reviewer name (nullable relation)',
    '[{ reviewer: { name: ASC } }, { title: DESC }]',
    'LEFT JOIN people r ON r.id = t.reviewer_id ORDER BY r.name ASC, t.title DESC, t.id',
  ],
  [
    'reviewer name, nulls last',
    '[{ reviewer: { name: DESC_NULLS_LAST } }]',
    'LEFT JOIN people r ON r.id = t.reviewer_id ORDER BY r.name DESC NULLS LAST, t.id',
  ],
  [
    'owner team name (two hops, nullable)',
    '[{ owner: { team: { name: ASC_NULLS_FIRST } } }]',
    'JOIN people o ON o.id = t.owner_id LEFT JOIN teams m ON m.id = o.team_id ORDER BY m.name ASC NULLS FIRST, t.id',
  ],
  [
    "owner's badge level (unique backward relation)",
    '[{ owner: { badge: { level: DESC } } }]',
    'JOIN people o ON o.id = t.owner_id LEFT JOIN badges b ON b.person_id = o.id ORDER BY b.level DESC, t.id',
  ],
];

describe('orderBy on related columns', () => {
  it('orders a list by the related rows, with the primary key breaking ties', async () => {
    const { data, sql } = await run(
      '{ tasks(orderBy: [{ owner: { name: ASC } }], limit: 6) { id owner { name } } }',
    );
    expect(data['tasks']).toEqual([
      { id: 3, owner: { name: 'ann' } },
      { id: 7, owner: { name: 'ann' } },
      { id: 11, owner: { name: 'ann' } },
      { id: 15, owner: { name: 'ann' } },
      { id: 19, owner: { name: 'ann' } },
      { id: 23, owner: { name: 'ann' } },
    ]);
    expect(sql).toContain(
      'ORDER BY (SELECT "t1_o1"."name" FROM "public"."people" AS "t1_o1" WHERE "t1_o1"."id" = "t1"."owner_id") ASC, "t1"."id" ASC',
    );
  });

  it.each(ORDERS)('lists and pages by keyset in order: %s', async (_name, orderBy, oracle) => {
    const all = (await run(`{ tasks(orderBy: ${orderBy}, limit: 100) { id } }`)).data['tasks'];
    const ids = (all as unknown as Array<{ id: number }>).map((t) => t.id);
    const expected = await db.client.query(`SELECT t.id FROM tasks t ${oracle}`);
    expect(ids).toEqual(expected.map((row) => Number(row[0])));
    expect(ids).toHaveLength(23);
    const query = `query ($after: String, $before: String, $first: Int, $last: Int) {
      tasksConnection(orderBy: ${orderBy}, first: $first, after: $after, last: $last, before: $before) {
        nodes { id } pageInfo { hasNextPage hasPreviousPage startCursor endCursor }
      }
    }`;
    const page = async (variables: Record<string, unknown>) =>
      (await run(query, variables)).data['tasksConnection'] as Page;
    expect(await keysetWalk(page, 'forward', 4, 10)).toEqual(ids);
    expect(await keysetWalk(page, 'backward', 5, 10)).toEqual(ids);
  });

  it('takes the ordering as a variable, with the same SQL as the literal', async () => {
    const literal = await run(
      '{ tasks(orderBy: [{ owner: { team: { name: DESC } } }], limit: 5) { id } }',
    );
    const variable = await run(
      'query ($o: [TaskOrderBy!]) { tasks(orderBy: $o, limit: 5) { id } }',
      { o: [{ owner: { team: { name: 'DESC' } } }] },
    );
    expect(variable.data).toEqual(literal.data);
    expect(variable.sql).toBe(literal.sql);
  });

  it('refuses a cursor made under another related ordering', async () => {
    const first = (
      await run(
        '{ tasksConnection(orderBy: [{ owner: { name: ASC } }], first: 2) { pageInfo { endCursor } } }',
      )
    ).data['tasksConnection']?.pageInfo.endCursor as string;
    const other = await runOperation(
      reflection.schema,
      'query ($c: String) { tasksConnection(orderBy: [{ reviewer: { name: ASC } }], first: 2, after: $c) { nodes { id } } }',
      { c: first },
    );
    expect(JSON.parse(other.body).errors[0].extensions.code).toBe('BAD_USER_INPUT');
  });

  it('refuses an item that sets two fields, at any level', async () => {
    const res = await runOperation(
      reflection.schema,
      '{ tasks(orderBy: [{ owner: { name: ASC, id: DESC } }]) { id } }',
    );
    expect(JSON.parse(res.body).errors[0]).toMatchObject({
      message: expect.stringContaining('exactly one field (got 2)'),
      extensions: { code: 'BAD_USER_INPUT' },
    });
  });
});
