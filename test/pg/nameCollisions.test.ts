import { printSchema, type GraphQLObjectType } from 'graphql';
import { beforeAll, describe, expect, it } from 'vitest';
import { reflect, type Reflection } from '../../src/pg/reflect.js';
import { runOperation } from './support/runOperation.js';
import { useTestDatabase } from './support/testDatabase.js';

/**
 * A database whose names collide the ways real ones do: foreign-key columns named like their
 * relations, a table named like another's plural, a column named like a relation, a table named
 * like a built-in type, and a column named like a `where` operator. It reflects without an error;
 * what was renamed is in `warnings` and works in queries.
 */
const db = useTestDatabase(async (client) => {
  await client.exec(`
    CREATE TABLE "user" (id int PRIMARY KEY, name text NOT NULL);
    CREATE TABLE users (id int PRIMARY KEY, login text NOT NULL, posts int NOT NULL DEFAULT 0);
    CREATE TABLE posts (
      id int PRIMARY KEY,
      users int NOT NULL REFERENCES users (id),
      "user" int REFERENCES "user" (id),
      "not" text
    );
    CREATE TABLE page_info (id int PRIMARY KEY);
    INSERT INTO "user" VALUES (1, 'Ann'), (2, 'Bob');
    INSERT INTO users VALUES (10, 'ann', 2), (11, 'bob', 1);
    INSERT INTO posts VALUES (100, 10, 1, 'x'), (101, 10, NULL, NULL), (102, 11, 2, 'y');
    INSERT INTO page_info VALUES (7);
  `);
});
let reflection: Reflection;
beforeAll(async () => {
  reflection = await reflect(db.client);
});

const data = async (query: string) =>
  JSON.parse((await runOperation(reflection.schema, query)).body);

describe('colliding names', () => {
  it('reflect with a deterministic rename and a warning for each', () => {
    expect(reflection.warnings).toEqual([
      'PageInfo is taken by a built-in name, so table public.page_info is named PageInfo2; the rename option chooses another name.',
      'Post.not is taken by a built-in name, so column posts.not is named Post.not2; the rename option chooses another name.',
      'User is taken by table public.user, so table public.users is named User2; the rename option chooses another name.',
      'Post.user is taken by column posts.user, so the foreign key posts.posts_user_fkey is named Post.userByUser; the rename option chooses another name.',
      'Post.user is taken by column posts.user, so the foreign key posts.posts_users_fkey is named Post.userByUsers; the rename option chooses another name.',
      'User2.posts is taken by column users.posts, so the foreign key posts.posts_users_fkey (seen from users) is named User2.postsByUsers; the rename option chooses another name.',
      'Query.users is taken by the lists of user, so the lists of users is named Query.users2; the rename option chooses another name.',
      'Query.user is taken by the primary-key lookup of user, so the primary-key lookup of users is named Query.user2; the rename option chooses another name.',
    ]);
    const post = reflection.schema.getType('Post') as GraphQLObjectType;
    expect(Object.keys(post.getFields())).toEqual([
      'id',
      'users',
      'user',
      'not2',
      'userByUser',
      'userByUsers',
    ]);
    expect(printSchema(reflection.schema)).toContain('input PostWhere {');
  });

  it('answer queries through the renamed fields', async () => {
    expect(
      await data(`{
        posts(orderBy: [{ id: ASC }], where: { not2: { isNull: false } }) {
          id users user not2 userByUser { name } userByUsers { login posts }
        }
        users2(where: { postsByUsers: { some: { id: { eq: 102 } } } }) {
          login postsByUsers { id } postsByUsersAggregate { count }
        }
        user2(id: 10) { login }
        user(id: 2) { name posts { id } }
        pageInfos { id }
      }`),
    ).toEqual({
      data: {
        posts: [
          {
            id: 100,
            users: 10,
            user: 1,
            not2: 'x',
            userByUser: { name: 'Ann' },
            userByUsers: { login: 'ann', posts: 2 },
          },
          {
            id: 102,
            users: 11,
            user: 2,
            not2: 'y',
            userByUser: { name: 'Bob' },
            userByUsers: { login: 'bob', posts: 1 },
          },
        ],
        users2: [
          { login: 'bob', postsByUsers: [{ id: 102 }], postsByUsersAggregate: { count: 1 } },
        ],
        user2: { login: 'ann' },
        user: { name: 'Bob', posts: [{ id: 102 }] },
        pageInfos: [{ id: 7 }],
      },
    });
  });

  it('lets rename choose every name, and then warns of nothing', async () => {
    const renamed = await reflect(db.client, {
      rename: {
        users: 'Account',
        'users.list': 'accounts',
        'users.single': 'account',
        page_info: 'PageMarker',
        'posts.not': 'negation',
        'posts.posts_user_fkey': 'owner',
        'posts.posts_users_fkey': 'account',
        'posts.posts_users_fkey.backward': 'writings',
      },
    });
    expect(renamed.warnings).toEqual([]);
    const run = await runOperation(renamed.schema, '{ account(id: 11) { login writings { id } } }');
    expect(JSON.parse(run.body)).toEqual({
      data: { account: { login: 'bob', writings: [{ id: 102 }] } },
    });
  });
});
