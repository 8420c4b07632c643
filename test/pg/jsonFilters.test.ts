import { beforeAll, describe, expect, it } from 'vitest';
import { explain } from '../../src/pg/explain.js';
import { reflect, type Reflection } from '../../src/pg/reflect.js';
import { runOperation } from './support/runOperation.js';
import { useTestDatabase } from './support/testDatabase.js';

/**
 * JSON filters on a jsonb column with a GIN index (and a json column, compared as jsonb): each
 * operator's SQL, its rows, and a plan that uses the index.
 */
const db = useTestDatabase(async (client) => {
  await client.exec(`
    CREATE TABLE docs (id int PRIMARY KEY, body jsonb NOT NULL, raw json);
    INSERT INTO docs
      SELECT i, jsonb_build_object('n', i, 'kind', CASE WHEN i % 100 = 0 THEN 'rare' ELSE 'common' END)
                || CASE WHEN i % 250 = 0 THEN '{"flag": true}'::jsonb ELSE '{}'::jsonb END,
             CASE WHEN i <= 3 THEN json_build_object('k' || i, i) END
      FROM generate_series(1, 5000) AS i;
    INSERT INTO docs VALUES (5001, '["a", "b"]', '{"k1": 1, "k2": 2}');
    CREATE INDEX docs_body_idx ON docs USING gin (body);
    ANALYZE docs;
  `);
});
let reflection: Reflection;
beforeAll(async () => {
  reflection = await reflect(db.client);
});

const ids = async (where: string, variables: Record<string, unknown> = {}) => {
  const declared = [
    ...(where.includes('$v') ? ['$v: JSON'] : []),
    ...(where.includes('$keys') ? ['$keys: [String!]'] : []),
  ];
  const header = declared.length > 0 ? `query (${declared.join(', ')})` : 'query';
  const run = await runOperation(
    reflection.schema,
    `${header} { docs(where: ${where}, limit: 1000) { id } }`,
    variables,
  );
  const body = JSON.parse(run.body) as { data?: { docs: Array<{ id: number }> }; errors?: unknown };
  expect(body.errors).toBeUndefined();
  return { ids: body.data?.docs.map((d) => d.id) ?? [], sql: run.sql };
};

describe('JSON filters', () => {
  it('contains (@>), with a literal or a variable', async () => {
    const literal = await ids('{ body: { contains: { kind: "rare", flag: true } } }');
    expect(literal.ids).toEqual([500, 1000, 1500, 2000, 2500, 3000, 3500, 4000, 4500, 5000]);
    expect(literal.sql).toContain(`WHERE "t1"."body" @> $1::text::jsonb`);
    const variable = await ids('{ body: { contains: $v } }', { v: { n: 42 } });
    expect(variable.ids).toEqual([42]);
    expect((await ids('{ body: { contains: $v } }', { v: ['a'] })).ids).toEqual([5001]);
  });

  it('containedIn (<@)', async () => {
    const { ids: found, sql } = await ids('{ body: { containedIn: $v } }', {
      v: { n: 7, kind: 'common', other: 1 },
    });
    expect(found).toEqual([7]);
    expect(sql).toContain(`"t1"."body" <@ $1::text::jsonb`);
  });

  it('hasKey (?), hasAnyKeys (?|), hasAllKeys (?&)', async () => {
    const flagged = await ids('{ body: { hasKey: "flag" } }');
    expect(flagged.ids).toHaveLength(20);
    expect(flagged.sql).toContain(`"t1"."body" ? $1::text`);
    expect((await ids('{ body: { hasKey: "a" } }')).ids).toEqual([5001]);
    const any = await ids('{ body: { hasAnyKeys: $keys } }', { keys: ['flag', 'zzz'] });
    expect(any.ids).toHaveLength(20);
    expect(any.sql).toContain(`"t1"."body" ?| $1::text::text[]`);
    const all = await ids('{ body: { hasAllKeys: ["flag", "n"] } }');
    expect(all.ids).toHaveLength(20);
    expect(all.sql).toContain(`"t1"."body" ?& $1::text::text[]`);
    expect((await ids('{ body: { hasAllKeys: ["flag", "zzz"] } }')).ids).toEqual([]);
  });

  it('compares a json column as jsonb; null operands set no condition', async () => {
    const raw = await ids('{ raw: { hasKey: "k2" } }');
    expect(raw.ids).toEqual([2, 5001]);
    expect(raw.sql).toContain(`"t1"."raw"::jsonb ? $1::text`);
    expect((await ids('{ raw: { contains: null, isNull: false } }')).ids).toEqual([1, 2, 3, 5001]);
  });

  it('bounds the key lists like in/notIn', async () => {
    const keys = Array.from({ length: 10_001 }, (_, i) => `k${i}`);
    const run = await runOperation(
      reflection.schema,
      'query ($keys: [String!]) { docs(where: { body: { hasAnyKeys: $keys } }) { id } }',
      { keys },
    );
    expect(JSON.parse(run.body).errors[0]).toMatchObject({
      message: 'A list operator takes at most 10000 values (got 10001).',
      extensions: { code: 'BAD_USER_INPUT' },
    });
  });

  it.each([
    ['contains', '{ body: { contains: { kind: "rare" } } }'],
    ['hasKey', '{ body: { hasKey: "flag" } }'],
    ['hasAnyKeys', '{ body: { hasAnyKeys: ["flag", "zzz"] } }'],
    ['hasAllKeys', '{ body: { hasAllKeys: ["flag", "kind"] } }'],
  ])('%s is served by the GIN index', async (_op, where) => {
    const result = await explain(reflection.schema, `{ docs(where: ${where}) { id } }`);
    expect(result.plan).toContain('docs_body_idx');
  });
});
