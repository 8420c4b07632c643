import { beforeAll, describe, expect, it } from 'vitest';
import { explain } from '../../src/pg/explain.js';
import { reflect, type Reflection } from '../../src/pg/reflect.js';
import { runOperation } from './support/runOperation.js';
import { useTestDatabase } from './support/testDatabase.js';

/**
 * Array filters (contains, containedIn, overlaps, anyEqualTo) on text, integer, int2 and enum
 * arrays: each operator's SQL, its rows, the bounds on its values, and a plan that uses a GIN
 * index on the column.
 */
const db = useTestDatabase(async (client) => {
  await client.exec(`
    CREATE TYPE mood AS ENUM ('happy', 'sad', 'calm');
    CREATE TABLE items (
      id int PRIMARY KEY,
      tags text[] NOT NULL,
      nums int[],
      small int2[],
      moods mood[],
      docs jsonb[]
    );
    INSERT INTO items
      SELECT i,
             ARRAY['t' || (i % 50), CASE WHEN i % 1000 = 0 THEN 'rare' ELSE 'common' END],
             CASE WHEN i % 7 = 0 THEN NULL ELSE ARRAY[i % 10, i % 3] END,
             ARRAY[(i % 5)::int2],
             CASE WHEN i <= 4 THEN (ARRAY['{happy}', '{sad,calm}', '{}', '{calm}'])[i]::mood[] END,
             NULL
      FROM generate_series(1, 5000) AS i;
    UPDATE items SET nums = '{1,NULL}' WHERE id = 5000;
    CREATE INDEX items_tags_idx ON items USING gin (tags);
    ANALYZE items;
  `);
});
let reflection: Reflection;
beforeAll(async () => {
  reflection = await reflect(db.client);
});

/** The rows' nums as the INSERT above makes them, to check PostgreSQL's answers against. */
const nums = (i: number): Array<number | null> | null =>
  i === 5000 ? [1, null] : i % 7 === 0 ? null : [i % 10, i % 3];
const idsWhere = (test: (i: number) => boolean, limit = 1000) =>
  Array.from({ length: 5000 }, (_, i) => i + 1)
    .filter(test)
    .slice(0, limit);

const run = async (where: string, variables: Record<string, unknown> = {}, declared = '') => {
  const header = declared === '' ? 'query' : `query (${declared})`;
  const result = await runOperation(
    reflection.schema,
    `${header} { items(where: ${where}, limit: 1000) { id } }`,
    variables,
  );
  return { body: JSON.parse(result.body), sql: result.sql };
};
const ids = async (where: string, variables: Record<string, unknown> = {}, declared = '') => {
  const { body, sql } = await run(where, variables, declared);
  expect(body.errors).toBeUndefined();
  return { ids: (body.data.items as Array<{ id: number }>).map((d) => d.id), sql };
};

describe('array filters', () => {
  it('contains (@>), with a literal or a variable', async () => {
    const literal = await ids('{ tags: { contains: ["rare", "t0"] } }');
    expect(literal.ids).toEqual([1000, 2000, 3000, 4000, 5000]);
    expect(literal.sql).toContain(`WHERE "t1"."tags" @> $1::text::"pg_catalog"."text"[]`);
    const variable = await ids('{ nums: { contains: $v } }', { v: [9, 0] }, '$v: [Int!]');
    expect(variable.ids).toEqual(
      idsWhere((i) => [9, 0].every((v) => nums(i)?.includes(v) ?? false)),
    );
    expect((await ids('{ nums: { contains: [] } }')).ids).toHaveLength(1000);
  });

  it('containedIn (<@), overlaps (&&)', async () => {
    const within = await ids('{ nums: { containedIn: [1] } }');
    // Only {1,1}; {1,NULL} is not contained (NULL is not 1).
    expect(within.ids).toEqual(idsWhere((i) => nums(i)?.every((v) => v === 1) ?? false));
    expect(within.ids).not.toContain(5000);
    expect(within.sql).toContain(`"t1"."nums" <@ $1::text::"pg_catalog"."int4"[]`);
    const some = await ids('{ tags: { overlaps: ["t1", "t2"] } }');
    expect(some.ids.slice(0, 4)).toEqual([1, 2, 51, 52]);
    expect(some.sql).toContain(`"t1"."tags" && $1::text::"pg_catalog"."text"[]`);
    expect((await ids('{ tags: { overlaps: [] } }')).ids).toEqual([]);
  });

  it('anyEqualTo is = ANY written as @> of one value; NULL elements match nothing', async () => {
    const found = await ids('{ moods: { anyEqualTo: calm } }');
    expect(found.ids).toEqual([2, 4]);
    expect(found.sql).toContain(`"t1"."moods" @> $1::text::"public"."mood"[]`);
    expect((await ids('{ moods: { containedIn: [happy, calm] } }')).ids).toEqual([1, 3, 4]);
    const one = await ids('{ nums: { anyEqualTo: 1 }, id: { gte: 4990 } }');
    expect(one.ids).toEqual(idsWhere((i) => i >= 4990 && (nums(i)?.includes(1) ?? false)));
    expect(one.ids).toContain(5000);
  });

  it('null operands set no condition; arrays of JSON keep only isNull', async () => {
    expect((await ids('{ tags: { contains: null }, nums: { isNull: true } }')).ids).toHaveLength(
      714,
    );
    const json = await run('{ docs: { contains: [] } }');
    expect(json.body.errors[0].message).toContain(
      'Field "contains" is not defined by type "ListFilter"',
    );
  });

  it('bounds the lists like in/notIn, and int2 elements like int2 comparisons', async () => {
    const values = Array.from({ length: 10_001 }, (_, i) => `v${i}`);
    const long = await run('{ tags: { overlaps: $v } }', { v: values }, '$v: [String!]');
    expect(long.body.errors[0]).toMatchObject({
      message: 'A list operator takes at most 10000 values (got 10001).',
      extensions: { code: 'BAD_USER_INPUT' },
    });
    const wide = await run('{ small: { contains: [1, 70000] } }');
    expect(wide.body.errors[0]).toMatchObject({ extensions: { code: 'BAD_USER_INPUT' } });
    expect(wide.body.errors[0].message).toContain('"small" is int2');
    expect((await ids('{ small: { anyEqualTo: 4 }, id: { lte: 10 } }')).ids).toEqual([4, 9]);
  });

  it.each([
    ['contains', '{ tags: { contains: ["rare"] } }'],
    ['containedIn', '{ tags: { containedIn: ["rare", "t0"] } }'],
    ['overlaps', '{ tags: { overlaps: ["rare", "zzz"] } }'],
    ['anyEqualTo', '{ tags: { anyEqualTo: "rare" } }'],
  ])('%s is served by the GIN index', async (_op, where) => {
    const result = await explain(reflection.schema, `{ items(where: ${where}) { id } }`);
    expect(result.plan).toContain('items_tags_idx');
  });
});
