import { beforeAll, describe, expect, it } from 'vitest';
import { explain } from '../../src/pg/explain.js';
import { reflect, type Reflection } from '../../src/pg/reflect.js';
import { reflectedRunners } from './support/reflectedRun.js';
import { useTestDatabase } from './support/testDatabase.js';

/**
 * A column of a domain is read as the domain's base type, through domains over domains: the
 * field's scalar, its filter and its order are the base type's.
 */
const db = useTestDatabase(async (client) => {
  await client.exec(`
    CREATE DOMAIN positive AS int CHECK (VALUE > 0);
    CREATE DOMAIN small_positive AS positive CHECK (VALUE < 100);
    CREATE DOMAIN label AS text;
    CREATE TABLE things (id int PRIMARY KEY, n positive, m small_positive, tag label);
    INSERT INTO things VALUES (1, 5, 50, 'a'), (2, 7, 20, 'b'), (3, 9, 70, NULL);
    CREATE DOMAIN big AS bigint;
    CREATE TABLE tagged (id int PRIMARY KEY, ns small_positive[], bs big[], ls label[]);
    INSERT INTO tagged VALUES (1, '{5,50}', '{9223372036854775807}', '{a,b}'), (2, '{7}', '{}', '{a}');
    CREATE DOMAIN code AS text CHECK (length(VALUE) <= 3);
    CREATE DOMAIN positive_list AS int[] CHECK (0 < ALL(VALUE));
    CREATE TABLE checked (id int PRIMARY KEY, ps small_positive[], cs code[], pl positive_list);
    INSERT INTO checked VALUES (1, '{5,50}', '{ab,xyz}', '{1,2}'), (2, '{7}', '{ab}', '{3}');
    CREATE TABLE graded (id int PRIMARY KEY, ps positive[]);
    INSERT INTO graded SELECT i, ARRAY[i] FROM generate_series(1, 5000) AS i;
    CREATE INDEX graded_ps_idx ON graded USING gin ((ps::int[]));
    ANALYZE graded;
  `);
});
let reflection: Reflection;
beforeAll(async () => {
  reflection = await reflect(db.client);
});
const { run } = reflectedRunners(() => reflection.schema);

describe('columns of domains', () => {
  it('are their base type, through a domain over a domain', async () => {
    const fields = (
      reflection.schema.getType('Thing') as { getFields(): Record<string, { type: unknown }> }
    ).getFields();
    expect(String(fields['n']?.type)).toBe('Int');
    expect(String(fields['m']?.type)).toBe('Int');
    expect(String(fields['tag']?.type)).toBe('String');
    const { body } = await run(
      '{ things(where: { m: { gt: 25 } }, orderBy: [{ m: DESC }]) { id n m tag } }',
    );
    expect(body).toEqual({
      data: {
        things: [
          { id: 3, n: 9, m: 70, tag: null },
          { id: 1, n: 5, m: 50, tag: 'a' },
        ],
      },
    });
  });
});

describe('arrays of domains', () => {
  it('are lists of their base type, with its list filter, in reads and writes', async () => {
    const fields = (
      reflection.schema.getType('Tagged') as { getFields(): Record<string, { type: unknown }> }
    ).getFields();
    expect(String(fields['ns']?.type)).toBe('[Int]');
    expect(String(fields['bs']?.type)).toBe('[BigInt]');
    expect(String(fields['ls']?.type)).toBe('[String]');
    const { body } = await run(
      '{ taggeds(where: { ns: { contains: [5] }, ls: { anyEqualTo: "a" } }) { id ns bs ls } }',
    );
    expect(body).toEqual({
      data: { taggeds: [{ id: 1, ns: [5, 50], bs: ['9223372036854775807'], ls: ['a', 'b'] }] },
    });
    const created = await run(
      'mutation { createTagged(input: { id: 3, ns: [7], bs: ["1"], ls: ["c"] }) { id ns bs ls } }',
    );
    expect(created.body).toEqual({
      data: { createTagged: { id: 3, ns: [7], bs: ['1'], ls: ['c'] } },
    });
    // The domain's check still applies: PostgreSQL refuses 0 for a positive.
    const refused = await run('mutation { createTagged(input: { id: 4, ns: [0] }) { id } }');
    expect(refused.body.errors?.[0]?.extensions?.code).toBe('CHECK_VIOLATION');
  });
});

describe('filters on domains with a check', () => {
  // A value the domain's check refuses is one no row holds: the filter matches nothing for it, as
  // it does on a column of the domain itself, and is no database error.
  it('match nothing for a value the check refuses, on a column of the domain', async () => {
    const { body } = await run(`{
      none: things(where: { n: { eq: -1 } }) { id }
      some: things(where: { m: { in: [-1, 500, 50] } }) { id }
    }`);
    expect(body).toEqual({ data: { none: [], some: [{ id: 1 }] } });
  });

  it('match nothing for a value the check refuses, on an array of the domain', async () => {
    const query = `query ($ps: [Int!], $cs: [String!]) {
      contains: checkeds(where: { ps: { contains: [5, -1] } }) { id }
      anyEqualTo: checkeds(where: { ps: { anyEqualTo: 100 } }) { id }
      overlaps: checkeds(where: { ps: { overlaps: [0, 7] } }) { id }
      containedIn: checkeds(where: { ps: { containedIn: [5, 50, -3] } }) { id }
      variable: checkeds(where: { ps: { overlaps: $ps } }) { id }
      text: checkeds(where: { cs: { contains: ["toolong"] } }) { id }
      textOverlaps: checkeds(where: { cs: { overlaps: $cs } }) { id }
      notText: checkeds(where: { not: { cs: { anyEqualTo: "toolong" } } }) { id }
    }`;
    const { body } = await run(query, { ps: [-1, 50], cs: ['toolong', 'xyz'] });
    expect(body).toEqual({
      data: {
        contains: [],
        anyEqualTo: [],
        overlaps: [{ id: 2 }],
        containedIn: [{ id: 1 }],
        variable: [{ id: 1 }],
        text: [],
        textOverlaps: [{ id: 1 }],
        notText: [{ id: 1 }, { id: 2 }],
      },
    });
  });

  it('match nothing for a value the check refuses, on a domain over an array', async () => {
    const { body } = await run(`{
      contains: checkeds(where: { pl: { contains: [-1] } }) { id }
      overlaps: checkeds(where: { pl: { overlaps: [-1, 3] } }) { id }
    }`);
    expect(body).toEqual({ data: { contains: [], overlaps: [{ id: 2 }] } });
  });

  it('on an array of a domain, are served by a GIN index on the column as its base type', async () => {
    const result = await explain(
      reflection.schema,
      '{ gradeds(where: { ps: { contains: [42] } }) { id } }',
    );
    expect(result.plan).toContain('graded_ps_idx');
  });
});
