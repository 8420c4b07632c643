import type { GraphQLObjectType } from 'graphql';
import { beforeAll, describe, expect, it } from 'vitest';
import { reflect, type Reflection } from '../../src/pg/reflect.js';
import { runOperation } from './support/runOperation.js';
import { useTestDatabase } from './support/testDatabase.js';

/** A view has no primary key: its lists order by, and break ties on, all its orderable columns. */
const db = useTestDatabase(async (client) => {
  await client.exec(`
    CREATE TABLE scores (id int PRIMARY KEY, player text NOT NULL, points int NOT NULL, extra jsonb);
    INSERT INTO scores VALUES (1, 'cy', 5, NULL), (2, 'ann', 7, '{}'), (3, 'ann', 5, NULL),
                              (4, 'bob', 7, NULL);
    CREATE VIEW totals AS SELECT player, points, extra FROM scores;
  `);
});
let reflection: Reflection;
beforeAll(async () => {
  reflection = await reflect(db.client);
});

const orderByDescription = (field: string) =>
  (reflection.schema.getType('Query') as GraphQLObjectType)
    .getFields()
    [field]?.args.find((a) => a.name === 'orderBy')?.description;

describe("a view's order", () => {
  it('is said in the orderBy description, for views and tables', () => {
    expect(orderByDescription('totals')).toBe(
      'Default: player, points, ascending (a view has no primary key: all its orderable columns). They also break ties.',
    );
    expect(orderByDescription('scores')).toBe(
      'Default: primary key (id), ascending. The primary key also breaks ties.',
    );
    expect(orderByDescription('scoresConnection')).toBe(orderByDescription('scores'));
  });

  it('is every orderable column, by default and after the given keys', async () => {
    const run = await runOperation(
      reflection.schema,
      '{ all: totals { player points } byPoints: totals(orderBy: [{ points: DESC }], limit: 3) { player points } }',
    );
    expect(JSON.parse(run.body)).toEqual({
      data: {
        all: [
          { player: 'ann', points: 5 },
          { player: 'ann', points: 7 },
          { player: 'bob', points: 7 },
          { player: 'cy', points: 5 },
        ],
        byPoints: [
          { player: 'ann', points: 7 },
          { player: 'bob', points: 7 },
          { player: 'ann', points: 5 },
        ],
      },
    });
    expect(run.sql).toContain('ORDER BY "t3"."points" DESC, "t3"."player" ASC');
  });
});
