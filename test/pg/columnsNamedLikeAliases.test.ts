import { beforeAll, describe, expect, it } from 'vitest';
import { reflect } from '../../src/pg/reflect.js';
import { engineRequester, type ResponseBody } from './support/engineRequest.js';
import { useTestDatabase } from './support/testDatabase.js';

/**
 * Columns named like the aliases of the statement's own subqueries (`x`, `s1`, `s2`, …). In
 * PostgreSQL a bare name is a column before it is a whole row: `row_to_json(x)` or
 * `array_agg("s2")` inside a subquery that sees such a table's row would take its column, not
 * the subquery's row (42883, or the wrong value). Whole rows are written `x.*`, which only a
 * table alias can be.
 */
const db = useTestDatabase((client) =>
  client.exec(`
CREATE TABLE points (
  id int PRIMARY KEY, x int NOT NULL, y int NOT NULL,
  s1 int, s2 int, s3 int, s4 int, s5 int, s6 int, s7 int, s8 int
);
CREATE TABLE labels (
  id int PRIMARY KEY, point_id int NOT NULL REFERENCES points (id), x text NOT NULL,
  s1 text, s2 text, s3 text, s4 text, s5 text, s6 text, s7 text, s8 text
);
INSERT INTO points (id, x, y) VALUES (1, 10, 20), (2, 30, 40);
INSERT INTO labels (id, point_id, x) VALUES (1, 1, 'a'), (2, 1, 'b'), (3, 2, 'c');
`),
);
let run: (query: string) => Promise<ResponseBody>;
beforeAll(async () => {
  run = engineRequester((await reflect(db.client)).schema);
});

describe('columns named like the statement’s aliases', () => {
  it('read through connections, aggregates, groups and nested lists', async () => {
    expect(
      await run(`{
        pointsConnection(first: 1) { edges { node { id x labels { x } } } totalCount }
        pointsAggregate { count sum { x } groups(groupBy: [X]) { keys { x } count } }
        points { id labelsConnection(first: 1) { edges { node { x } } } labelsAggregate { count } }
        labels(limit: 2) { id point { x } }
      }`),
    ).toEqual({
      data: {
        pointsConnection: {
          edges: [{ node: { id: 1, x: 10, labels: [{ x: 'a' }, { x: 'b' }] } }],
          totalCount: 2,
        },
        pointsAggregate: {
          count: 2,
          sum: { x: '40' },
          groups: [
            { keys: { x: 10 }, count: 1 },
            { keys: { x: 30 }, count: 1 },
          ],
        },
        points: [
          {
            id: 1,
            labelsConnection: { edges: [{ node: { x: 'a' } }] },
            labelsAggregate: { count: 2 },
          },
          {
            id: 2,
            labelsConnection: { edges: [{ node: { x: 'c' } }] },
            labelsAggregate: { count: 1 },
          },
        ],
        labels: [
          { id: 1, point: { x: 10 } },
          { id: 2, point: { x: 10 } },
        ],
      },
    });
  });

  it('write and answer from their read-backs', async () => {
    expect(
      await run(
        'mutation { createPoints(input: [{ id: 3, x: 5, y: 6, labels: [{ id: 4, x: "d" }] }]) { id x labels { x } } }',
      ),
    ).toEqual({ data: { createPoints: [{ id: 3, x: 5, labels: [{ x: 'd' }] }] } });
    expect(
      await run('mutation { updatePoints(where: { id: { eq: 3 } }, set: { x: 7 }) { id x } }'),
    ).toEqual({ data: { updatePoints: [{ id: 3, x: 7 }] } });
    expect(await run('mutation { deleteLabels(where: { id: { eq: 4 } }) { id x } }')).toEqual({
      data: { deleteLabels: [{ id: 4, x: 'd' }] },
    });
    expect(await db.client.query('SELECT id, x FROM points WHERE id = 3')).toEqual([[3, 7]]);
  });
});
