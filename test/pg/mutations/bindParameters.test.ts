import { beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../support/testDatabase.js';
import { writeHarness, type WriteHarness } from './support.js';

/**
 * A mutation field's statements bind their own values (its `where`, its selection's arguments),
 * outside the bound reads keep: a variable used at several places binds its values at each. Past
 * 32,767 values in one statement the operation is refused with BAD_USER_INPUT before any SQL, as
 * a read is: PGlite's client broke past it (every later statement answered wrongly), and
 * postgres.js refuses past 65,535 (DATABASE_ERROR). Nothing is written; the database answers.
 */
const db = useTestDatabase((client) =>
  client.exec(`
CREATE TABLE items (id serial PRIMARY KEY, name text NOT NULL);
CREATE TABLE parts (id serial PRIMARY KEY, item_id int NOT NULL REFERENCES items, label text);
INSERT INTO items (name) SELECT 'i' || g FROM generate_series(1, 10) g;
INSERT INTO parts (item_id, label) VALUES (1, 'p1');
`),
);
let h: WriteHarness;
beforeAll(async () => {
  h = await writeHarness(db.client);
});
/** 5,000 values, about 94 KB of variables. */
const w = { or: Array.from({ length: 5000 }, (_, i) => ({ id: { eq: i } })) };
const uses = (n: number) => Array.from({ length: n }, () => '$w').join(', ');

async function expectRefusedAndIntact(response: Awaited<ReturnType<WriteHarness['run']>>) {
  expect(response.errors?.map((e) => e.extensions?.['code'])).toEqual(['BAD_USER_INPUT']);
  expect(await h.rows(`SELECT count(*)::int FROM items WHERE name <> 'i' || id`)).toEqual([[0]]);
  expect(await h.rows(`SELECT count(*)::int FROM items`)).toEqual([[10]]);
  expect(await h.run(`{ items(limit: 1) { id name } }`)).toEqual({
    data: { items: [{ id: 1, name: 'i1' }] },
  });
}

describe('bind parameters of a mutation statement', () => {
  it('an update whose where uses a variable 7 times (35,000 values) is refused', async () => {
    const r = await h.run(
      `mutation ($w: ItemWhere!) { updateItems(where: { and: [${uses(7)}] }, set: { name: "x" }) { id } }`,
      { w },
    );
    await expectRefusedAndIntact(r);
  }, 120_000);

  it('an update whose where uses a variable 14 times (70,000 values) is refused', async () => {
    const r = await h.run(
      `mutation ($w: ItemWhere!) { updateItems(where: { and: [${uses(14)}] }, set: { name: "x" }) { id } }`,
      { w },
    );
    await expectRefusedAndIntact(r);
  }, 120_000);

  it('a create whose read-back uses a variable under 7 aliases is refused, nothing created', async () => {
    const pw = { or: Array.from({ length: 5000 }, (_, i) => ({ id: { eq: i } })) };
    const selection = Array.from({ length: 7 }, (_, i) => `a${i}: parts(where: $pw) { id }`);
    const r = await h.run(
      `mutation ($pw: PartWhere!) { createItem(input: { name: "new" }) { id ${selection.join(' ')} } }`,
      { pw },
    );
    await expectRefusedAndIntact(r);
  }, 120_000);

  it('answers while the statement stays within the bound', async () => {
    const r = await h.run(
      `mutation ($w: ItemWhere!) { updateItems(where: { and: [${uses(2)}, { id: { eq: 1 } }] }, set: { name: "i1" }) { id name } }`,
      { w },
    );
    expect(r).toEqual({ data: { updateItems: [{ id: 1, name: 'i1' }] } });
  }, 120_000);
});
