import { beforeAll, describe, expect, it } from 'vitest';
import { reflect, type Reflection } from '../../src/pg/reflect.js';
import { reflectedRunners } from './support/reflectedRun.js';
import { useTestDatabase } from './support/testDatabase.js';

/**
 * Columns of a composite type (and arrays of one) are Strings written by the type's output
 * function, as psql shows them: read element by element like any other array of such a type.
 */
const db = useTestDatabase(async (client) => {
  await client.exec(`
    CREATE TYPE pair AS (a int, b text);
    CREATE TABLE boxes (id int PRIMARY KEY, p pair, ps pair[]);
    INSERT INTO boxes VALUES (1, '(1,x)', '{"(1,a)","(2,\\"b c\\")",NULL}'), (2, NULL, '{}'), (3, '(,)', NULL);
  `);
});
let reflection: Reflection;
beforeAll(async () => {
  reflection = await reflect(db.client);
});
const { data } = reflectedRunners(() => reflection.schema);

describe('composite columns', () => {
  it('read an array of a composite type element by element, as PostgreSQL writes each', async () => {
    // The oracle: each element's cast to text is its output function's text.
    const rows = await db.client.query(
      'SELECT id, p::text, to_json(ps::text[])::text FROM boxes ORDER BY id',
    );
    const oracle = rows.map(([id, p, ps]) => [id, p, JSON.parse(ps as string) as unknown]);
    expect(oracle).toEqual([
      [1, '(1,x)', ['(1,a)', '(2,"b c")', null]],
      [2, null, []],
      [3, '(,)', null],
    ]);
    const { data: body } = await data('{ boxes { id p ps } }');
    expect(body).toEqual({
      boxes: oracle.map(([id, p, ps]) => ({ id, p, ps })),
    });
  });
});

describe('composite columns in writes', () => {
  it('take a value of a composite type in a create, an upsert and an update', async () => {
    const { data: created } = await data(
      'mutation { createBoxes(input: [{ id: 10, p: "(5,y)", ps: ["(6,z)"] }, { id: 11, p: "(7,\\"w v\\")" }]) { id p ps } }',
    );
    expect(created).toEqual({
      createBoxes: [
        { id: 10, p: '(5,y)', ps: ['(6,z)'] },
        { id: 11, p: '(7,"w v")', ps: null },
      ],
    });
    const { data: upserted } = await data(
      'mutation { createBoxes(input: [{ id: 10, p: "(8,u)" }], onConflict: { constraint: BOXES_PKEY, update: [P] }) { id p } }',
    );
    expect(upserted).toEqual({ createBoxes: [{ id: 10, p: '(8,u)' }] });
    const { data: updated } = await data(
      'mutation { updateBox(id: 11, set: { p: "(9,t)" }) { id p } }',
    );
    expect(updated).toEqual({ updateBox: { id: 11, p: '(9,t)' } });
    const rows = await db.client.query('SELECT id, p::text FROM boxes WHERE id >= 10 ORDER BY id');
    expect(rows).toEqual([
      [10, '(8,u)'],
      [11, '(9,t)'],
    ]);
  });
});
