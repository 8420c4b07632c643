import { beforeAll, describe, expect, it } from 'vitest';
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
