import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_QUERY } from '../../../src/cli/demo/loadDemoSource.js';
import { createEngine } from '../../../src/engine/index.js';
import { createDemoDatabase } from '../../../src/pg/demo/createDemoDatabase.js';
import { reflect, type Reflection } from '../../../src/pg/reflect.js';
import { useTestDatabase } from '../support/testDatabase.js';

const db = useTestDatabase((client) => createDemoDatabase(client));
let reflection: Reflection;

beforeAll(async () => {
  reflection = await reflect(db.client);
});

describe("the demo's GraphiQL document", () => {
  it('runs its mutation, again and again (the user is upserted, a new post each time)', async () => {
    const prepared = createEngine({ schema: reflection.schema }).prepare(DEMO_QUERY, 'WriteGraph');
    if (!prepared.ok) throw new Error(prepared.body);
    for (const posts of [1, 2]) {
      const outcome = await prepared.execute({});
      const body = JSON.parse(outcome.body) as {
        data: {
          createUser: { username: string; postsAggregate: { count: number }; posts: unknown[] };
        };
        errors?: unknown;
      };
      expect(body.errors).toBeUndefined();
      expect(body.data.createUser.username).toBe('newcomer');
      expect(body.data.createUser.postsAggregate.count).toBe(posts);
      expect(body.data.createUser.posts[0]).toEqual({
        title: 'Hello, Sluice',
        comments: [{ content: 'First!', author: { username: 'alan1' } }],
      });
    }
  });

  it('runs its query', async () => {
    const prepared = createEngine({ schema: reflection.schema }).prepare(DEMO_QUERY, 'Feed');
    if (!prepared.ok) throw new Error(prepared.body);
    const body = JSON.parse((await prepared.execute({})).body) as { errors?: unknown };
    expect(body.errors).toBeUndefined();
  });
});
