import { beforeAll, describe, expect, it } from 'vitest';
import { reflect } from '../../../src/pg/reflect.js';
import { engineRequester, type ResponseBody } from '../support/engineRequest.js';
import { useTestDatabase } from '../support/testDatabase.js';

/**
 * A create statement numbers the rows it inserts in columns of its own beside the table's
 * (`#ord`, `#rn`, `#of`); a table with columns of those names must not make them ambiguous.
 */
const db = useTestDatabase((client) =>
  client.exec(`
CREATE TABLE hosts (
  id serial PRIMARY KEY,
  name text,
  "#ord" int UNIQUE, "#rn" int, "#of" int,
  CONSTRAINT hosts_name_key UNIQUE (name)
);
CREATE TABLE badges (
  id serial PRIMARY KEY,
  host_ord int REFERENCES hosts ("#ord"),
  label text
);
CREATE TABLE guests (
  id serial PRIMARY KEY,
  host_id int NOT NULL REFERENCES hosts (id),
  label text NOT NULL,
  "#ord" int, "#rn" int, "#of" int
);
`),
);
let run: (query: string, variables?: Record<string, unknown>) => Promise<ResponseBody>;
beforeAll(async () => {
  run = engineRequester((await reflect(db.client)).schema);
});

describe('tables with columns named like the create statement’s own', () => {
  it('create rows and answer from what the statement returned', async () => {
    expect(
      await run(`mutation {
        createHosts(input: [{ name: "c", ord: 1, rn: 2, of: 3 }, { name: "d" }]) { name ord rn of }
      }`),
    ).toEqual({
      data: {
        createHosts: [
          { name: 'c', ord: 1, rn: 2, of: 3 },
          { name: 'd', ord: null, rn: null, of: null },
        ],
      },
    });
  });

  it('create rows with their children', async () => {
    expect(
      await run(`mutation {
        createHosts(input: [
          { name: "a", ord: 11, rn: 2, of: 3, guests: [{ label: "a1", ord: 10 }, { label: "a2" }] }
          { name: "b", guests: [{ label: "b1", rn: 20, of: 30 }] }
        ]) { name ord rn of guests { label ord rn of } }
      }`),
    ).toEqual({
      data: {
        createHosts: [
          {
            name: 'a',
            ord: 11,
            rn: 2,
            of: 3,
            guests: [
              { label: 'a1', ord: 10, rn: null, of: null },
              { label: 'a2', ord: null, rn: null, of: null },
            ],
          },
          {
            name: 'b',
            ord: null,
            rn: null,
            of: null,
            guests: [{ label: 'b1', ord: null, rn: 20, of: 30 }],
          },
        ],
      },
    });
    const stored = await db.client.query(
      `SELECT h.name, g.label, g."#ord" FROM guests g JOIN hosts h ON h.id = g.host_id ORDER BY g.label`,
    );
    expect(stored).toEqual([
      ['a', 'a1', 10],
      ['a', 'a2', null],
      ['b', 'b1', null],
    ]);
  });

  it('create rows whose children refer to such a column', async () => {
    const created = await run(`mutation {
      createHosts(input: [{ name: "e", ord: 7, badges: [{ label: "e1" }, { label: "e2" }] }]) {
        name badges { label }
      }
    }`);
    expect(created).toEqual({
      data: { createHosts: [{ name: 'e', badges: [{ label: 'e1' }, { label: 'e2' }] }] },
    });
    expect(await db.client.query(`SELECT host_ord, label FROM badges ORDER BY label`)).toEqual([
      [7, 'e1'],
      [7, 'e2'],
    ]);
  });

  it('upsert rows, those with a NULL key among them', async () => {
    expect(
      await run(`mutation {
        createHosts(
          input: [{ name: "a", ord: 5 }, { name: null, rn: 6 }, { name: null, of: 7 }]
          onConflict: { constraint: HOSTS_NAME_KEY, update: [ORD] }
        ) { name ord rn of }
      }`),
    ).toEqual({
      data: {
        createHosts: [
          { name: 'a', ord: 5, rn: 2, of: 3 },
          { name: null, ord: null, rn: 6, of: null },
          { name: null, ord: null, rn: null, of: 7 },
        ],
      },
    });
  });
});
