import type { GraphQLField, GraphQLObjectType } from 'graphql';
import { beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, getFieldSource } from '../../src/engine/index.js';
import { reflect, type Reflection } from '../../src/pg/reflect.js';
import { engineRequester, type ResponseBody } from './support/engineRequest.js';
import { useTestDatabase } from './support/testDatabase.js';

/**
 * Every reflected list and connection is bounded: `defaultPageSize` rows when the request gives
 * no size (or null), at most `maxPageSize` when it does, at the root and per parent row.
 */
const db = useTestDatabase(async (client) => {
  await client.exec(`
    CREATE TABLE authors (id int4 PRIMARY KEY, name text NOT NULL);
    CREATE TABLE posts (id int4 PRIMARY KEY, author_id int4 NOT NULL REFERENCES authors (id));
    CREATE TABLE tags (id int4 PRIMARY KEY);
    CREATE TABLE post_tags (
      post_id int4 NOT NULL REFERENCES posts (id),
      tag_id int4 NOT NULL REFERENCES tags (id),
      PRIMARY KEY (post_id, tag_id)
    );
    INSERT INTO authors SELECT i, 'a' || i FROM generate_series(1, 150) AS i;
    INSERT INTO posts SELECT i, 1 FROM generate_series(1, 150) AS i;
    INSERT INTO tags VALUES (1);
    INSERT INTO post_tags SELECT i, 1 FROM generate_series(1, 150) AS i;
  `);
});
let reflection: Reflection;
let request: (query: string, variables?: Record<string, unknown>) => Promise<ResponseBody>;
beforeAll(async () => {
  reflection = await reflect(db.client);
  request = engineRequester(reflection.schema);
});

const lengthAt = (body: ResponseBody, ...path: string[]): number => {
  let value: unknown = body.data;
  for (const key of path) value = (value as Record<string, unknown>)[key];
  return (value as unknown[]).length;
};

describe('default page size', () => {
  it('gives lists and connections without a size 100 rows, at the root', async () => {
    const body = await request(`{
      authors { id }
      authorsConnection { nodes { id } edges { cursor } pageInfo { hasNextPage } }
    }`);
    expect(body.errors).toBeUndefined();
    expect(lengthAt(body, 'authors')).toBe(100);
    expect(lengthAt(body, 'authorsConnection', 'nodes')).toBe(100);
    expect(lengthAt(body, 'authorsConnection', 'edges')).toBe(100);
  });

  it('bounds nested to-many and many-to-many lists and connections per parent row', async () => {
    const body = await request(`{
      author(id: 1) { posts { id } postsConnection { nodes { id } } }
      tag(id: 1) { posts { id } postsConnection { edges { node { id } } } }
    }`);
    expect(body.errors).toBeUndefined();
    expect(lengthAt(body, 'author', 'posts')).toBe(100);
    expect(lengthAt(body, 'author', 'postsConnection', 'nodes')).toBe(100);
    expect(lengthAt(body, 'tag', 'posts')).toBe(100);
    expect(lengthAt(body, 'tag', 'postsConnection', 'edges')).toBe(100);
  });

  it('reads an explicit null (literal or variable) as the default, not as unbounded', async () => {
    const body = await request(
      `query ($n: Int, $f: Int) {
        literal: authors(limit: null) { id }
        variable: authors(limit: $n) { id }
        absent: authors(limit: $absent) { id }
        first: authorsConnection(first: $f) { nodes { id } }
        both: authorsConnection(first: null, last: null) { nodes { id } }
      }`.replace('$absent', '$f'),
      { n: null, f: null },
    );
    expect(body.errors).toBeUndefined();
    for (const key of ['literal', 'variable', 'absent']) expect(lengthAt(body, key)).toBe(100);
    expect(lengthAt(body, 'first', 'nodes')).toBe(100);
    expect(lengthAt(body, 'both', 'nodes')).toBe(100);
  });

  it('pages through a connection with the default size and correct pageInfo', async () => {
    const page = `query ($after: String) {
      authorsConnection(after: $after) {
        nodes { id }
        pageInfo { hasNextPage hasPreviousPage startCursor endCursor }
      }
    }`;
    type Page = {
      nodes: Array<{ id: number }>;
      pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; endCursor: string };
    };
    const one = (await request(page)).data?.['authorsConnection'] as Page;
    expect(one.nodes.map((n) => n.id)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
    expect(one.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: false });
    const two = (await request(page, { after: one.pageInfo.endCursor })).data?.[
      'authorsConnection'
    ] as Page;
    expect(two.nodes.map((n) => n.id)).toEqual(Array.from({ length: 50 }, (_, i) => i + 101));
    expect(two.pageInfo).toMatchObject({ hasNextPage: false, hasPreviousPage: true });
    // `before` without a size: the first 100 rows before the cursor (rows 1 to 100 of 149).
    const before = (
      await request(
        `query ($before: String) { authorsConnection(last: null, before: $before) { nodes { id } pageInfo { hasPreviousPage hasNextPage } } }`,
        { before: two.pageInfo.endCursor },
      )
    ).data?.['authorsConnection'] as Page;
    expect(before.nodes.map((n) => n.id)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
    expect(before.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: false });
  });
});

describe('maximum page size', () => {
  const refused = (name: string, got: number) => ({
    code: ErrorCode.BAD_USER_INPUT,
    message: `Argument "${name}" must be at most 1000 (got ${got}).`,
  });
  const firstError = (body: ResponseBody) => ({
    code: body.errors?.[0]?.extensions?.code,
    message: body.errors?.[0]?.message,
  });

  it('accepts the maximum', async () => {
    const body = await request(
      '{ authors(limit: 1000) { id } authorsConnection(last: 1000) { totalCount } }',
    );
    expect(body.errors).toBeUndefined();
    expect(lengthAt(body, 'authors')).toBe(150);
  });

  it('refuses a literal above it, on every list and connection', async () => {
    for (const [query, name] of [
      ['{ authors(limit: 1001) { id } }', 'limit'],
      ['{ authorsConnection(first: 1001) { totalCount } }', 'first'],
      ['{ authorsConnection(last: 1001) { totalCount } }', 'last'],
      ['{ author(id: 1) { posts(limit: 1001) { id } } }', 'limit'],
      ['{ author(id: 1) { postsConnection(first: 1001) { totalCount } } }', 'first'],
      ['{ tag(id: 1) { posts(limit: 1001) { id } } }', 'limit'],
    ] as const) {
      expect(firstError(await request(query)), query).toEqual(refused(name, 1001));
    }
  });

  it('refuses a variable above it, through fragments and aliases', async () => {
    const body = await request(
      `query ($n: Int) { a: author(id: 1) { ...F } }
       fragment F on Author { p: postsConnection(first: $n) { nodes { id } } }`,
      { n: 5000 },
    );
    expect(firstError(body)).toEqual(refused('first', 5000));
    expect(body.errors?.[0]?.path).toEqual(['a']);
  });

  it('still refuses negative sizes', async () => {
    const body = await request('query ($n: Int) { authors(limit: $n) { id } }', { n: -1 });
    expect(firstError(body)).toEqual({
      code: ErrorCode.BAD_USER_INPUT,
      message: 'Argument "limit" must not be negative (got -1).',
    });
  });
});

describe('options', () => {
  it('takes another default and maximum', async () => {
    const small = await reflect(db.client, { defaultPageSize: 5, maxPageSize: 20 });
    const run = engineRequester(small.schema);
    const body = await run('{ authors { id } author(id: 1) { postsConnection { nodes { id } } } }');
    expect(lengthAt(body, 'authors')).toBe(5);
    expect(lengthAt(body, 'author', 'postsConnection', 'nodes')).toBe(5);
    const refused = await run('{ authors(limit: 21) { id } }');
    expect(refused.errors?.[0]?.message).toBe('Argument "limit" must be at most 20 (got 21).');
    const limit = (small.schema.getQueryType()?.getFields()['authors']?.args ?? []).find(
      (a) => a.name === 'limit',
    );
    expect(limit?.defaultValue).toBe(5);
  });

  it('refuses a default above the maximum, or sizes that are not positive integers', async () => {
    await expect(reflect(db.client, { defaultPageSize: 50, maxPageSize: 20 })).rejects.toThrow(
      /defaultPageSize \(50\) must not be larger than maxPageSize \(20\)/,
    );
    await expect(reflect(db.client, { maxPageSize: 0 })).rejects.toThrow(/maxPageSize/);
    await expect(reflect(db.client, { defaultPageSize: 1.5 })).rejects.toThrow(/defaultPageSize/);
  });
});

describe('schema', () => {
  const field = (type: string, name: string): GraphQLField<unknown, unknown> => {
    const t = reflection.schema.getType(type) as GraphQLObjectType;
    return t.getFields()[name] as GraphQLField<unknown, unknown>;
  };
  const listSize = (f: GraphQLField<unknown, unknown>) =>
    (f.extensions as { sluice?: { listSize?: unknown } }).sluice?.listSize;

  it('gives limit the default page size as its default value; first and last none', () => {
    const args = (f: GraphQLField<unknown, unknown>) =>
      Object.fromEntries(f.args.map((a) => [a.name, [String(a.type), a.defaultValue]]));
    expect(args(field('Query', 'authors'))['limit']).toEqual(['Int', 100]);
    expect(args(field('Author', 'posts'))['limit']).toEqual(['Int', 100]);
    expect(args(field('Query', 'authorsConnection'))['first']).toEqual(['Int', undefined]);
    expect(args(field('Query', 'authorsConnection'))['last']).toEqual(['Int', undefined]);
  });

  it('annotates every list and connection with its size for the cost estimate', () => {
    const list = { slicingArguments: ['limit'], assumedSize: 100 };
    const connection = {
      slicingArguments: ['first', 'last'],
      assumedSize: 100,
      sizedFields: ['nodes', 'edges'],
    };
    expect(listSize(field('Query', 'authors'))).toEqual(list);
    expect(listSize(field('Query', 'authorsConnection'))).toEqual(connection);
    expect(listSize(field('Author', 'posts'))).toEqual(list);
    expect(listSize(field('Author', 'postsConnection'))).toEqual(connection);
    expect(listSize(field('Tag', 'posts'))).toEqual(list);
    expect(listSize(field('Tag', 'postsConnection'))).toEqual(connection);
    expect(listSize(field('AuthorAggregate', 'groups'))).toEqual({
      slicingArguments: ['limit'],
      assumedSize: 100,
    });
    // Not lists: no annotation.
    expect(listSize(field('Query', 'author'))).toBeUndefined();
    expect(listSize(field('Query', 'authorsAggregate'))).toBeUndefined();
    expect(listSize(field('Post', 'author'))).toBeUndefined();
    // Root fields keep their source beside it.
    expect(getFieldSource(field('Query', 'authors'))).toBe(reflection.source);
    expect(getFieldSource(field('Query', 'authorsConnection'))).toBe(reflection.source);
  });
});

describe('the cost estimate, from the page sizes the SQL applies', () => {
  // Every field costs 1; a list's selections count once per row its page can hold.
  const costOf = async (query: string, variables: Record<string, unknown> = {}) => {
    const measure = engineRequester(reflection.schema, { maxCost: 0 });
    const body = await measure(query, variables);
    expect(body.errors?.[0]?.extensions?.code).toBe(ErrorCode.COST_LIMIT_EXCEEDED);
    return Number(/Query cost of (\d+)/.exec(body.errors?.[0]?.message ?? '')?.[1]);
  };

  it('counts an unbounded list as the default page size, nested lists multiplying', async () => {
    expect(await costOf('{ authors { id } }')).toBe(1 + 100 * 1);
    expect(await costOf('{ authors { posts { id } } }')).toBe(1 + 100 * (1 + 100 * 1));
    // Under the default maximum cost, three nested unbounded lists are refused before any SQL.
    const refused = await engineRequester(reflection.schema)(
      '{ authors { posts { tags { id } } } }',
    );
    expect(refused.errors?.[0]?.extensions?.code).toBe(ErrorCode.COST_LIMIT_EXCEEDED);
  });

  it('counts the limit given, literal or variable, and a connection page for nodes and edges', async () => {
    expect(await costOf('{ authors(limit: 3) { posts(limit: 2) { id } } }')).toBe(1 + 3 * (1 + 2));
    expect(await costOf('query ($n: Int) { authors(limit: $n) { id } }', { n: 7 })).toBe(1 + 7);
    expect(await costOf('{ authorsConnection(first: 5) { totalCount nodes { id name } } }')).toBe(
      1 + 1 + 1 + 5 * 2,
    );
    expect(await costOf('{ authorsConnection { nodes { id } } }')).toBe(1 + 1 + 100 * 1);
  });

  it('counts the groups of an aggregate as a list of limit (or the default page size) groups', async () => {
    expect(
      await costOf(
        '{ postsAggregate { count groups(groupBy: [AUTHOR_ID], limit: 4) { count keys { authorId } } } }',
      ),
    ).toBe(1 + 1 + 1 + 4 * (1 + 1 + 1));
    expect(
      await costOf(
        'query ($n: Int) { postsAggregate { groups(groupBy: [AUTHOR_ID], limit: $n) { count } } }',
        { n: 9 },
      ),
    ).toBe(1 + 1 + 9 * 1);
    expect(
      await costOf('{ authors(limit: 2) { postsAggregate { groups(groupBy: [ID]) { count } } } }'),
    ).toBe(1 + 2 * (1 + 1 + 100 * 1));
  });
});
