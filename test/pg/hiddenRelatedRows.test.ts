import type { GraphQLObjectType } from 'graphql';
import { isNonNullType, type GraphQLSchema } from 'graphql';
import { beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../../src/engine/index.js';
import type { PgRequestSettings } from '../../src/pg/compile/requestSettings.js';
import { reflect } from '../../src/pg/reflect.js';
import { useRlsRoles } from './support/rlsDatabase.js';
import { useTestDatabase } from './support/testDatabase.js';

/**
 * A to-one relation through NOT NULL columns is `Author!` only where the related row always
 * exists for every reader: not through a NOT VALID key (rows older than the constraint may point
 * nowhere), nor to a table under row-level security (a policy may hide the row). There the
 * answer is `null`, as plain SQL's LEFT JOIN gives, and a non-null type would promise clients
 * what the response breaks.
 */
const roles = useRlsRoles();
const db = useTestDatabase(async (client) => {
  await client.exec(`
    CREATE ROLE ${roles.member} NOLOGIN;
    CREATE TABLE authors (id int PRIMARY KEY, name text NOT NULL);
    CREATE TABLE posts (id int PRIMARY KEY, author_id int NOT NULL);
    INSERT INTO authors VALUES (1, 'ann');
    INSERT INTO posts VALUES (1, 1), (2, 9);
    ALTER TABLE posts ADD FOREIGN KEY (author_id) REFERENCES authors (id) NOT VALID;

    CREATE TABLE notes (id int PRIMARY KEY, owner text NOT NULL, body text NOT NULL);
    CREATE TABLE comments (id int PRIMARY KEY, note_id int NOT NULL REFERENCES notes (id));
    CREATE TABLE pins (id int PRIMARY KEY, comment_id int NOT NULL REFERENCES comments (id));
    INSERT INTO notes VALUES (1, 'alice', 'mine'), (2, 'bob', 'his');
    INSERT INTO comments VALUES (1, 1), (2, 2);
    INSERT INTO pins VALUES (1, 1), (2, 2);
    ALTER TABLE notes ENABLE ROW LEVEL SECURITY;
    CREATE POLICY own_notes ON notes USING (owner = current_setting('request.owner', true));
    GRANT SELECT ON notes, comments, pins TO ${roles.member};
  `);
});

interface Context {
  readonly pg?: PgRequestSettings;
}
const alice: Context = { pg: { role: roles.member, settings: { 'request.owner': 'alice' } } };

let schema: GraphQLSchema;
let engine: Engine;
beforeAll(async () => {
  ({ schema } = await reflect(db.client, { pgSettings: (c) => (c as Context).pg }));
  engine = createEngine({ schema });
});

const relationType = (typeName: string, field: string) =>
  (schema.getType(typeName) as GraphQLObjectType).getFields()[field]!.type;

const run = async (query: string, contextValue: Context) => {
  const prepared = engine.prepare(query);
  if (!prepared.ok) throw new Error(prepared.body);
  return JSON.parse((await prepared.execute({ contextValue })).body) as unknown;
};

describe('to-one relations whose related row may be missing', () => {
  it('are nullable through a NOT VALID key, and answer null for a row pointing nowhere', async () => {
    expect(isNonNullType(relationType('Post', 'author'))).toBe(false);
    expect(await run('{ posts { id author { name } } }', {})).toEqual({
      data: {
        posts: [
          { id: 1, author: { name: 'ann' } },
          { id: 2, author: null },
        ],
      },
    });
  });

  it('are nullable to a table under row-level security, and answer null for a hidden row', async () => {
    expect(isNonNullType(relationType('Comment', 'note'))).toBe(false);
    expect(await run('{ comments { id note { body } } }', alice)).toEqual({
      data: {
        comments: [
          { id: 1, note: { body: 'mine' } },
          { id: 2, note: null },
        ],
      },
    });
  });

  it('stay non-null through a valid key to a table without row-level security', () => {
    expect(isNonNullType(relationType('Pin', 'comment'))).toBe(true);
  });
});
