import type { GraphQLField, GraphQLObjectType } from 'graphql';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../support/testDatabase.js';
import { writeHarness, type WriteHarness } from './support.js';

/**
 * A table keyed by array columns: the key arguments of its lookup, update and delete by key take
 * the column's array type (as its field and its create input do), and find the row by the whole
 * array, NULL elements, the empty array and elements needing quotes included.
 */
const db = useTestDatabase((client) =>
  client.exec(`
CREATE TABLE racks (codes text[], slots int[], label text, PRIMARY KEY (codes, slots));
CREATE TABLE trays (id int[] PRIMARY KEY, label text);
CREATE TABLE bins (id int PRIMARY KEY, tags text[] NOT NULL UNIQUE);
INSERT INTO racks VALUES ('{"a,b",c}', '{1,2}', 'first'), ('{d}', '{3,NULL}', 'second'),
  ('{}', '{}', 'empty');
INSERT INTO trays VALUES ('{1,2}', 'one-two'), ('{1}', 'one'), ('{2,1}', 'two-one');
INSERT INTO bins VALUES (1, '{x,y}'), (2, '{"y z"}');
`),
);
let h: WriteHarness;
beforeAll(async () => {
  h = await writeHarness(db.client);
});

const argType = (field: GraphQLField<unknown, unknown> | undefined, name: string) =>
  String(field?.args.find((a) => a.name === name)?.type);

describe('a table keyed by an array', () => {
  it('takes the array type in the key arguments of lookups, updates and deletes', () => {
    const query = h.reflection.schema.getQueryType()?.getFields() ?? {};
    const mutation = h.reflection.schema.getMutationType()?.getFields() ?? {};
    for (const field of [query['rack'], mutation['updateRack'], mutation['deleteRack']]) {
      expect([argType(field, 'codes'), argType(field, 'slots')]).toEqual(['[String]!', '[Int]!']);
    }
    for (const field of [query['tray'], mutation['updateTray'], mutation['deleteTray']])
      expect(argType(field, 'id')).toBe('[Int]!');
    // The type of the column's field.
    const rack = h.reflection.schema.getType('Rack') as GraphQLObjectType;
    expect(String(rack.getFields()['slots']?.type)).toBe('[Int]!');
    // A lookup by a unique array column too.
    const unique = Object.values(query).find((f) => f.args.some((a) => a.name === 'tags'));
    expect(argType(unique, 'tags')).toBe('[String]!');
  });

  it('reads a row by its key, literal or variable', async () => {
    expect(
      await h.run(`{
        a: rack(codes: ["a,b", "c"], slots: [1, 2]) { label }
        b: rack(codes: ["d"], slots: [3, null]) { label }
        c: rack(codes: [], slots: []) { label }
        miss: rack(codes: ["c", "a,b"], slots: [1, 2]) { label }
        one: tray(id: 1) { label }
        order: tray(id: [2, 1]) { label }
      }`),
    ).toEqual({
      data: {
        a: { label: 'first' },
        b: { label: 'second' },
        c: { label: 'empty' },
        miss: null,
        one: { label: 'one' },
        order: { label: 'two-one' },
      },
    });
    expect(
      await h.run('query ($id: [Int]!) { tray(id: $id) { id label } }', { id: [1, 2] }),
    ).toEqual({ data: { tray: { id: [1, 2], label: 'one-two' } } });
  });

  it('updates and deletes a row by its key', async () => {
    const updated = await h.run(
      `mutation ($codes: [String]!) {
        updateRack(codes: $codes, slots: [1, 2], set: { label: "renamed" }) { codes slots label }
      }`,
      { codes: ['a,b', 'c'] },
    );
    expect(updated).toEqual({
      data: { updateRack: { codes: ['a,b', 'c'], slots: [1, 2], label: 'renamed' } },
    });
    const deleted = await h.run(`mutation {
      rack: deleteRack(codes: ["d"], slots: [3, null]) { label }
      tray: deleteTray(id: [2, 1]) { id }
      miss: deleteTray(id: [3]) { id }
    }`);
    expect(deleted).toEqual({
      data: { rack: { label: 'second' }, tray: { id: [2, 1] }, miss: null },
    });
    expect(await h.rows('SELECT label FROM racks ORDER BY label')).toEqual([
      ['empty'],
      ['renamed'],
    ]);
    expect(await h.rows('SELECT label FROM trays ORDER BY label')).toEqual([['one'], ['one-two']]);
  });
});
