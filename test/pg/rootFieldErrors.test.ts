import { parse, type ExecutionResult } from 'graphql';
import { beforeAll, describe, expect, it } from 'vitest';
import { execute, executeJSON } from '../../src/engine/index.js';
import { countStatements } from '../../src/pg/driver/countStatements.js';
import { reflect, type Reflection } from '../../src/pg/reflect.js';
import { countedRunner } from './support/reflectedRun.js';
import { useTestDatabase } from './support/testDatabase.js';

/**
 * A root field whose request values the SQL builder refuses (a forged node id, a negative limit,
 * a cursor Sluice did not make) is a field error of that field alone: the operation's other
 * database root fields are still answered, by one statement built without it.
 */
const db = useTestDatabase(async (client) => {
  await client.exec(`
    CREATE TABLE users (id int PRIMARY KEY, name text NOT NULL);
    INSERT INTO users VALUES (1, 'ann'), (2, 'bob');
  `);
});
let counting: ReturnType<typeof countStatements>;
let reflection: Reflection;
beforeAll(async () => {
  counting = countStatements(db.client);
  reflection = await reflect(counting, { relay: true });
});

interface Body {
  data?: Record<string, unknown> | null;
  errors?: Array<{ message: string; path?: unknown[]; extensions?: { code?: string } }>;
}

/** The answer through the engine's server path, with how many statements it ran. */
const run = countedRunner<Body>(
  () => reflection.schema,
  () => counting,
);

/** The answer of both emitters (JSON text and result object), which must agree. */
const both = async (query: string, variables: Record<string, unknown> = {}) => {
  const args = { schema: reflection.schema, document: parse(query), variableValues: variables };
  const text = await executeJSON(args);
  const object = (await execute(args)) as ExecutionResult;
  const viaObject = JSON.parse(JSON.stringify(object)) as Body;
  expect(JSON.parse(text)).toEqual(viaObject);
  return viaObject;
};

const shape = (body: Body) => ({
  data: body.data,
  errors: body.errors?.map(({ path, extensions }) => ({ path, code: extensions?.code })),
});

describe('a root field refused while its SQL is built', () => {
  it('gives a forged node id as the error of that field alone', async () => {
    const result = await run('{ a: user(id: 1) { id } b: node(id: "garbage") { nodeId } }');
    expect(shape(result.body)).toEqual({
      data: { a: { id: 1 }, b: null },
      errors: [{ path: ['b'], code: 'INVALID_NODE_ID' }],
    });
    expect(result.body.errors?.[0]?.message).toContain('"garbage" is not a global id.');
    expect(result.statements).toBe(1);
  });

  it('keeps a non-null sibling, through a variable and a fragment', async () => {
    const query = `query ($id: ID!) { users(orderBy: {id: ASC}) { name } ...F }
      fragment F on Query { node(id: $id) { ... on User { id } } }`;
    for (const id of ['garbage', Buffer.from('["User","abc"]').toString('base64')]) {
      const result = await run(query, { id });
      expect(shape(result.body), id).toEqual({
        data: { users: [{ name: 'ann' }, { name: 'bob' }], node: null },
        errors: [{ path: ['node'], code: 'INVALID_NODE_ID' }],
      });
      expect(result.statements).toBe(1);
      expect(shape(await both(query, { id }))).toEqual(shape(result.body));
    }
    // A valid id afterwards: the same statement shape answers both fields.
    const ann = Buffer.from('["User","1"]').toString('base64');
    expect((await run(query, { id: ann })).body).toEqual({
      data: { users: [{ name: 'ann' }, { name: 'bob' }], node: { id: 1 } },
    });
  });

  it('gives a negative limit and a forged cursor to their own fields', async () => {
    const query = `query ($n: Int, $after: String) {
      a: users(limit: $n) { id }
      b: user(id: 2) { name }
      c: usersConnection(first: 1, after: $after) { nodes { id } }
    }`;
    // `a` is non-null: its error makes data null, as any non-null field's error does; `b` and
    // `c` have none.
    const negative = await run(query, { n: -1 });
    expect(shape(negative.body)).toEqual({
      data: null,
      errors: [{ path: ['a'], code: 'BAD_USER_INPUT' }],
    });
    expect(negative.body.errors?.[0]?.message).toBe(
      'Argument "limit" must not be negative (got -1).',
    );
    expect(shape(await both(query, { n: -1 }))).toEqual(shape(negative.body));
    const cursor = await run(query, { after: 'forged' });
    expect(shape(cursor.body)).toEqual({
      data: null,
      errors: [{ path: ['c'], code: 'BAD_USER_INPUT' }],
    });
    expect(cursor.statements).toBe(1);
    expect(shape(await both(query, { after: 'forged' }))).toEqual(shape(cursor.body));
  });

  it('gives each failing field its error, and runs no statement when all fail', async () => {
    const result = await run('{ a: node(id: "x") { nodeId } b: users(limit: -1) { id } }');
    expect(shape(result.body)).toEqual({
      data: null,
      errors: [
        { path: ['a'], code: 'INVALID_NODE_ID' },
        { path: ['b'], code: 'BAD_USER_INPUT' },
      ],
    });
    expect(result.statements).toBe(0);
  });
});
