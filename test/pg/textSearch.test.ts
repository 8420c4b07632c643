import { beforeAll, describe, expect, it } from 'vitest';
import { explain } from '../../src/pg/explain.js';
import { reflect, type Reflection } from '../../src/pg/reflect.js';
import { runOperation } from './support/runOperation.js';
import { useTestDatabase } from './support/testDatabase.js';

/**
 * Full-text search (`matches`): on a tsvector column, and on text columns that have an index on
 * `to_tsvector('<config>', column)` — found in the catalog, searched through the index's exact
 * expression so the plan uses the index. Text columns without such an index get no `matches`.
 */
const db = useTestDatabase(async (client) => {
  await client.exec(`
    CREATE TABLE articles (
      id int PRIMARY KEY,
      title text NOT NULL,
      body text,
      note text,
      doc tsvector
    );
    INSERT INTO articles
      SELECT i,
             CASE WHEN i % 500 = 0 THEN 'Running with PostgreSQL' ELSE 'Walking the dog ' || i END,
             CASE WHEN i % 250 = 0 THEN 'Les chats dorment' ELSE 'des chiens ' || i END,
             'a note',
             to_tsvector('simple', CASE WHEN i % 1000 = 0 THEN 'quick brown fox' ELSE 'slow ' || i END)
      FROM generate_series(1, 5000) AS i;
    CREATE INDEX articles_title_search ON articles USING gin (to_tsvector('english', title));
    CREATE INDEX articles_body_search ON articles USING gist (to_tsvector('french', body));
    CREATE INDEX articles_doc_idx ON articles USING gin (doc);
    -- Not usable for search: a predicate, or another expression.
    CREATE INDEX articles_note_partial ON articles USING gin (to_tsvector('english', note)) WHERE id > 10;
    ANALYZE articles;
  `);
});
let reflection: Reflection;
beforeAll(async () => {
  reflection = await reflect(db.client);
});

const run = async (where: string, variables: Record<string, unknown> = {}) => {
  const header = where.includes('$q') ? 'query ($q: String)' : 'query';
  const result = await runOperation(
    reflection.schema,
    `${header} { articles(where: ${where}, limit: 1000) { id } }`,
    variables,
  );
  return { body: JSON.parse(result.body), sql: result.sql };
};
const ids = async (where: string, variables: Record<string, unknown> = {}) => {
  const { body, sql } = await run(where, variables);
  expect(body.errors).toBeUndefined();
  return { ids: (body.data.articles as Array<{ id: number }>).map((d) => d.id), sql };
};
const multiples = (n: number) => Array.from({ length: 5000 / n }, (_, i) => (i + 1) * n);

describe('full-text search', () => {
  it('searches a text column through its index expression, configuration included', async () => {
    // English stemming: "runs" finds "Running".
    const found = await ids('{ title: { matches: $q } }', { q: 'runs postgresql' });
    expect(found.ids).toEqual(multiples(500));
    expect(found.sql).toContain(
      `WHERE to_tsvector('english'::regconfig, "t1"."title") @@ websearch_to_tsquery('english'::regconfig, $1::text)`,
    );
    // websearch syntax: a quoted phrase, -not, or.
    expect((await ids('{ title: { matches: "\\"walking the dog\\" -dog" } }')).ids).toEqual([]);
    expect((await ids('{ title: { matches: "running or 17" } }')).ids).toEqual([
      17,
      ...multiples(500),
    ]);
    const french = await ids('{ body: { matches: "chat" } }');
    expect(french.ids).toEqual(multiples(250));
    expect(french.sql).toContain(`to_tsvector('french'::regconfig, "t1"."body")`);
  });

  it('searches a tsvector column with the session configuration', async () => {
    const found = await ids('{ doc: { matches: "brown fox" } }');
    expect(found.ids).toEqual(multiples(1000));
    expect(found.sql).toContain(`WHERE "t1"."doc" @@ websearch_to_tsquery($1::text)`);
  });

  it('keeps the string operators beside matches; null sets no condition', async () => {
    const both = await ids(
      '{ title: { matches: "running", like: "%PostgreSQL" }, id: { lt: 1200 } }',
    );
    expect(both.ids).toEqual([500, 1000]);
    expect((await ids('{ title: { matches: null }, id: { lte: 2 } }')).ids).toEqual([1, 2]);
  });

  it('offers matches only where an index serves it', async () => {
    const noIndex = await run('{ note: { matches: "note" } }');
    expect(noIndex.body.errors[0].message).toContain(
      'Field "matches" is not defined by type "StringFilter"',
    );
  });

  it('bounds the query text like a like pattern', async () => {
    const long = await run('{ title: { matches: $q } }', { q: 'x'.repeat(1001) });
    expect(long.body.errors[0]).toMatchObject({
      message: 'A matches query must be at most 1000 characters (got 1001).',
      extensions: { code: 'BAD_USER_INPUT' },
    });
  });

  it.each([
    ['a text column (GIN)', '{ title: { matches: "running" } }', 'articles_title_search'],
    ['a text column (GiST)', '{ body: { matches: "chat" } }', 'articles_body_search'],
    ['a tsvector column', '{ doc: { matches: "fox" } }', 'articles_doc_idx'],
  ])('%s is served by its index', async (_what, where, index) => {
    const result = await explain(reflection.schema, `{ articles(where: ${where}) { id } }`);
    expect(result.plan).toContain(index);
  });
});
