import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { reflect } from '../../src/pg/reflect.js';
import { engineRequester, type ResponseBody } from './support/engineRequest.js';
import { useTestDatabase } from './support/testDatabase.js';

/**
 * A table other tables INHERIT from: its primary key, and the foreign keys to it, hold over its
 * own rows only, so a child row may repeat a parent's key. Its type reads, writes and relates its
 * own rows (`ONLY`), as its constraints do; the child's rows are its own type's.
 */
const db = useTestDatabase((client) =>
  client.exec(`
CREATE TABLE items (id int PRIMARY KEY, name text NOT NULL);
CREATE TABLE special_items (extra text) INHERITS (items);
CREATE TABLE notes (id int PRIMARY KEY, item_id int NOT NULL REFERENCES items (id), body text NOT NULL);
`),
);
let run: (query: string) => Promise<ResponseBody>;
beforeAll(async () => {
  run = engineRequester((await reflect(db.client)).schema);
});
beforeEach(async () => {
  await db.client.exec(`
DELETE FROM notes; DELETE FROM items;
INSERT INTO items VALUES (1, 'parent one'), (2, 'parent two');
INSERT INTO special_items VALUES (1, 'child one', 'x'), (3, 'child three', 'y');
INSERT INTO notes VALUES (10, 1, 'on parent one');
`);
});

/** `[id, name]` of each row, by id. */
const rows = async (text: string) => db.client.query(text);

describe('a table with inheritance children', () => {
  it('looks a row up by key among its own rows', async () => {
    expect(await run('{ item(id: 1) { id name } }')).toEqual({
      data: { item: { id: 1, name: 'parent one' } },
    });
    expect(await run('{ item(id: 3) { id } }')).toEqual({ data: { item: null } });
  });

  it('lists and counts its own rows, and its relations reach them only', async () => {
    expect(
      await run(
        '{ items { id name notes { id } } itemsAggregate { count } notes { id item { id name } } }',
      ),
    ).toEqual({
      data: {
        items: [
          { id: 1, name: 'parent one', notes: [{ id: 10 }] },
          { id: 2, name: 'parent two', notes: [] },
        ],
        itemsAggregate: { count: 2 },
        notes: [{ id: 10, item: { id: 1, name: 'parent one' } }],
      },
    });
    expect(await run('{ specialItems { id name extra } }')).toEqual({
      data: {
        specialItems: [
          { id: 1, name: 'child one', extra: 'x' },
          { id: 3, name: 'child three', extra: 'y' },
        ],
      },
    });
  });

  it('updates and deletes its own row, not the child row with the same key', async () => {
    expect(
      await run('mutation { updateItem(id: 1, set: { name: "renamed" }) { id name } }'),
    ).toEqual({ data: { updateItem: { id: 1, name: 'renamed' } } });
    expect(await run('mutation { updateItem(id: 3, set: { name: "no" }) { id } }')).toEqual({
      data: { updateItem: null },
    });
    expect(await run('mutation { deleteItem(id: 2) { id } }')).toEqual({
      data: { deleteItem: { id: 2 } },
    });
    expect(await run('mutation { deleteItems(where: { id: { eq: 3 } }) { id } }')).toEqual({
      data: { deleteItems: [] },
    });
    expect(await rows('SELECT id, name FROM ONLY items ORDER BY id')).toEqual([[1, 'renamed']]);
    expect(await rows('SELECT id, name FROM special_items ORDER BY id')).toEqual([
      [1, 'child one'],
      [3, 'child three'],
    ]);
  });

  it('upserts against its own rows', async () => {
    expect(
      await run(
        'mutation { createItems(input: [{ id: 1, name: "one" }, { id: 3, name: "three" }], onConflict: { columns: [ID], update: [NAME] }) { id name } }',
      ),
    ).toEqual({
      data: {
        createItems: [
          { id: 1, name: 'one' },
          { id: 3, name: 'three' },
        ],
      },
    });
    expect(await rows('SELECT id, name FROM ONLY items ORDER BY id')).toEqual([
      [1, 'one'],
      [2, 'parent two'],
      [3, 'three'],
    ]);
    expect(await rows('SELECT id, name FROM special_items ORDER BY id')).toEqual([
      [1, 'child one'],
      [3, 'child three'],
    ]);
  });
});
