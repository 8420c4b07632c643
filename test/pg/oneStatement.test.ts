import { beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from '../../src/engine/index.js';
import { createDemoDatabase } from '../../src/pg/demo/createDemoDatabase.js';
import { countStatements } from '../../src/pg/driver/countStatements.js';
import { reflect, type Reflection } from '../../src/pg/reflect.js';
import { runOperation } from './support/runOperation.js';
import { useTestDatabase } from './support/testDatabase.js';

const db = useTestDatabase((client) => createDemoDatabase(client));
let counting: ReturnType<typeof countStatements>;
let reflection: Reflection;

beforeAll(async () => {
  counting = countStatements(db.client);
  reflection = await reflect(counting);
});

// Three levels, each with its own limit and filter, plus a to-one relation and a second root
// field: all of it must still be one statement.
const QUERY = `query ($minViews: BigInt!) {
  users(limit: 3, where: { id: { gte: 2 } }) {
    id
    posts(limit: 2, where: { views: { gt: $minViews } }, orderBy: [{ views: DESC }]) {
      id
      views
      comments(limit: 1, where: { content: { like: "Comment %" } }, orderBy: [{ id: DESC }]) {
        id
        author { username }
      }
    }
  }
  tagsAggregate { count }
}`;

interface Result {
  users: Array<{
    id: number;
    posts: Array<{
      id: number;
      views: string;
      comments: Array<{ id: number; author: { username: string } }>;
    }>;
  }>;
  tagsAggregate: { count: number };
}

function checkLevels(result: Result): void {
  expect(result.users.map((u) => u.id)).toEqual([2, 3, 4]);
  for (const user of result.users) {
    expect(user.posts.length).toBe(2);
    const views = user.posts.map((p) => BigInt(p.views));
    expect(views.every((v) => v > 20_000n)).toBe(true);
    expect(views[0]! >= views[1]!).toBe(true);
    for (const post of user.posts) {
      // Each post has 3 comments; limit 1 with orderBy id DESC keeps the last one.
      expect(post.comments.map((c) => c.id)).toEqual([post.id * 3]);
    }
  }
  expect(result.tagsAggregate.count).toBe(8);
}

describe('one statement per operation', () => {
  it('runs a three-level nested query with per-level limits and filters as ONE statement', async () => {
    counting.statements.length = 0;
    const run = await runOperation(reflection.schema, QUERY, { minViews: '20000' });
    expect(counting.statements).toHaveLength(1);
    expect(counting.statements[0]).toBe(run.sql);
    checkLevels(JSON.parse(run.body).data as Result);
  });

  it('runs ONE statement through the engine (createEngine → prepare → execute)', async () => {
    const engine = createEngine({ schema: reflection.schema });
    const prepared = engine.prepare(QUERY);
    if (!prepared.ok) throw new Error(prepared.body);
    counting.statements.length = 0;
    const outcome = await prepared.execute({ variables: { minViews: '20000' } });
    expect(counting.statements).toHaveLength(1);
    const body = JSON.parse(outcome.body) as { data: Result; errors?: unknown };
    expect(body.errors).toBeUndefined();
    checkLevels(body.data);
    // A second request reuses the compiled statement: still one statement, same text.
    const first = counting.statements[0];
    await prepared.execute({ variables: { minViews: '30000' } });
    expect(counting.statements).toEqual([first, first]);
  });

  it('gives a caller that takes bytes the same response, undecoded where the driver allows', async () => {
    const prepared = createEngine({ schema: reflection.schema }).prepare(QUERY);
    if (!prepared.ok) throw new Error(prepared.body);
    const variables = { minViews: '20000' };
    const text = await prepared.execute({ variables });
    counting.statements.length = 0;
    const bytes = await prepared.execute({ variables, bytes: true });
    expect(counting.statements).toHaveLength(1);
    // postgres.js (DATABASE_URL) hands over the column's bytes; PGlite decodes them itself.
    expect(bytes.body instanceof Uint8Array).toBe(db.client.queryBytes !== undefined);
    const body =
      bytes.body instanceof Uint8Array ? new TextDecoder().decode(bytes.body) : bytes.body;
    expect(body).toBe(text.body);
  });
});
