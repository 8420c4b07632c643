import { beforeAll, describe, expect, it } from 'vitest';
import { explain } from '../../src/pg/explain.js';
import { reflect, type Reflection } from '../../src/pg/reflect.js';
import { keysetWalk, type KeysetPage } from './support/keysetWalk.js';
import { reflectedRunners } from './support/reflectedRun.js';
import { useTestDatabase } from './support/testDatabase.js';

/**
 * `orderBy` on the number of rows of a to-many relation (`{ posts: { count: DESC } }`) and on
 * sum, avg, min and max of a column of those rows (`{ notes: { max: { written: DESC } } }`, NULL
 * for a row without related rows): backward foreign keys, many-to-many through a junction, after
 * a to-one hop; keyset pages in either direction must give exactly the list's order, which is
 * checked against joins written by hand.
 */
const db = useTestDatabase(async (client) => {
  await client.exec(`
    CREATE TABLE writers (id int PRIMARY KEY, name text NOT NULL);
    CREATE TABLE notes (
      id int PRIMARY KEY,
      writer_id int REFERENCES writers (id),
      title text NOT NULL,
      words int NOT NULL,
      score numeric(6, 2),
      weight float8,
      written timestamptz NOT NULL
    );
    CREATE INDEX notes_writer_written_idx ON notes (writer_id, written);
    CREATE TABLE labels (id int PRIMARY KEY, name text NOT NULL, rank int2 NOT NULL);
    CREATE TABLE note_labels (
      note_id int NOT NULL REFERENCES notes (id),
      label_id int NOT NULL REFERENCES labels (id),
      PRIMARY KEY (note_id, label_id)
    );
    INSERT INTO writers SELECT i, 'writer ' || (i % 7) FROM generate_series(1, 300) AS i;
    INSERT INTO notes
      SELECT i, CASE WHEN i % 11 = 0 THEN NULL ELSE 1 + (i * i) % 250 END, 'note ' || i,
        (i * 37) % 500, CASE WHEN i % 5 = 0 THEN NULL ELSE ((i * 13) % 1000) / 10.0 END,
        (i % 9) * 0.25,
        timestamptz '2024-01-01 00:00:00+00' + ((i * 7919) % 100000) * interval '1 minute'
      FROM generate_series(1, 3000) AS i;
    INSERT INTO labels SELECT i, 'label ' || i, (i * 3) % 4 FROM generate_series(1, 5) AS i;
    INSERT INTO note_labels
      SELECT n, l FROM generate_series(1, 60) AS n, generate_series(1, 5) AS l WHERE (n + l) % 3 <> 0 OR n % 4 = 0;
    ANALYZE;
  `);
});
let reflection: Reflection;
beforeAll(async () => {
  reflection = await reflect(db.client);
});

type Page = KeysetPage;

const { run, data } = reflectedRunners(() => reflection.schema);

// The list, the ordering, and the same order written by hand with joins.
const ORDERS: Array<[string, string, string, string]> = [
  [
    'writers by their number of notes',
    'writers',
    '[{ notes: { count: DESC } }]',
    'SELECT w.id FROM writers w LEFT JOIN notes n ON n.writer_id = w.id GROUP BY w.id ORDER BY count(n.id) DESC, w.id',
  ],
  [
    'then by name, ascending counts',
    'writers',
    '[{ notes: { count: ASC } }, { name: DESC }]',
    'SELECT w.id FROM writers w LEFT JOIN notes n ON n.writer_id = w.id GROUP BY w.id ORDER BY count(n.id), w.name DESC, w.id',
  ],
  [
    'notes by their labels (many-to-many)',
    'notes',
    '[{ labels: { count: DESC } }]',
    'SELECT n.id FROM notes n LEFT JOIN note_labels l ON l.note_id = n.id GROUP BY n.id ORDER BY count(l.label_id) DESC, n.id',
  ],
  [
    "notes by their writer's notes (a nullable to-one hop)",
    'notes',
    '[{ writer: { notes: { count: DESC_NULLS_LAST } } }]',
    'SELECT n.id FROM notes n LEFT JOIN LATERAL (SELECT count(*) AS c FROM notes o WHERE o.writer_id = n.writer_id) o ON n.writer_id IS NOT NULL ORDER BY o.c DESC NULLS LAST, n.id',
  ],
  [
    'writers by their latest note (none first)',
    'writers',
    '[{ notes: { max: { written: DESC } } }]',
    'SELECT w.id FROM writers w LEFT JOIN notes n ON n.writer_id = w.id GROUP BY w.id ORDER BY max(n.written) DESC, w.id',
  ],
  [
    'writers by their earliest note, none last, then name',
    'writers',
    '[{ notes: { min: { written: ASC } } }, { name: DESC }]',
    'SELECT w.id FROM writers w LEFT JOIN notes n ON n.writer_id = w.id GROUP BY w.id ORDER BY min(n.written), w.name DESC, w.id',
  ],
  [
    'writers by the sum of their words (int4: an int8 sum)',
    'writers',
    '[{ notes: { sum: { words: DESC_NULLS_LAST } } }]',
    'SELECT w.id FROM writers w LEFT JOIN notes n ON n.writer_id = w.id GROUP BY w.id ORDER BY sum(n.words) DESC NULLS LAST, w.id',
  ],
  [
    'writers by the average score (numeric, some NULL)',
    'writers',
    '[{ notes: { avg: { score: ASC } } }]',
    'SELECT w.id FROM writers w LEFT JOIN notes n ON n.writer_id = w.id GROUP BY w.id ORDER BY avg(n.score), w.id',
  ],
  [
    'writers by the sum of a float column',
    'writers',
    '[{ notes: { sum: { weight: DESC } } }]',
    'SELECT w.id FROM writers w LEFT JOIN notes n ON n.writer_id = w.id GROUP BY w.id ORDER BY sum(n.weight) DESC, w.id',
  ],
  [
    "notes by their labels' highest rank (many-to-many, int2)",
    'notes',
    '[{ labels: { max: { rank: DESC } } }]',
    'SELECT n.id FROM notes n LEFT JOIN note_labels j ON j.note_id = n.id LEFT JOIN labels l ON l.id = j.label_id GROUP BY n.id ORDER BY max(l.rank) DESC, n.id',
  ],
];

describe('orderBy on to-many aggregates', () => {
  it.each(ORDERS)('lists and pages by keyset: %s', async (_name, list, orderBy, oracle) => {
    const expected = (await db.client.query(oracle)).map((row) => Number(row[0]));
    const all = await data(`{ ${list}(orderBy: ${orderBy}, limit: 1000) { id } }`);
    expect((all.data[list] as Array<{ id: number }>).map((r) => r.id)).toEqual(
      expected.slice(0, 1000),
    );
    // Pages over the first rows only (the order is the same throughout).
    const bound = `id: { lte: 200 }`;
    const within = expected.filter((id) => id <= 200);
    const query = `query ($after: String, $before: String, $first: Int, $last: Int) {
      c: ${list}Connection(where: { ${bound} }, orderBy: ${orderBy}, first: $first, after: $after, last: $last, before: $before) {
        nodes { id } pageInfo { hasNextPage hasPreviousPage startCursor endCursor }
      }
    }`;
    const page = async (variables: Record<string, unknown>) =>
      (await data(query, variables)).data['c'] as Page;
    expect(await keysetWalk(page, 'forward', 9, 30)).toEqual(within);
    expect(await keysetWalk(page, 'backward', 11, 30)).toEqual(within);
  });

  it('writes the count as a correlated subquery, and takes the ordering as a variable', async () => {
    const literal = await data(
      '{ writers(orderBy: [{ notes: { count: DESC } }], limit: 3) { id notesAggregate { count } } }',
    );
    expect(literal.sql).toContain(
      'ORDER BY (SELECT count(*) FROM "public"."notes" AS "t1_n" WHERE "t1_n"."writer_id" = "t1"."id") DESC, "t1"."id" ASC',
    );
    const variable = await data(
      'query ($o: [WriterOrderBy!]) { writers(orderBy: $o, limit: 3) { id notesAggregate { count } } }',
      { o: [{ notes: { count: 'DESC' } }] },
    );
    expect(variable.sql).toBe(literal.sql);
    expect(variable.data).toEqual(literal.data);
    const counts = (literal.data['writers'] as Array<{ notesAggregate: { count: number } }>).map(
      (w) => w.notesAggregate.count,
    );
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
  });

  it('refuses a cursor made under another ordering, and an item without count', async () => {
    const first = await data(
      '{ writersConnection(orderBy: [{ notes: { count: DESC } }], first: 2) { pageInfo { endCursor } } }',
    );
    const cursor = (first.data['writersConnection'] as Page).pageInfo.endCursor;
    const other = await run(
      'query ($c: String) { writersConnection(orderBy: [{ notes: { count: ASC } }], first: 2, after: $c) { nodes { id } } }',
      { c: cursor },
    );
    expect(other.body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    const empty = await run('{ writers(orderBy: [{ notes: {} }]) { id } }');
    expect(empty.body.errors?.[0]).toMatchObject({ extensions: { code: 'BAD_USER_INPUT' } });
  });

  it('counts through an index that starts with the foreign key', async () => {
    const result = await explain(
      reflection.schema,
      '{ writers(orderBy: [{ notes: { count: DESC } }], limit: 5) { id } }',
    );
    expect(result.plan).toContain('notes_writer_written_idx');
  });
  it('writes the function as a correlated subquery, and takes the ordering as a variable', async () => {
    const literal = await data(
      '{ writers(orderBy: [{ notes: { max: { written: DESC } } }], limit: 3) { id notesAggregate { max { written } } } }',
    );
    expect(literal.sql).toContain(
      'ORDER BY (SELECT max("t1_n"."written") FROM "public"."notes" AS "t1_n" WHERE "t1_n"."writer_id" = "t1"."id") DESC, "t1"."id" ASC',
    );
    const variable = await data(
      'query ($o: [WriterOrderBy!]) { writers(orderBy: $o, limit: 3) { id notesAggregate { max { written } } } }',
      { o: [{ notes: { max: { written: 'DESC' } } }] },
    );
    expect(variable.sql).toBe(literal.sql);
    expect(variable.data).toEqual(literal.data);
    const through = await data(
      '{ notes(orderBy: [{ labels: { min: { rank: ASC } } }], limit: 1) { id } }',
    );
    expect(through.sql).toContain(
      '(SELECT min("t1_n"."rank") FROM "public"."note_labels" AS "t1_j" JOIN "public"."labels" AS "t1_n" ON "t1_n"."id" = "t1_j"."label_id" WHERE "t1_j"."note_id" = "t1"."id")',
    );
  });

  it('refuses a cursor made under another function, and an item with no or two columns', async () => {
    const first = await data(
      '{ writersConnection(orderBy: [{ notes: { max: { written: DESC } } }], first: 2) { pageInfo { endCursor } } }',
    );
    const cursor = (first.data['writersConnection'] as KeysetPage).pageInfo.endCursor;
    const other = await run(
      'query ($c: String) { writersConnection(orderBy: [{ notes: { min: { written: DESC } } }], first: 2, after: $c) { nodes { id } } }',
      { c: cursor },
    );
    expect(other.body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    const none = await run('{ writers(orderBy: [{ notes: { max: {} } }]) { id } }');
    expect(none.body.errors?.[0]).toMatchObject({
      message: expect.stringContaining('"notes.max" must set exactly one field (got 0)'),
      extensions: { code: 'BAD_USER_INPUT' },
    });
    const two = await run(
      '{ writers(orderBy: [{ notes: { max: { written: DESC }, count: ASC } }]) { id } }',
    );
    expect(two.body.errors?.[0]).toMatchObject({
      message: expect.stringContaining('"notes" must set exactly one field (got 2)'),
      extensions: { code: 'BAD_USER_INPUT' },
    });
  });

  it('offers only the columns a function applies to', async () => {
    const bad = await run('{ writers(orderBy: [{ notes: { sum: { written: ASC } } }]) { id } }');
    expect(bad.body.errors?.[0]?.message).toContain(
      '"written" is not defined by type "NoteSumAggregateOrderBy"',
    );
  });

  it('reads the maximum through the index on the foreign key and the column', async () => {
    const result = await explain(
      reflection.schema,
      '{ writers(orderBy: [{ notes: { max: { written: DESC } } }], limit: 5) { id } }',
    );
    expect(result.plan).toContain('notes_writer_written_idx');
  });
});
