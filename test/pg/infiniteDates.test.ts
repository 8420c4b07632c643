import { beforeAll, expect, it } from 'vitest';
import { createEngine, type Engine } from '../../src/engine/index.js';
import { reflect } from '../../src/pg/reflect.js';
import { useTestDatabase } from './support/testDatabase.js';

/**
 * A timestamp or date column may hold PostgreSQL's `infinity` and `-infinity`, which Sluice
 * answers as those strings: a client can give them back, in a filter and in a write, as a
 * variable or a literal.
 */
const db = useTestDatabase(async (client) => {
  await client.exec(`
    CREATE TABLE offers (id int PRIMARY KEY, valid_until timestamptz, since date);
    INSERT INTO offers VALUES (1, 'infinity', '-infinity'), (2, '2024-01-01 00:00:00+00', '2024-01-01');
  `);
});
let engine: Engine;
beforeAll(async () => {
  engine = createEngine({ schema: (await reflect(db.client)).schema });
});

const run = async (query: string, variables: Record<string, unknown> = {}) => {
  const prepared = engine.prepare(query);
  if (!prepared.ok) return JSON.parse(prepared.body) as unknown;
  return JSON.parse((await prepared.execute({ variables })).body) as unknown;
};

it('filters by infinity and -infinity, given as variables and as literals', async () => {
  const byVariable =
    'query ($t: Datetime, $d: Date) { offers(where: { validUntil: { eq: $t } }) { id } dates: offers(where: { since: { eq: $d } }) { id } }';
  expect(await run(byVariable, { t: 'infinity', d: '-infinity' })).toEqual({
    data: { offers: [{ id: 1 }], dates: [{ id: 1 }] },
  });
  expect(
    await run(
      '{ offers(where: { validUntil: { lt: "infinity" }, since: { gt: "-infinity" } }) { id } }',
    ),
  ).toEqual({ data: { offers: [{ id: 2 }] } });
});

it('writes them', async () => {
  const created = await run(
    'mutation ($t: Datetime) { createOffer(input: { id: 3, validUntil: $t, since: "infinity" }) { id validUntil since } }',
    { t: '-infinity' },
  );
  expect(created).toEqual({
    data: { createOffer: { id: 3, validUntil: '-infinity', since: 'infinity' } },
  });
  const rows = await db.client.query(
    `SELECT valid_until::text, since::text FROM offers WHERE id = 3`,
  );
  expect(rows).toEqual([['-infinity', 'infinity']]);
});

it('still refuses other words', async () => {
  const answer = (await run(
    'query ($t: Datetime) { offers(where: { validUntil: { eq: $t } }) { id } }',
    {
      t: 'Infinity',
    },
  )) as { errors: Array<{ extensions: { code: string } }> };
  expect(answer.errors[0]!.extensions.code).toBe('BAD_USER_INPUT');
});
