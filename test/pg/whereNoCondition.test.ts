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
    CREATE TABLE notes (id int PRIMARY KEY, person_id int NOT NULL REFERENCES people, body text);
    INSERT INTO notes VALUES (1, 1, 'a'), (2, 1, NULL), (3, 3, 'b');
    CREATE TABLE tasks (id int PRIMARY KEY, person_id int REFERENCES people);
    INSERT INTO tasks VALUES (1, 1), (2, NULL), (3, 3);
  `);
});
let reflection: Reflection;
beforeAll(async () => {
  reflection = await reflect(db.client);
});

const ids = async (where: string, variables: Record<string, unknown> = {}, list = 'people') => {
  const header = where.includes('$v') ? 'query ($v: Int)' : 'query';
  const run = await runOperation(
    reflection.schema,
    `${header} { ${list}(where: ${where}) { id } }`,
    variables,
  );
  const body = JSON.parse(run.body) as {
    data?: Record<string, Array<{ id: number }>>;
    errors?: unknown;
  };
  expect(body.errors).toBeUndefined();
  return body.data?.[list]?.map((p) => p.id);
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

  it('in: [] matches no row, notIn: [] every row, one whose column is NULL included', async () => {
    expect(await ids('{ score: { in: [] } }')).toEqual([]);
    expect(await ids('{ score: { notIn: [] } }')).toEqual([1, 2, 3]);
    expect(await ids('{ score: { notIn: [1] } }')).toEqual([3]);
  });

  it('in every: it holds for every row, also under not', async () => {
    const all = [1, 2, 3];
    expect(await ids('{ notes: { every: {} } }')).toEqual(all);
    expect(await ids('{ notes: { every: { id: { eq: $v } } } }', { v: null })).toEqual(all);
    expect(await ids('{ not: { notes: { every: { id: { eq: $v } } } } }', { v: null })).toEqual(
      all,
    );
    expect(await ids('{ not: { notes: { every: {} } } }')).toEqual(all);
    // Given a value, a condition: person 2 has no notes, so every holds for it.
    expect(await ids('{ notes: { every: { id: { eq: $v } } } }', { v: 3 })).toEqual([2, 3]);
    expect(await ids('{ not: { notes: { every: { id: { eq: $v } } } } }', { v: 3 })).toEqual([1]);
    // some and none stay conditions: whether there are related rows at all.
    expect(await ids('{ notes: { some: { id: { eq: $v } } } }', { v: null })).toEqual([1, 3]);
    expect(await ids('{ notes: { none: {} } }')).toEqual([2]);
  });

  it('in a to-one relation filter: no condition, not whether there is a related row', async () => {
    const tasks = (where: string, variables: Record<string, unknown> = {}) =>
      ids(where, variables, 'tasks');
    const all = [1, 2, 3];
    expect(await tasks('{ person: {} }')).toEqual(all);
    expect(await tasks('{ person: { and: [] } }')).toEqual(all);
    expect(await tasks('{ person: { score: { eq: $v } } }', { v: null })).toEqual(all);
    expect(await tasks('{ not: { person: {} } }')).toEqual(all);
    expect(await tasks('{ not: { person: { score: { eq: $v } } } }', { v: null })).toEqual(all);
    // Given a value, a condition on the related row: task 2 has none.
    expect(await tasks('{ person: { score: { eq: $v } } }', { v: 3 })).toEqual([3]);
    expect(await tasks('{ not: { person: { score: { eq: $v } } } }', { v: 3 })).toEqual([1, 2]);
    // Whether there is a related row: a condition on a column the foreign key references.
    expect(await tasks('{ person: { id: { isNull: false } } }')).toEqual([1, 3]);
    expect(await tasks('{ not: { person: { id: { isNull: false } } } }')).toEqual([2]);
  });
});
