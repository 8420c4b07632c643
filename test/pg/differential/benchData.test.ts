import { execute, parse } from 'graphql';
import { beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from '../../../src/engine/index.js';
import { reflect, type Reflection } from '../../../src/pg/reflect.js';
import { loadBenchData } from '../support/benchData.js';
import { runOperation } from '../support/runOperation.js';
import { useTestDatabase } from '../support/testDatabase.js';
import { handWrittenSchema } from './handWrittenSchema.js';

// Small enough for PGlite in `npm test`; interleaved parents and escaped characters included.
const SIZE = { users: 30, postsPerUser: 4, commentsPerPost: 5 };

const db = useTestDatabase(async (client) => {
  // The benchmark's data generator (plain JS, no imports), shared with bench/pg.
  const { schemaSql, seedSql } = await loadBenchData();
  for (const statement of [...schemaSql(), ...seedSql(SIZE)]) await client.query(statement);
});
let reflection: Reflection;
beforeAll(async () => {
  reflection = await reflect(db.client);
});

/** The same documents against both schemas, the reflected one and the hand-written one. */
const QUERIES: Record<string, string> = {
  Q1: '{ users(limit: 50) { id username fullName } }',
  Q3: '{ users(limit: 20) { id username posts(limit: 10) { id title comments(limit: 5) { id content author { id username } } } } }',
  everyColumn:
    '{ users(limit: 4, offset: 11) { id username fullName email bio createdAt posts(limit: 2) { id title content published createdAt } } }',
  backwards:
    '{ comments(limit: 12, offset: 40) { id content createdAt post { id title author { username } } author { id fullName } } }',
  single:
    '{ found: user(id: 7) { id username comments(limit: 3) { id post { id } } } missing: user(id: 100000) { id } }',
  aliases:
    '{ a: users(limit: 2) { key: id name: username again: username } b: users(limit: 1, offset: 5) { id } }',
  filters:
    '{ users(where: { username: { like: "user1%" } }, limit: 5) { id username } exact: users(where: { username: { eq: "user3" } }) { id } }',
  ordering: '{ user(id: 3) { posts(orderBy: [{ createdAt: DESC }], limit: 3) { id createdAt } } }',
  aggregates: '{ usersAggregate { count } users(limit: 3) { id postsAggregate { count } } }',
  fragments:
    '{ users(limit: 2) { ...U posts(limit: 1) { ... on Post { id } } } } fragment U on User { id posts(limit: 1) { title } }',
  escaping: '{ users(limit: 30) { posts(limit: 4) { title comments(limit: 5) { content } } } }',
};

describe('differential: reflected database vs hand-written graphql-js resolvers (bench data)', () => {
  it.each(Object.entries(QUERIES))('%s', async (_name, query) => {
    const expected = await execute({
      schema: handWrittenSchema(db.client),
      document: parse(query),
    });
    expect(expected.errors).toBeUndefined();
    const oracle = JSON.stringify(expected);

    const viaSeam = await runOperation(reflection.schema, query);
    expect(JSON.stringify(JSON.parse(viaSeam.body))).toBe(oracle);

    const prepared = createEngine({ schema: reflection.schema }).prepare(query);
    if (!prepared.ok) throw new Error(prepared.body);
    const outcome = await prepared.execute();
    expect(JSON.stringify(JSON.parse(outcome.body))).toBe(oracle);
  });
});
