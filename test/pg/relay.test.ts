import { graphql, GraphQLObjectType, printSchema } from 'graphql';
import { beforeAll, describe, expect, it } from 'vitest';
import { createEngine, ErrorCode } from '../../src/engine/index.js';
import { countStatements } from '../../src/pg/driver/countStatements.js';
import { reflect, type Reflection } from '../../src/pg/reflect.js';
import { runOperation } from './support/runOperation.js';
import { useTestDatabase } from './support/testDatabase.js';

/**
 * Relay global object identification (ModelOptions.relay): `Node`, `nodeId` on every type with a
 * primary key (a declared one of a view too), `node(id:)` in the operation's one statement, and
 * INVALID_NODE_ID for ids this schema did not make.
 */
const db = useTestDatabase(async (client) => {
  await client.exec(`
    CREATE TABLE users (id int8 PRIMARY KEY, name text NOT NULL);
    CREATE TABLE tags (label text, day date, PRIMARY KEY (label, day));
    CREATE TABLE posts (id int PRIMARY KEY, author_id int8 NOT NULL REFERENCES users (id),
                        node_id int);
    CREATE TABLE nodes (id int PRIMARY KEY);
    CREATE TABLE events (at timestamptz);
    CREATE TABLE racks (codes text[], slots int[], PRIMARY KEY (codes, slots));
    CREATE TABLE stations (addr inet, opens time, zone timetz, mac macaddr,
                           PRIMARY KEY (addr, opens, zone, mac));
    INSERT INTO stations VALUES ('10.1.2.3/8', '04:05:06.5', '23:00:00-03:30', '08:00:2b:01:02:03'),
                                ('::ffff:1.2.3.4', '24:00:00', '00:00:00+05:45', '00:00:00:00:00:00');
    INSERT INTO users VALUES (12345678901234567, 'ann'), (2, 'bob');
    INSERT INTO tags VALUES ('x', '2024-01-31');
    INSERT INTO posts VALUES (1, 12345678901234567, 7), (2, 2, NULL);
    INSERT INTO nodes VALUES (1);
    INSERT INTO racks VALUES ('{"a,b",c}', '{1,2}'), ('{d}', '{3}'), ('{}', '{}');
    CREATE VIEW writers AS SELECT id, name FROM users;
  `);
});
let counting: ReturnType<typeof countStatements>;
let reflection: Reflection;
beforeAll(async () => {
  counting = countStatements(db.client);
  reflection = await reflect(counting, {
    relay: true,
    viewKeys: { writers: { primaryKey: ['id'] } },
    computed: {
      users: { shout: { type: 'String!', needs: ['name'], resolve: (row) => `${row['name']}!` } },
    },
  });
});

const run = async (query: string, variables: Record<string, unknown> = {}) => {
  const prepared = createEngine({ schema: reflection.schema }).prepare(query);
  if (!prepared.ok) throw new Error(prepared.body);
  const before = counting.statements.length;
  const outcome = await prepared.execute({ variables });
  return {
    body: JSON.parse(outcome.body) as {
      data?: Record<string, unknown> | null;
      errors?: Array<{ message: string; extensions?: { code?: string } }>;
    },
    statements: counting.statements.length - before,
  };
};

/** A global id as the documented rule makes it (the tests read it back, never rely on it). */
const decode = (id: unknown) => JSON.parse(Buffer.from(id as string, 'base64').toString('utf8'));
const forge = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64');

describe('global object identification', () => {
  it('is an interface every keyed type implements, and node(id:)', () => {
    const sdl = printSchema(reflection.schema);
    expect(sdl).toContain('interface Node {');
    expect(sdl).toContain('type User implements Node {');
    expect(sdl).toContain('type Tag implements Node {');
    expect(sdl).toContain('type Writer implements Node {');
    expect(sdl).toMatch(/type Event \{/);
    expect(sdl).toMatch(/ {2}node\(\n[^)]*id: ID!\n {2}\): Node\n/);
    // Names reflection had to move: Node, node, nodes and nodeId are the schema's own.
    expect(reflection.warnings).toEqual([
      'Node is taken by a built-in name, so table public.nodes is named Node2; the rename option chooses another name.',
      'Post.nodeId is taken by a built-in name, so column posts.node_id is named Post.nodeId2; the rename option chooses another name.',
      'Query.nodes is taken by a built-in name, so the lists of nodes is named Query.nodes2; the rename option chooses another name.',
      'Query.node is taken by a built-in name, so the primary-key lookup of nodes is named Query.node2; the rename option chooses another name.',
    ]);
  });

  it('gives each row an id of its type and primary key, as text', async () => {
    const result = await run(
      '{ users { nodeId } tags { nodeId } posts { nodeId author { nodeId } } writers { nodeId } }',
    );
    const data = result.body.data as Record<string, Array<Record<string, unknown>>>;
    expect(data['users']?.map((u) => decode(u['nodeId']))).toEqual([
      ['User', '2'],
      ['User', '12345678901234567'],
    ]);
    expect(decode(data['tags']?.[0]?.['nodeId'])).toEqual(['Tag', 'x', '2024-01-31']);
    expect(decode(data['writers']?.[0]?.['nodeId'])).toEqual(['Writer', '2']);
    expect(data['posts']?.[0]?.['author']).toEqual({ nodeId: data['users']?.[1]?.['nodeId'] });
    expect(result.statements).toBe(1);
  });

  it('finds the row of any type by its id, in the one statement', async () => {
    const ids = (await run('{ users { nodeId } tags { nodeId } }')).body.data as Record<
      string,
      Array<{ nodeId: string }>
    >;
    const ann = ids['users']?.[1]?.nodeId as string;
    const tag = ids['tags']?.[0]?.nodeId as string;
    const query = `query ($a: ID!, $b: ID!) {
      a: node(id: $a) { __typename nodeId ... on User { id name } ... on Tag { label day } }
      b: node(id: $b) { __typename ... on User { id } ... on Tag { label day } }
      literal: node(id: "${tag}") { ... on Tag { label } }
      users(limit: 1) { name }
    }`;
    expect(await run(query, { a: ann, b: tag })).toEqual({
      body: {
        data: {
          a: { __typename: 'User', nodeId: ann, id: '12345678901234567', name: 'ann' },
          b: { __typename: 'Tag', label: 'x', day: '2024-01-31' },
          literal: { label: 'x' },
          users: [{ name: 'bob' }],
        },
      },
      statements: 1,
    });
    // The same document with the ids swapped: another type, another statement shape.
    expect((await run(query, { a: tag, b: ann })).body.data).toMatchObject({
      a: { __typename: 'Tag', label: 'x' },
      b: { __typename: 'User', id: '12345678901234567' },
    });
    // A well-formed id of a row that does not exist: null, as a lookup gives.
    expect((await run(query, { a: forge(['User', '99']), b: tag })).body.data?.['a']).toBeNull();
  });

  it('completes rows in value mode (a computed field) with the type they name', async () => {
    const id = forge(['User', '2']);
    expect(
      await run('query ($id: ID!) { node(id: $id) { ... on User { name shout } } }', { id }),
    ).toEqual({ body: { data: { node: { name: 'bob', shout: 'bob!' } } }, statements: 1 });
  });

  it('looks the row up by its primary key, every key value a parameter', async () => {
    const operation = await runOperation(
      reflection.schema,
      'query ($id: ID!) { node(id: $id) { nodeId ... on Tag { label } } }',
      { id: forge(['Tag', 'x', '2024-01-31']) },
    );
    expect(operation.sql).toContain(
      '"t1"."label" = $2::text::"pg_catalog"."text" AND "t1"."day" = $3::text::"pg_catalog"."date"',
    );
    expect(operation.parameters).toEqual([
      '$1 = "Tag"',
      '$2 = $id (node key 1)',
      '$3 = $id (node key 2)',
    ]);
    const node = (JSON.parse(operation.body) as { data: { node: Record<string, unknown> } }).data
      .node;
    expect([decode(node['nodeId']), node['label']]).toEqual([['Tag', 'x', '2024-01-31'], 'x']);
  });

  it('finds the rows of a table keyed by an array, and pages them by cursor', async () => {
    const all = await run('{ racksConnection(first: 5) { nodes { codes nodeId } } }');
    const racks = (all.body.data as { racksConnection: { nodes: Array<{ nodeId: string }> } })
      .racksConnection.nodes;
    expect(racks.map((s) => decode(s.nodeId))).toEqual([
      ['Rack', '{}', '{}'],
      ['Rack', '{"a,b",c}', '{1,2}'],
      ['Rack', '{d}', '{3}'],
    ]);
    for (const rack of racks) {
      const found = await run('query ($id: ID!) { node(id: $id) { nodeId } }', {
        id: rack.nodeId,
      });
      expect(found.body).toEqual({ data: { node: { nodeId: rack.nodeId } } });
    }
    const page = `query ($after: String) {
      racksConnection(first: 1, after: $after) { nodes { codes } pageInfo { endCursor } }
    }`;
    const seen: unknown[] = [];
    let after: unknown = null;
    for (let i = 0; i < 3; i++) {
      const result = await run(page, { after });
      expect(result.body.errors).toBeUndefined();
      const connection = (
        result.body.data as {
          racksConnection: { nodes: unknown[]; pageInfo: { endCursor: unknown } };
        }
      ).racksConnection;
      seen.push(...connection.nodes);
      after = connection.pageInfo.endCursor;
    }
    expect(seen).toEqual([{ codes: [] }, { codes: ['a,b', 'c'] }, { codes: ['d'] }]);
  });

  it('refuses ids it did not make with INVALID_NODE_ID, before any statement', async () => {
    const cases: Array<[unknown, string]> = [
      ['not base64!', '"not base64!" is not a global id.'],
      [forge({ type: 'User' }), 'is not a global id.'],
      [forge(['Nope', '1']), 'names no type that implements Node.'],
      [forge(['Event', '1']), 'names no type that implements Node.'],
      [forge(['User']), 'does not hold a primary key of User.'],
      [forge(['User', 'abc']), 'does not hold a primary key of User.'],
      [forge(['User', '99999999999999999999']), 'does not hold a primary key of User.'],
      [forge(['Tag', 'x', '2024-02-30']), 'does not hold a primary key of Tag.'],
    ];
    for (const [id, message] of cases) {
      const result = await run('query ($id: ID!) { node(id: $id) { nodeId } }', { id });
      expect(result.statements, String(id)).toBe(0);
      expect(result.body.data).toEqual({ node: null });
      expect(result.body.errors?.[0]?.extensions?.code).toBe(ErrorCode.INVALID_NODE_ID);
      expect(result.body.errors?.[0]?.message).toContain(message);
    }
  });

  it('reads back ids keyed by inet, time, timetz and macaddr, and refuses forged ones before SQL', async () => {
    const listed = await run('{ stations { nodeId addr opens zone mac } }');
    const stations = (listed.body.data as { stations: Array<Record<string, string>> }).stations;
    expect(stations.map((s) => decode(s['nodeId']).slice(1))).toEqual([
      ['10.1.2.3/8', '04:05:06.5', '23:00:00-03:30', '08:00:2b:01:02:03'],
      // `inet::text` writes the prefix length even when it is the address's full width.
      ['::ffff:1.2.3.4/128', '24:00:00', '00:00:00+05:45', '00:00:00:00:00:00'],
    ]);
    for (const station of stations) {
      const { nodeId, ...columns } = station;
      const found = await run(
        'query ($id: ID!) { node(id: $id) { ... on Station { addr opens zone mac } } }',
        { id: nodeId },
      );
      expect(found.body).toEqual({ data: { node: columns } });
    }
    const key = ['10.1.2.3/8', '04:05:06.5', '23:00:00-03:30', '08:00:2b:01:02:03'];
    const forged = [
      ['10.1.2.300/8', key[1], key[2], key[3]],
      [key[0], '25:00:00', key[2], key[3]],
      [key[0], key[1], '23:00:00+16', key[3]],
      [key[0], key[1], key[2], '08:00:2b:01:02'],
    ];
    for (const values of forged) {
      const result = await run('query ($id: ID!) { node(id: $id) { nodeId } }', {
        id: forge(['Station', ...values]),
      });
      expect(result.statements, values.join()).toBe(0);
      expect(result.body.errors?.[0]?.extensions?.code).toBe(ErrorCode.INVALID_NODE_ID);
    }
  });

  it('gives the rows a mutation returns their ids', async () => {
    const created = await run(
      'mutation { createTag(input: { label: "new", day: "2024-03-01" }) { nodeId label } }',
    );
    const tag = (created.body.data as { createTag: { nodeId: string } }).createTag;
    expect(decode(tag.nodeId)).toEqual(['Tag', 'new', '2024-03-01']);
    const found = await run('query ($id: ID!) { node(id: $id) { ... on Tag { label } } }', {
      id: tag.nodeId,
    });
    expect(found.body).toEqual({ data: { node: { label: 'new' } } });
  });

  it('finds the rows of several ids with nodes(ids:), in their order, in the one statement', async () => {
    const ids = (await run('{ users { nodeId } tags { nodeId label } }')).body.data as Record<
      string,
      Array<{ nodeId: string; label?: string }>
    >;
    const label = ids['tags']?.[0]?.label;
    const [bob, ann] = (ids['users'] ?? []).map((u) => u.nodeId) as [string, string];
    const tag = ids['tags']?.[0]?.nodeId as string;
    const missing = forge(['User', '99']);
    const query = `query ($ids: [ID!]!) {
      nodes(ids: $ids) { __typename nodeId ... on User { name shout } ... on Tag { label } }
      users(limit: 1) { name }
    }`;
    const found = await run(query, { ids: [tag, ann, missing, bob, ann] });
    expect(found).toEqual({
      body: {
        data: {
          nodes: [
            { __typename: 'Tag', nodeId: tag, label },
            { __typename: 'User', nodeId: ann, name: 'ann', shout: 'ann!' },
            null,
            { __typename: 'User', nodeId: bob, name: 'bob', shout: 'bob!' },
            { __typename: 'User', nodeId: ann, name: 'ann', shout: 'ann!' },
          ],
          users: [{ name: 'bob' }],
        },
      },
      statements: 1,
    });
    // The same types in the same order: the same statement, other keys as parameters.
    const again = await run(query, { ids: [tag, bob, ann, ann, missing] });
    expect(
      (again.body.data?.['nodes'] as Array<{ name?: string } | null>).map((n) => n?.name ?? null),
    ).toEqual([null, 'bob', 'ann', 'ann', null]);
    const none = await run('{ nodes(ids: []) { nodeId } }');
    expect(none.body).toEqual({ data: { nodes: [] } });
    const literal = await run(`{ nodes(ids: ["${bob}"]) { ... on User { name } } }`);
    expect(literal.body).toEqual({ data: { nodes: [{ name: 'bob' }] } });
  });

  it('refuses a malformed id in nodes(ids:) with INVALID_NODE_ID, and more ids than maxPageSize', async () => {
    const bad = await run('query ($ids: [ID!]!) { nodes(ids: $ids) { nodeId } }', {
      ids: [forge(['User', '2']), 'not an id'],
    });
    expect(bad.body.errors?.[0]?.extensions?.code).toBe(ErrorCode.INVALID_NODE_ID);
    expect(bad.statements).toBe(0);
    const many = await run('query ($ids: [ID!]!) { nodes(ids: $ids) { nodeId } }', {
      ids: Array.from({ length: 1001 }, () => forge(['User', '2'])),
    });
    expect(many.body.errors?.[0]).toMatchObject({
      message: '"nodes" takes at most 1000 ids (got 1001).',
      extensions: { code: 'BAD_USER_INPUT' },
    });
  });

  it('works on plain graphql-js too (the fallback resolvers)', async () => {
    const result = await graphql({
      schema: reflection.schema,
      source: 'query ($id: ID!) { node(id: $id) { __typename ... on Tag { label } } }',
      variableValues: { id: forge(['Tag', 'x', '2024-01-31']) },
    });
    expect(result).toEqual({ data: { node: { __typename: 'Tag', label: 'x' } } });
  });

  it('is off by default', async () => {
    const plain = await reflect(db.client);
    // Node and node are then the table nodes' type and lookup; no interface, no ID.
    expect(plain.schema.getType('Node')).toBeInstanceOf(GraphQLObjectType);
    expect(printSchema(plain.schema)).not.toMatch(/implements|interface|: ID!/);
    expect(plain.warnings).toEqual([]);
  });
});
