import { beforeAll, describe, expect, it } from 'vitest';
import { reflect, type Reflection } from '../../src/pg/reflect.js';
import { keysetWalk, type KeysetPage } from './support/keysetWalk.js';
import { reflectedRunners } from './support/reflectedRun.js';
import { useTestDatabase } from './support/testDatabase.js';

/**
 * A column of a domain over an enum is the enum, as a column of the enum is: PostgreSQL has no
 * `=`, `<`, min or max for the domain itself (`operator does not exist: dmood = dmood`), so the
 * compiler compares the column cast to its enum, in every operator, order, aggregate and write.
 */
const db = useTestDatabase(async (client) => {
  await client.exec(`
    CREATE TYPE mood AS ENUM ('sad', 'in progress', 'ok');
    CREATE DOMAIN dmood AS mood;
    CREATE TABLE feelings (id int PRIMARY KEY, m dmood, ms dmood[]);
    INSERT INTO feelings VALUES
      (1, 'in progress', '{sad,ok}'), (2, 'sad', '{"in progress"}'), (3, 'ok', NULL), (4, NULL, '{}');
  `);
});
let reflection: Reflection;
beforeAll(async () => {
  reflection = await reflect(db.client);
});
const { data } = reflectedRunners(() => reflection.schema);

describe('columns of a domain over an enum', () => {
  it('are read, filtered, ordered, paged and aggregated as the enum', async () => {
    const { data: read } = await data(
      `{ feelings { id m ms }
         gt: feelings(where: { m: { gt: sad } }) { id }
         eq: feelings(where: { m: { eq: IN_PROGRESS } }) { id }
         feelingsAggregate { min { m } max { m } groups(groupBy: [M]) { keys { m } count } } }`,
    );
    expect(read).toEqual({
      feelings: [
        { id: 1, m: 'IN_PROGRESS', ms: ['sad', 'ok'] },
        { id: 2, m: 'sad', ms: ['IN_PROGRESS'] },
        { id: 3, m: 'ok', ms: null },
        { id: 4, m: null, ms: [] },
      ],
      gt: [{ id: 1 }, { id: 3 }],
      eq: [{ id: 1 }],
      feelingsAggregate: {
        min: { m: 'sad' },
        max: { m: 'ok' },
        groups: [
          { keys: { m: 'sad' }, count: 1 },
          { keys: { m: 'IN_PROGRESS' }, count: 1 },
          { keys: { m: 'ok' }, count: 1 },
          { keys: { m: null }, count: 1 },
        ],
      },
    });
    const page = async (variables: Record<string, unknown>) =>
      (
        await data(
          `query ($first: Int, $after: String, $last: Int, $before: String) {
             c: feelingsConnection(orderBy: [{ m: DESC }], first: $first, after: $after, last: $last, before: $before) {
               nodes { id } pageInfo { hasNextPage hasPreviousPage startCursor endCursor } } }`,
          variables,
        )
      ).data['c'] as KeysetPage;
    expect(await keysetWalk(page, 'forward', 1)).toEqual([4, 3, 1, 2]);
    expect(await keysetWalk(page, 'backward', 1)).toEqual([4, 3, 1, 2]);
  });

  it('are written, upserts included', async () => {
    const { data: written } = await data(
      `mutation {
         a: createFeeling(input: { id: 5, m: IN_PROGRESS, ms: [ok] }) { id m ms }
         b: createFeelings(input: [{ id: 5, m: sad }], onConflict: { constraint: FEELINGS_PKEY, update: [M] }) { id m }
       }`,
    );
    expect(written).toEqual({
      a: { id: 5, m: 'IN_PROGRESS', ms: ['ok'] },
      b: [{ id: 5, m: 'sad' }],
    });
  });
});
