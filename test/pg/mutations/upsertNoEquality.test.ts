import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../support/testDatabase.js';
import { writeHarness, type WriteHarness } from './support.js';

/**
 * An upsert updates a row only where a value differs (`IS DISTINCT FROM`), which needs an
 * equality operator: `json`, `point` and the other geometric types, `jsonpath` and a composite
 * with such a field (read from the catalog) have none. Their upsert is
 * what `INSERT … ON CONFLICT DO UPDATE SET … = EXCLUDED.…` does: the new value is stored, and an
 * unchanged row is still left alone.
 */
const db = useTestDatabase((client) =>
  client.exec(`
CREATE TYPE spot AS (label text, at point);
CREATE TABLE docs (id int PRIMARY KEY, body json, pos point, history json[], label text,
  place spot, path jsonpath);
INSERT INTO docs VALUES (1, '{"a":1}', '(1,2)', ARRAY['{"v":1}']::json[], 'x', '(a,"(1,2)")', '$.a');
`),
);
let h: WriteHarness;
beforeAll(async () => {
  h = await writeHarness(db.client);
});
beforeEach(() =>
  db.client.exec(
    `UPDATE docs SET body = '{"a":1}', pos = '(1,2)', history = ARRAY['{"v":1}']::json[], label = 'x',
      place = '(a,"(1,2)")', path = '$.a'`,
  ),
);

describe('an upsert that updates a column without an equality operator', () => {
  it('json: stores the new value', async () => {
    const r = await h.run(
      `mutation { createDoc(input: { id: 1, body: { a: 2 } }, onConflict: { columns: [ID], update: [BODY] }) { id body } }`,
    );
    expect(r).toEqual({ data: { createDoc: { id: 1, body: { a: 2 } } } });
    expect(await h.rows(`SELECT body::text FROM docs`)).toEqual([['{"a":2}']]);
  });

  it('point and json[] beside text: stores the new values, leaves an unchanged row alone', async () => {
    const upsert = (pos: string) =>
      h.run(
        `mutation ($pos: String) { createDocs(input: [{ id: 1, pos: $pos, history: [{ v: 2 }], label: "y" }],
          onConflict: { columns: [ID], update: [POS, HISTORY, LABEL] }) { id pos label } }`,
        { pos },
      );
    expect(await upsert('(3,4)')).toEqual({
      data: { createDocs: [{ id: 1, pos: '(3,4)', label: 'y' }] },
    });
    const version = await h.rows(`SELECT xmin::text FROM docs`);
    expect(await upsert('(3,4)')).toEqual({
      data: { createDocs: [{ id: 1, pos: '(3,4)', label: 'y' }] },
    });
    expect(await h.rows(`SELECT xmin::text FROM docs`)).toEqual(version);
    expect(await h.rows(`SELECT pos::text, history::text FROM docs`)).toEqual([
      ['(3,4)', '{"{\\"v\\":2}"}'],
    ]);
  });

  it('a composite with a point field and jsonpath: stores the new values', async () => {
    const upsert = () =>
      h.run(
        `mutation { createDoc(input: { id: 1, place: "(b,\\"(3,4)\\")", path: "$.b" },
          onConflict: { columns: [ID], update: [PLACE, PATH] }) { id place path } }`,
      );
    expect(await upsert()).toEqual({
      data: { createDoc: { id: 1, place: '(b,"(3,4)")', path: '$."b"' } },
    });
    const version = await h.rows(`SELECT xmin::text FROM docs`);
    expect(await upsert()).toEqual({
      data: { createDoc: { id: 1, place: '(b,"(3,4)")', path: '$."b"' } },
    });
    expect(await h.rows(`SELECT xmin::text FROM docs`)).toEqual(version);
  });
});
