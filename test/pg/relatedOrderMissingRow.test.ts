import { beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../../src/engine/index.js';
import type { PgRequestSettings } from '../../src/pg/compile/requestSettings.js';
import { reflect } from '../../src/pg/reflect.js';
import { keysetWalk, type KeysetPage } from './support/keysetWalk.js';
import { useRlsRoles } from './support/rlsDatabase.js';
import { useTestDatabase } from './support/testDatabase.js';

/**
 * `orderBy` through a foreign key whose columns are NOT NULL still meets rows whose related row
 * is missing: the key is NOT VALID (rows older than the constraint point nowhere), or row-level
 * security hides the related row from the request's role. Those rows sort as NULL, as in plain
 * SQL, and keyset pages must still reach every one of them, in either direction.
 */
const roles = useRlsRoles();
const db = useTestDatabase(async (client) => {
  await client.exec(`
    CREATE ROLE ${roles.member} NOLOGIN;
    CREATE TABLE authors (id int PRIMARY KEY, name text NOT NULL);
    CREATE TABLE posts (id int PRIMARY KEY, author_id int NOT NULL);
    INSERT INTO authors VALUES (1, 'ann'), (2, 'bob');
    INSERT INTO posts VALUES (1, 2), (2, 9), (3, 1), (4, 9), (5, 2), (6, 1);
    ALTER TABLE posts ADD FOREIGN KEY (author_id) REFERENCES authors (id) NOT VALID;

    CREATE TABLE notes (id int PRIMARY KEY, owner text NOT NULL, body text NOT NULL);
    CREATE TABLE comments (id int PRIMARY KEY, note_id int NOT NULL REFERENCES notes (id));
    INSERT INTO notes VALUES (1, 'alice', 'b'), (2, 'bob', 'a'), (3, 'alice', 'a');
    INSERT INTO comments VALUES (1, 1), (2, 2), (3, 3), (4, 2), (5, 1), (6, 3);
    ALTER TABLE notes ENABLE ROW LEVEL SECURITY;
    CREATE POLICY own_notes ON notes USING (owner = current_setting('request.owner', true));
    GRANT SELECT ON notes, comments TO ${roles.member};
  `);
});

interface Context {
  readonly pg?: PgRequestSettings;
}
const alice: Context = { pg: { role: roles.member, settings: { 'request.owner': 'alice' } } };

let engine: Engine;
beforeAll(async () => {
  const { schema } = await reflect(db.client, { pgSettings: (c) => (c as Context).pg });
  engine = createEngine({ schema });
});

const page = async (query: string, variables: Record<string, unknown>, contextValue: Context) => {
  const prepared = engine.prepare(query);
  if (!prepared.ok) throw new Error(prepared.body);
  const body = JSON.parse((await prepared.execute({ variables, contextValue })).body) as {
    data?: Record<string, KeysetPage>;
    errors?: unknown;
  };
  expect(body.errors).toBeUndefined();
  return Object.values(body.data ?? {})[0] as KeysetPage;
};

const CASES: Array<[string, string, string, string, Context]> = [
  [
    'a NOT VALID foreign key with rows pointing nowhere',
    'postsConnection',
    '[{ author: { name: ASC } }]',
    'SELECT p.id FROM posts p LEFT JOIN authors a ON a.id = p.author_id ORDER BY a.name, p.id',
    {},
  ],
  [
    'related rows that row-level security hides',
    'commentsConnection',
    '[{ note: { body: DESC } }]',
    'SELECT c.id FROM comments c LEFT JOIN notes n ON n.id = c.note_id AND n.owner = $$alice$$ ORDER BY n.body DESC, c.id',
    alice,
  ],
];

describe('orderBy through a NOT NULL foreign key whose related row is missing', () => {
  it.each(CASES)('%s: keyset pages reach every row', async (_, field, orderBy, oracle, context) => {
    const expected = (await db.client.query(oracle)).map((r) => Number(r[0]));
    const query = `query ($first: Int, $after: String, $last: Int, $before: String) {
      ${field}(orderBy: ${orderBy}, first: $first, after: $after, last: $last, before: $before) {
        nodes { id } pageInfo { hasNextPage hasPreviousPage startCursor endCursor } } }`;
    const fetch = (variables: Record<string, unknown>) => page(query, variables, context);
    for (const size of [1, 2, 4]) {
      expect(await keysetWalk(fetch, 'forward', size), `forward, ${size} a page`).toEqual(expected);
      expect(await keysetWalk(fetch, 'backward', size), `backward, ${size} a page`).toEqual(
        expected,
      );
    }
  });
});
