import { beforeAll, describe, expect, it } from 'vitest';
import { createDemoDatabase } from '../../src/pg/demo/createDemoDatabase.js';
import { countStatements } from '../../src/pg/driver/countStatements.js';
import { reflect, type Reflection } from '../../src/pg/reflect.js';
import { runOperation } from './support/runOperation.js';
import { useTestDatabase } from './support/testDatabase.js';

/**
 * A root list whose rows hold a relation is read as one row per element (listSql's `asRows`) and
 * joined in Node; with a second root field the same list is one aggregate in a column. Both must
 * give the same elements in the same order.
 */
const db = useTestDatabase((client) => createDemoDatabase(client));
let counting: ReturnType<typeof countStatements>;
let reflection: Reflection;

beforeAll(async () => {
  counting = countStatements(db.client);
  reflection = await reflect(counting);
});

const USERS = `users(orderBy: [{ id: DESC }], limit: 100) {
  id username
  posts(limit: 2, orderBy: [{ id: DESC }]) { id title comments(limit: 1) { content author { username } } }
}`;

const run = async (query: string) => {
  counting.statements.length = 0;
  const result = await runOperation(reflection.schema, query);
  expect(counting.statements).toHaveLength(1);
  const body = JSON.parse(result.body) as { data: Record<string, unknown>; errors?: unknown };
  expect(body.errors).toBeUndefined();
  return { sql: result.sql, data: body.data };
};

describe('a root list with relations, as one row per element', () => {
  it('answers as the aggregate does, in order, in one statement', async () => {
    const rows = await run(`{ ${USERS} }`);
    expect(rows.sql).toMatch(/^SELECT row_to_json\("s\d+"\.\*\)::text FROM \(/);
    const aggregate = await run(`{ ${USERS} tagsAggregate { count } }`);
    expect(aggregate.sql).toMatch(/coalesce\(json_agg\("s\d+"\.\*\), '\[\]'\)/);
    const users = rows.data['users'] as Array<{ id: number; posts: unknown[] }>;
    expect(users.length).toBeGreaterThan(1);
    expect(users.map((u) => u.id)).toEqual(users.map((u) => u.id).sort((a, b) => b - a));
    expect(users.some((u) => u.posts.length > 0)).toBe(true);
    expect(rows.data['users']).toEqual(aggregate.data['users']);
  });

  it('answers [] when no row matches', async () => {
    const none = await run('{ users(where: { id: { eq: -1 } }) { id posts { id } } }');
    expect(none.sql).toMatch(/^SELECT row_to_json/);
    expect(none.data).toEqual({ users: [] });
  });

  it('keeps a flat list one aggregate', async () => {
    const flat = await run('{ users(limit: 2) { id username } }');
    expect(flat.sql).toMatch(/^SELECT \(/);
    expect((flat.data['users'] as unknown[]).length).toBe(2);
  });
});
