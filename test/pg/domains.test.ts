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
