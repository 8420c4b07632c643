import { beforeAll, describe, expect, it } from 'vitest';
import { isInputObjectType, isEnumType, type GraphQLSchema } from 'graphql';
import { catalogVersion } from '../../src/pg/catalog/catalogVersion.js';
import { reflect, type Reflection } from '../../src/pg/reflect.js';
import { runOperation } from './support/runOperation.js';
import { useTestDatabase } from './support/testDatabase.js';

/**
 * A column is offered only the operators its type has in PostgreSQL: `eq`, `neq`, `in`, `notIn`
 * where the type (through domains, arrays and a composite's fields) has a default btree or hash
 * operator class, `lt`… where it has a default btree one. Offering them elsewhere gave
 * DATABASE_ERROR 42883 ("operator does not exist: point = point", "could not identify an
 * equality operator for type point").
 */
const db = useTestDatabase(async (client) => {
  await client.exec(`
    CREATE TYPE spot AS (label text, at point);
    CREATE TYPE pair AS (a int, b text);
    CREATE TYPE mood AS ENUM ('sad', 'ok');
    CREATE DOMAIN place AS point;
    CREATE DOMAIN span AS interval;
    CREATE TABLE shapes (
      id int PRIMARY KEY, name text, took interval, sp_an span, addr inet, pr pair, m mood,
      p point, b box, l line, s lseg, g polygon, pa path, c circle, x xml, jp jsonpath,
      st spot, pl place, j json, jb jsonb, ps point[], tags text[]
    );
    INSERT INTO shapes VALUES (
      1, 'a', '1 day', '2 days', '10.0.0.1', '(1,x)', 'ok',
      '(1,2)', '(3,4),(1,2)', '{1,-1,0}', '[(1,2),(3,4)]', '((0,0),(1,1),(1,0))',
      '[(0,0),(1,1)]', '<(1,2),3>', '<a/>', '$.a', '(a,"(1,2)")', '(1,2)',
      '{"k": 1}', '{"k": 1}', '{"(1,2)"}', '{x,y}'
    );
  `);
});
let reflection: Reflection;
beforeAll(async () => {
  reflection = await reflect(db.client);
});

/** The operators `<Type>Where.<field>` offers. */
function operators(schema: GraphQLSchema, field: string): string[] {
  const where = schema.getType('ShapeWhere');
  if (!isInputObjectType(where)) throw new Error('no ShapeWhere');
  const filter = where.getFields()[field]?.type;
  if (!isInputObjectType(filter)) throw new Error(`no filter for ${field}`);
  return Object.keys(filter.getFields());
}

async function run(query: string): Promise<{
  data?: unknown;
  errors?: Array<{ message: string; extensions?: { code?: string } }>;
}> {
  return JSON.parse((await runOperation(reflection.schema, query)).body) as never;
}

const NO_EQUALITY: ReadonlyArray<readonly [string, string]> = [
  ['p', '(1,2)'],
  ['b', '(3,4),(1,2)'],
  ['l', '{1,-1,0}'],
  ['s', '[(1,2),(3,4)]'],
  ['g', '((0,0),(1,1),(1,0))'],
  ['pa', '[(0,0),(1,1)]'],
  ['c', '<(1,2),3>'],
  ['x', '<a/>'],
  ['jp', '$.a'],
  ['st', '(a,\\"(1,2)\\")'],
  ['pl', '(1,2)'],
];

describe('operators by type', () => {
  it.each(NO_EQUALITY)('a %s column is offered no equality nor order', async (field, value) => {
    for (const condition of [
      `{ eq: "${value}" }`,
      `{ neq: "${value}" }`,
      `{ in: ["${value}"] }`,
      `{ notIn: ["${value}"] }`,
      `{ lt: "${value}" }`,
      `{ gte: "${value}" }`,
    ]) {
      const body = await run(`{ shapes(where: { ${field}: ${condition} }) { id } }`);
      expect(body.errors?.[0]?.extensions?.code).not.toBe('DATABASE_ERROR');
      expect(body.errors?.[0]?.message).toMatch(/is not defined by type "StringTextFilter"/);
    }
    expect(operators(reflection.schema, field)).toEqual(['like', 'ilike', 'isNull']);
    // What works on them stays.
    expect(
      await run(`{ shapes(where: { ${field}: { isNull: false, like: "%" } }) { id } }`),
    ).toEqual({
      data: { shapes: [{ id: 1 }] },
    });
  });

  it('types with equality and an order keep every operator', async () => {
    const all = ['eq', 'neq', 'in', 'notIn', 'lt', 'lte', 'gt', 'gte', 'like', 'ilike', 'isNull'];
    for (const field of ['name', 'took', 'spAn', 'addr', 'pr']) {
      expect(operators(reflection.schema, field)).toEqual(all);
    }
    expect(
      await run(
        '{ shapes(where: { took: { eq: "24:00:00", lt: "2 days" }, spAn: { in: ["48:00:00"] }, addr: { gte: "10.0.0.0" }, pr: { eq: "(1,x)" } }) { id } }',
      ),
    ).toEqual({
      data: { shapes: [{ id: 1 }] },
    });
    expect(operators(reflection.schema, 'm')).toEqual([
      'eq',
      'neq',
      'in',
      'notIn',
      'lt',
      'lte',
      'gt',
      'gte',
      'isNull',
    ]);
    expect(operators(reflection.schema, 'j')).toEqual([
      'contains',
      'containedIn',
      'hasKey',
      'hasAnyKeys',
      'hasAllKeys',
      'isNull',
    ]);
    expect(operators(reflection.schema, 'jb')).toEqual(operators(reflection.schema, 'j'));
    expect(operators(reflection.schema, 'tags')).toEqual([
      'contains',
      'containedIn',
      'overlaps',
      'anyEqualTo',
      'isNull',
    ]);
    expect(operators(reflection.schema, 'ps')).toEqual(['isNull']);
    expect(
      await run(
        '{ shapes(where: { jb: { contains: { k: 1 } }, j: { hasKey: "k" }, m: { lt: ok } }) { id } }',
      ),
    ).toEqual({
      data: { shapes: [] },
    });
  });

  it('orders, distinct and groups only by columns with an order', () => {
    const columns = reflection.schema.getType('ShapeOrderableColumn');
    if (!isEnumType(columns)) throw new Error('no ShapeOrderableColumn');
    expect(columns.getValues().map((v) => v.name)).toEqual(['ID', 'NAME', 'M']);
    const orderBy = reflection.schema.getType('ShapeOrderBy');
    if (!isInputObjectType(orderBy)) throw new Error('no ShapeOrderBy');
    expect(Object.keys(orderBy.getFields())).toEqual(['id', 'name', 'm']);
  });

  it('a change to a composite type changes the catalog version and what it offers', async () => {
    await db.client.exec(
      'CREATE TYPE later AS (a int); CREATE TABLE later_t (id int PRIMARY KEY, v later)',
    );
    const before = await catalogVersion(db.client, ['public']);
    const reflected = await reflect(db.client);
    const filter = (r: Reflection) => {
      const where = r.schema.getType('LaterTWhere');
      if (!isInputObjectType(where)) throw new Error('no LaterTWhere');
      const type = where.getFields()['v']?.type;
      return isInputObjectType(type) ? Object.keys(type.getFields()) : [];
    };
    expect(filter(reflected)).toContain('eq');
    await db.client.exec('ALTER TYPE later ADD ATTRIBUTE at point');
    expect(await catalogVersion(db.client, ['public'])).not.toBe(before);
    expect(filter(await reflect(db.client))).toEqual(['like', 'ilike', 'isNull']);
  });
});
