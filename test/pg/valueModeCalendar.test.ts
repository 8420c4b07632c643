import { beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from '../../src/engine/index.js';
import { reflect, type Reflection } from '../../src/pg/reflect.js';
import { useTestDatabase } from './support/testDatabase.js';

/**
 * A timestamp or date column answers the same whether its root field runs in json mode or in
 * value mode (a computed field selected beside it): PostgreSQL's `infinity`, `-infinity` and BC
 * dates, which json mode passes through as PostgreSQL writes them, must not become field errors
 * because an unrelated computed field was selected.
 */
const db = useTestDatabase(async (client) => {
  await client.exec(`
    CREATE TABLE offers (id int PRIMARY KEY, name text NOT NULL, valid_until timestamptz, since date);
    INSERT INTO offers VALUES (1, 'forever', 'infinity', '0044-03-15 BC'),
                              (2, 'dated', '2024-01-01 00:00:00+00', '2024-01-01');
  `);
});
let reflection: Reflection;
beforeAll(async () => {
  reflection = await reflect(db.client, {
    computed: {
      offers: { shout: { type: 'String!', needs: ['name'], resolve: (row) => `${row['name']}!` } },
    },
  });
});

const run = async (query: string) => {
  const prepared = createEngine({ schema: reflection.schema }).prepare(query);
  if (!prepared.ok) throw new Error(prepared.body);
  return JSON.parse((await prepared.execute({ variables: {} })).body) as {
    data?: { offers: Array<Record<string, unknown>> };
    errors?: unknown[];
  };
};

describe('times in value mode', () => {
  it('are what json mode gives', async () => {
    const json = await run('{ offers { id validUntil since } }');
    expect(json).toEqual({
      data: {
        offers: [
          { id: 1, validUntil: 'infinity', since: '0044-03-15 BC' },
          { id: 2, validUntil: '2024-01-01T00:00:00+00:00', since: '2024-01-01' },
        ],
      },
    });
    const value = await run('{ offers { id validUntil since shout } }');
    expect(value.errors).toBeUndefined();
    expect(value.data?.offers.map(({ shout: _, ...rest }) => rest)).toEqual(json.data?.offers);
  });
});
