import { beforeAll, describe, expect, it } from 'vitest';
import { reflect, type Reflection } from '../../src/pg/reflect.js';
import { runOperation } from './support/runOperation.js';
import { useTestDatabase } from './support/testDatabase.js';

/**
 * A filter that sets no condition (null operators, `{}`, `and: []`) is no condition wherever it
 * sits: inside `and`/`or` items and under `not` alike, so an optional variable switches a filter
 * off the same way at any depth (docs/pg.md, "Queries").
 */
const db = useTestDatabase(async (client) => {
  await client.exec(`
    CREATE TABLE people (id int PRIMARY KEY, score int);
    INSERT INTO people VALUES (1, 1), (2, NULL), (3, 3);
  `);
});
let reflection: Reflection;
beforeAll(async () => {
  reflection = await reflect(db.client);
});

const ids = async (where: string, variables: Record<string, unknown> = {}) => {
  const header = where.includes('$v') ? 'query ($v: Int)' : 'query';
  const run = await runOperation(
    reflection.schema,
    `${header} { people(where: ${where}) { id } }`,
    variables,
  );
  const body = JSON.parse(run.body) as {
    data?: { people: Array<{ id: number }> };
    errors?: unknown;
  };
  expect(body.errors).toBeUndefined();
  return body.data?.people.map((p) => p.id);
};

describe('a filter that sets no condition', () => {
  it('under not, switched off by a null variable directly or inside and/or', async () => {
    const all = [1, 2, 3];
    expect(await ids('{ not: { score: { eq: $v } } }', { v: null })).toEqual(all);
    expect(await ids('{ not: { and: [{ score: { eq: $v } }] } }', { v: null })).toEqual(all);
    expect(
      await ids('{ not: { or: [{ score: { eq: $v } }, { id: { eq: 1 } }] } }', { v: null }),
    ).toEqual(all);
    expect(await ids('{ not: { and: [] } }')).toEqual(all);
    expect(await ids('{ not: { and: [{}] } }')).toEqual(all);
    // Given a value, the same filters are conditions.
    expect(await ids('{ not: { and: [{ score: { eq: $v } }] } }', { v: 1 })).toEqual([3]);
    expect(
      await ids('{ not: { or: [{ score: { eq: $v } }, { id: { eq: 1 } }] } }', { v: 3 }),
    ).toEqual([]);
  });

  it('keeps the documented meanings of and: [] and or: []', async () => {
    expect(await ids('{ and: [] }')).toEqual([1, 2, 3]);
    expect(await ids('{ or: [] }')).toEqual([]);
    expect(await ids('{ not: { or: [] } }')).toEqual([1, 2, 3]);
    expect(await ids('{ or: [{ score: { eq: $v } }, { id: { eq: 1 } }] }', { v: null })).toEqual([
      1, 2, 3,
    ]);
    expect(await ids('{ and: [{ score: { eq: $v } }, { id: { eq: 1 } }] }', { v: null })).toEqual([
      1,
    ]);
  });
});
