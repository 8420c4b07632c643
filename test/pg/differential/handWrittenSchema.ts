import type { GraphQLSchema } from 'graphql';
import { makeSchema } from '../../../src/engine/index.js';
import type { SqlClient } from '../../../src/pg/driver/SqlClient.js';

/**
 * The oracle of the differential test: the benchmark's users → posts → comments served by plain
 * graphql-js resolvers, one simple query per field (N+1 and all), written by hand. Timestamps come
 * out as PostgreSQL's JSON form, the ISO-8601 text Sluice also produces.
 */
const typeDefs = /* GraphQL */ `
  input StringFilter {
    eq: String
    like: String
  }
  input UserWhere {
    username: StringFilter
  }
  input PostOrderBy {
    createdAt: OrderDirection
  }
  enum OrderDirection {
    ASC
    DESC
  }
  type Query {
    users(limit: Int, offset: Int, where: UserWhere): [User!]!
    user(id: Int!): User
    comments(limit: Int, offset: Int): [Comment!]!
    usersAggregate: UserAggregate!
  }
  type UserAggregate {
    count: Int!
  }
  type PostAggregate {
    count: Int!
  }
  type User {
    id: Int!
    username: String!
    fullName: String!
    email: String!
    bio: String
    createdAt: Datetime!
    posts(limit: Int, offset: Int, orderBy: [PostOrderBy!]): [Post!]!
    postsAggregate: PostAggregate!
    comments(limit: Int): [Comment!]!
  }
  type Post {
    id: Int!
    title: String!
    content: String!
    published: Boolean!
    createdAt: Datetime!
    author: User!
    comments(limit: Int): [Comment!]!
  }
  type Comment {
    id: Int!
    content: String!
    createdAt: Datetime!
    post: Post!
    author: User!
  }
  scalar Datetime
`;

const USER = `id, username, full_name, email, bio, to_json(created_at) #>> '{}' AS created_at`;
const POST = `id, author_id, title, content, published, to_json(created_at) #>> '{}' AS created_at`;
const COMMENT = `id, post_id, author_id, content, to_json(created_at) #>> '{}' AS created_at`;

type Row = Record<string, unknown>;
type Args = Record<string, unknown>;

export function handWrittenSchema(client: SqlClient): GraphQLSchema {
  const rows = async (text: string, values: unknown[], names: string[]): Promise<Row[]> => {
    const result = await client.query(text, values);
    return result.map((r) => Object.fromEntries(names.map((n, i) => [n, r[i]])));
  };
  const userCols = ['id', 'username', 'full_name', 'email', 'bio', 'created_at'];
  const postCols = ['id', 'author_id', 'title', 'content', 'published', 'created_at'];
  const commentCols = ['id', 'post_id', 'author_id', 'content', 'created_at'];
  const page = (args: Args) => [args['limit'] ?? null, args['offset'] ?? 0];
  const user = async (id: unknown) =>
    (await rows(`SELECT ${USER} FROM users WHERE id = $1`, [id], userCols))[0] ?? null;
  const post = async (id: unknown) =>
    (await rows(`SELECT ${POST} FROM posts WHERE id = $1`, [id], postCols))[0] ?? null;
  const commentsOf = (column: string) => (parent: Row, args: Args) =>
    rows(
      `SELECT ${COMMENT} FROM comments WHERE ${column} = $1 ORDER BY id LIMIT $2`,
      [parent['id'], args['limit'] ?? null],
      commentCols,
    );

  return makeSchema({
    typeDefs,
    resolvers: {
      Query: {
        users: (_root: unknown, args: Args) => {
          const where = args['where'] as { username?: { eq?: string; like?: string } } | undefined;
          const filter =
            where?.username?.eq !== undefined
              ? 'WHERE username = $3'
              : where?.username?.like !== undefined
                ? 'WHERE username LIKE $3'
                : '';
          const values = [
            ...page(args),
            ...(filter ? [where?.username?.eq ?? where?.username?.like] : []),
          ];
          return rows(
            `SELECT ${USER} FROM users ${filter} ORDER BY id LIMIT $1 OFFSET $2`,
            values,
            userCols,
          );
        },
        user: (_root: unknown, args: Args) => user(args['id']),
        comments: (_root: unknown, args: Args) =>
          rows(
            `SELECT ${COMMENT} FROM comments ORDER BY id LIMIT $1 OFFSET $2`,
            page(args),
            commentCols,
          ),
        usersAggregate: async () => ({
          count: Number((await client.query('SELECT count(*) FROM users'))[0]?.[0]),
        }),
      },
      User: {
        fullName: (u: Row) => u['full_name'],
        createdAt: (u: Row) => u['created_at'],
        posts: (u: Row, args: Args) => {
          const desc =
            (args['orderBy'] as Array<{ createdAt?: string }> | undefined)?.[0]?.createdAt ===
            'DESC';
          const order = desc ? 'created_at DESC, id' : 'id';
          return rows(
            `SELECT ${POST} FROM posts WHERE author_id = $1 ORDER BY ${order} LIMIT $2 OFFSET $3`,
            [u['id'], ...page(args)],
            postCols,
          );
        },
        postsAggregate: async (u: Row) => ({
          count: Number(
            (
              await client.query('SELECT count(*) FROM posts WHERE author_id = $1', [u['id']])
            )[0]?.[0],
          ),
        }),
        comments: commentsOf('author_id'),
      },
      Post: {
        createdAt: (p: Row) => p['created_at'],
        author: (p: Row) => user(p['author_id']),
        comments: commentsOf('post_id'),
      },
      Comment: {
        createdAt: (c: Row) => c['created_at'],
        post: (c: Row) => post(c['post_id']),
        author: (c: Row) => user(c['author_id']),
      },
    },
  });
}
