import { execute, parse, type GraphQLEnumType, type GraphQLObjectType } from 'graphql';
import { beforeAll, describe, expect, it } from 'vitest';
import { createEngine, ErrorCode } from '../../src/engine/index.js';
import { explain } from '../../src/pg/explain.js';
import { reflect, type Reflection } from '../../src/pg/reflect.js';
import { runOperation } from './support/runOperation.js';
import { useTestDatabase } from './support/testDatabase.js';

/**
 * Enums whose labels are not GraphQL names, a table linked to itself through a junction, two
 * foreign keys to the same table, int8 keys, response keys PostgreSQL cannot use as column names,
 * and every way a request can be refused.
 */
const db = useTestDatabase(async (client) => {
  await client.exec(`
    CREATE TYPE task_state AS ENUM ('to-do', 'in progress', 'done');
    CREATE TABLE people (id int8 PRIMARY KEY, name text NOT NULL, nick text);
    CREATE TABLE follows (
      follower_id int8 NOT NULL REFERENCES people (id),
      followee_id int8 NOT NULL REFERENCES people (id),
      PRIMARY KEY (follower_id, followee_id)
    );
    CREATE TABLE tasks (
      id serial PRIMARY KEY,
      owner_id int8 NOT NULL REFERENCES people (id),
      reviewer_id int8 REFERENCES people (id),
      state task_state NOT NULL,
      history task_state[] NOT NULL DEFAULT '{}',
      due date,
      done_at timestamp,
      took interval
    );
    INSERT INTO people VALUES (1, 'Ann', NULL), (2, 'Bob', 'bobby'), (3, 'Cy', 'c');
    INSERT INTO follows VALUES (1, 2), (1, 3), (3, 1);
    INSERT INTO tasks (owner_id, reviewer_id, state, history, due, done_at, took) VALUES
      (1, 2, 'to-do', '{}', '2024-05-01', NULL, NULL),
      (1, NULL, 'in progress', '{to-do}', NULL, NULL, '1 day'),
      (2, 1, 'done', '{to-do,in progress}', '2024-04-01', '2024-04-02 10:30:00', '2 hours');
  `);
});
let reflection: Reflection;
beforeAll(async () => {
  reflection = await reflect(db.client);
});

const data = async (query: string, variables: Record<string, unknown> = {}) => {
  const run = await runOperation(reflection.schema, query, variables);
  return JSON.parse(run.body) as {
    data?: Record<string, unknown>;
    errors?: Array<{ message: string; extensions?: { code?: string } }>;
  };
};

describe('reflection names', () => {
  it('names relations after foreign keys, and disambiguates', () => {
    const person = reflection.schema.getType('Person') as GraphQLObjectType;
    expect(Object.keys(person.getFields())).toEqual(
      expect.arrayContaining([
        'followsByFollowerId',
        'followsByFolloweeId',
        'tasksByOwnerId',
        'tasksByReviewerId',
        'peopleByFollowsFolloweeId',
        'peopleByFollowsFollowerId',
      ]),
    );
    const task = reflection.schema.getType('Task') as GraphQLObjectType;
    expect(String(task.getFields()['owner']?.type)).toBe('Person!');
    expect(String(task.getFields()['reviewer']?.type)).toBe('Person');
    expect(String(task.getFields()['history']?.type)).toBe('[TaskState]!');
    expect(String(task.getFields()['took']?.type)).toBe('String');
    const state = reflection.schema.getType('TaskState') as GraphQLEnumType;
    expect(state.getValues().map((v) => [v.name, v.value])).toEqual([
      ['TO_DO', 'to-do'],
      ['IN_PROGRESS', 'in progress'],
      ['done', 'done'],
    ]);
  });
});

describe('values', () => {
  it('writes enum labels as GraphQL names (scalar and array), in json and value mode', async () => {
    const query = `{ tasks { id state history took due doneAt owner { id name } } }`;
    const viaSeam = await data(query);
    const expected = {
      tasks: [
        {
          id: 1,
          state: 'TO_DO',
          history: [],
          took: null,
          due: '2024-05-01',
          doneAt: null,
          owner: { id: '1', name: 'Ann' },
        },
        {
          id: 2,
          state: 'IN_PROGRESS',
          history: ['TO_DO'],
          took: '1 day',
          due: null,
          doneAt: null,
          owner: { id: '1', name: 'Ann' },
        },
        {
          id: 3,
          state: 'done',
          history: ['TO_DO', 'IN_PROGRESS'],
          took: '02:00:00',
          due: '2024-04-01',
          doneAt: '2024-04-02T10:30:00',
          owner: { id: '2', name: 'Bob' },
        },
      ],
    };
    expect(viaSeam).toEqual({ data: expected });
    // Plain graphql-js runs the fallback resolvers: labels are serialized by the enum type.
    const viaGraphQLJS = await execute({ schema: reflection.schema, document: parse(query) });
    expect(JSON.parse(JSON.stringify(viaGraphQLJS))).toEqual({ data: expected });
  });

  it('filters on enum names and self many-to-many', async () => {
    const result = await data(`{
      tasks(where: { state: { in: [TO_DO, done] } }) { id }
      person(id: "1") { peopleByFollowsFolloweeId { name } peopleByFollowsFollowerId { name } }
    }`);
    expect(result).toEqual({
      data: {
        tasks: [{ id: 1 }, { id: 3 }],
        person: {
          peopleByFollowsFolloweeId: [{ name: 'Bob' }, { name: 'Cy' }],
          peopleByFollowsFollowerId: [{ name: 'Cy' }],
        },
      },
    });
  });

  it('compares timestamps and dates as PostgreSQL reads the text (no rounding, no time zone shift)', async () => {
    const result = await data(`{
      exact: tasks(where: { doneAt: { eq: "2024-04-02T10:30:00" } }) { id }
      micro: tasks(where: { doneAt: { eq: "2024-04-02T10:30:00.000001" } }) { id }
      day: tasks(where: { due: { lt: "2024-04-02" } }) { id }
    }`);
    expect(result).toEqual({ data: { exact: [{ id: 3 }], micro: [], day: [{ id: 3 }] } });
  });

  it('keeps response keys longer than PostgreSQL identifiers (63 bytes)', async () => {
    const long = 'a'.repeat(70);
    const result = await data(`{ people(limit: 1) { ${long}: name } }`);
    expect(result).toEqual({ data: { people: [{ [long]: 'Ann' }] } });
  });

  it('answers a connection whose selection aggregates nothing (totalCount, pageInfo flags)', async () => {
    const result = await data(`{
      peopleConnection { totalCount }
      empty: peopleConnection(where: { id: { gt: "9" } }) { __typename totalCount }
      flags: peopleConnection(first: 1) { pageInfo { hasPreviousPage } }
    }`);
    expect(result).toEqual({
      data: {
        peopleConnection: { totalCount: 3 },
        empty: { __typename: 'PersonConnection', totalCount: 0 },
        flags: { pageInfo: { hasPreviousPage: false } },
      },
    });
  });

  it('treats SQL in values as data', async () => {
    const result = await data(`query ($n: String) { people(where: { name: { eq: $n } }) { id } }`, {
      n: "Ann'; DROP TABLE people; --",
    });
    expect(result).toEqual({ data: { people: [] } });
    expect(await data('{ peopleAggregate { count } }')).toEqual({
      data: { peopleAggregate: { count: 3 } },
    });
  });
});

describe('refused requests', () => {
  const codeOf = async (query: string, variables: Record<string, unknown> = {}) => {
    const result = await data(query, variables);
    return { code: result.errors?.[0]?.extensions?.code, message: result.errors?.[0]?.message };
  };

  it('refuses negative limits and offsets', async () => {
    expect(await codeOf('query ($n: Int) { people(limit: $n) { id } }', { n: -1 })).toEqual({
      code: ErrorCode.BAD_USER_INPUT,
      message: 'Argument "limit" must not be negative (got -1).',
    });
    expect((await codeOf('{ people(offset: -5) { id } }')).code).toBe(ErrorCode.BAD_USER_INPUT);
    expect((await codeOf('{ peopleConnection(first: -1) { totalCount } }')).code).toBe(
      ErrorCode.BAD_USER_INPUT,
    );
  });

  it('refuses first together with last', async () => {
    expect(await codeOf('{ peopleConnection(first: 1, last: 1) { totalCount } }')).toEqual({
      code: ErrorCode.BAD_USER_INPUT,
      message: 'Pass either "first" or "last" to a connection, not both.',
    });
  });

  it('refuses cursors it did not make', async () => {
    expect(
      (await codeOf('{ peopleConnection(after: "not base64 json!") { totalCount } }')).code,
    ).toBe(ErrorCode.BAD_USER_INPUT);
    const numbers = Buffer.from('[1, 2]').toString('base64');
    expect(await codeOf(`{ peopleConnection(after: "${numbers}") { totalCount } }`)).toEqual({
      code: ErrorCode.BAD_USER_INPUT,
      message: 'Invalid cursor: it was not made by this list with this orderBy.',
    });
    const unsigned = Buffer.from('["1"]').toString('base64');
    expect((await codeOf(`{ peopleConnection(after: "${unsigned}") { totalCount } }`)).code).toBe(
      ErrorCode.BAD_USER_INPUT,
    );
  });

  it('refuses a cursor made under another orderBy instead of giving a wrong page', async () => {
    const first = await data(
      '{ peopleConnection(first: 1, orderBy: [{ name: DESC }]) { edges { cursor node { name } } } }',
    );
    const edges = (first.data?.['peopleConnection'] as { edges: Array<{ cursor: string }> }).edges;
    expect(edges.map((e) => (e as unknown as { node: { name: string } }).node.name)).toEqual([
      'Cy',
    ]);
    const cursor = edges[0]?.cursor;
    const page = (orderBy: string, cursorVariable = cursor) =>
      data(
        `query ($c: String) { peopleConnection(first: 5, after: $c${orderBy}) { nodes { name } } }`,
        { c: cursorVariable },
      );
    // The same orderBy: the next page.
    expect(await page(', orderBy: [{ name: DESC }]')).toEqual({
      data: { peopleConnection: { nodes: [{ name: 'Bob' }, { name: 'Ann' }] } },
    });
    const refused = {
      code: ErrorCode.BAD_USER_INPUT,
      message:
        'Invalid cursor: it was made under a different orderBy (or for another list); request the first page again with this orderBy.',
    };
    // Same number of sort keys, other direction: without the check this silently gives a page.
    for (const orderBy of [
      ', orderBy: [{ name: ASC }]',
      ', orderBy: [{ name: DESC_NULLS_LAST }]',
      ', orderBy: [{ nick: DESC }]',
      '',
    ]) {
      const result = await page(orderBy);
      expect(result.data ?? null, orderBy).toBeNull();
      expect(
        { code: result.errors?.[0]?.extensions?.code, message: result.errors?.[0]?.message },
        orderBy,
      ).toEqual(refused);
    }
    // Another list with a key of the same type (tasks by id): refused as well.
    const task = await data('{ tasksConnection(first: 1) { edges { cursor } } }');
    const taskCursor = (task.data?.['tasksConnection'] as { edges: Array<{ cursor: string }> })
      .edges[0]?.cursor;
    const other = await page('', taskCursor);
    expect(other.errors?.[0]?.extensions?.code).toBe(ErrorCode.BAD_USER_INPUT);
  });

  it('refuses an orderBy item with two fields', async () => {
    expect((await codeOf('{ people(orderBy: [{ name: ASC, nick: DESC }]) { id } }')).code).toBe(
      ErrorCode.BAD_USER_INPUT,
    );
  });

  it('reports a value PostgreSQL refuses as BAD_USER_INPUT with its SQLSTATE, not its message', async () => {
    // `took` is an interval, a String in GraphQL: only PostgreSQL can read the text.
    const result = await data('{ tasks(where: { took: { eq: "two fortnights" } }) { id } }');
    expect(result.errors?.[0]).toEqual({
      message: 'A value could not be used by the database: it is malformed or out of range.',
      extensions: { code: ErrorCode.BAD_USER_INPUT, sqlState: '22007' },
    });
    // A date that does not exist is the client's mistake, refused before the database.
    const impossible = await data('{ tasks(where: { due: { eq: "2024-13-45" } }) { id } }');
    expect(impossible.errors?.[0]?.message).toBe(
      'Date cannot represent a date that does not exist: "2024-13-45"',
    );
  });

  it('refuses bad scalar input during coercion, through the engine', async () => {
    const engine = createEngine({ schema: reflection.schema });
    const prepared = engine.prepare('query ($id: BigInt!) { person(id: $id) { name } }');
    if (!prepared.ok) throw new Error(prepared.body);
    const outcome = await prepared.execute({ variables: { id: '12abc' } });
    const body = JSON.parse(outcome.body) as { errors: Array<{ extensions: { code: string } }> };
    expect(body.errors[0]?.extensions.code).toBe(ErrorCode.BAD_USER_INPUT);
  });

  it('puts source errors in the response through the engine, with the field path', async () => {
    const engine = createEngine({ schema: reflection.schema });
    const prepared = engine.prepare('{ people(limit: -1) { id } }');
    if (!prepared.ok) throw new Error(prepared.body);
    const outcome = await prepared.execute();
    const body = JSON.parse(outcome.body) as {
      errors: Array<{ path: unknown; extensions: { code: string } }>;
    };
    expect(body.errors[0]?.extensions.code).toBe(ErrorCode.BAD_USER_INPUT);
    expect(body.errors[0]?.path).toEqual(['people']);
  });
});

describe('explain', () => {
  it('returns the SQL, where each parameter comes from, and the plan', async () => {
    const result = await explain(
      reflection.schema,
      'query ($n: Int) { people(limit: $n, where: { name: { like: "A%" } }) { name } }',
      { variables: { n: 2 }, analyze: true },
    );
    // The list's JSON built in PostgreSQL (plain rows only with the plainRows option).
    expect(result.sql).toMatch(/^SELECT \(SELECT coalesce\(array_to_json\(array_agg\(/);
    expect(result.sql).toMatch(/FROM "public"\."people" AS "t\d+" WHERE /);
    expect(result.parameters).toEqual([
      { name: '$1', from: 'literal "A%"', value: 'A%' },
      { name: '$2', from: '$n', value: 2 },
    ]);
    expect(result.plan).toMatch(/actual time=/);
  });
});
