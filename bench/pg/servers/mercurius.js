// Peer: Mercurius (fastify) with graphql-jit on, and DataLoader resolvers — the way a Node team
// avoids N+1 by hand. Each relation is one batched statement per level (4 round trips for Q3, 3
// for Q2); per-parent limits are applied in SQL with LATERAL, so no loader over-fetches. A
// connection page is the page (one row more than asked, for hasNextPage) and a count, run
// concurrently.
import DataLoader from 'dataloader';
import Fastify from 'fastify';
import mercurius from 'mercurius';
import { postgresPool, runContender, settings } from './child.js';

const schema = `
  type Query {
    users(limit: Int = 50): [User!]!
    user(id: Int!): User
    usersConnection(first: Int = 20): UserConnection!
  }
  type UserConnection { totalCount: Int! pageInfo: PageInfo! nodes: [User!]! }
  type PageInfo { hasNextPage: Boolean! }
  type User { id: Int! username: String! fullName: String! posts(limit: Int = 10): [Post!]! }
  type Post { id: Int! title: String! author: User! comments(limit: Int = 5): [Comment!]! }
  type Comment { id: Int! content: String! author: User! }
`;

runContender(async () => {
  const { host, ...pool } = settings();
  const sql = postgresPool(pool);

  const toUser = (r) => ({ id: r.id, username: r.username, fullName: r.full_name });

  /** One DataLoader per request and per (relation, limit), so batches never mix limits. */
  function makeLoaders() {
    const byLimit = new Map();
    const limited = (name, batch) => (limit) => {
      const key = `${name}:${limit}`;
      let loader = byLimit.get(key);
      if (!loader) {
        loader = new DataLoader((ids) => batch(ids, limit));
        byLimit.set(key, loader);
      }
      return loader;
    };
    return {
      user: new DataLoader(async (ids) => {
        const rows = await sql`SELECT id, username, full_name FROM users WHERE id = ANY(${ids})`;
        const byId = new Map(rows.map((r) => [r.id, toUser(r)]));
        return ids.map((id) => byId.get(id) ?? null);
      }),
      postsByAuthor: limited('posts', async (ids, limit) => {
        const rows = await sql`
          SELECT p.id, p.author_id, p.title FROM unnest(${ids}::int[]) AS k(id)
          CROSS JOIN LATERAL (
            SELECT id, author_id, title FROM posts WHERE author_id = k.id ORDER BY id LIMIT ${limit}
          ) p`;
        return group(ids, rows, 'author_id');
      }),
      commentsByPost: limited('comments', async (ids, limit) => {
        const rows = await sql`
          SELECT c.id, c.post_id, c.author_id, c.content FROM unnest(${ids}::int[]) AS k(id)
          CROSS JOIN LATERAL (
            SELECT id, post_id, author_id, content FROM comments WHERE post_id = k.id
            ORDER BY id LIMIT ${limit}
          ) c`;
        return group(ids, rows, 'post_id');
      }),
    };
  }

  const resolvers = {
    Query: {
      users: async (_root, { limit }) =>
        (await sql`SELECT id, username, full_name FROM users ORDER BY id LIMIT ${limit}`).map(
          toUser,
        ),
      user: (_root, { id }, ctx) => ctx.loaders.user.load(id),
      usersConnection: async (_root, { first }) => {
        const [rows, [count]] = await Promise.all([
          sql`SELECT id, username, full_name FROM users ORDER BY id LIMIT ${first + 1}`,
          sql`SELECT count(*)::int AS n FROM users`,
        ]);
        return {
          totalCount: count.n,
          pageInfo: { hasNextPage: rows.length > first },
          nodes: rows.slice(0, first).map(toUser),
        };
      },
    },
    User: {
      posts: (user, { limit }, ctx) => ctx.loaders.postsByAuthor(limit).load(user.id),
    },
    Post: {
      author: (post, _args, ctx) => ctx.loaders.user.load(post.author_id),
      comments: (post, { limit }, ctx) => ctx.loaders.commentsByPost(limit).load(post.id),
    },
    Comment: {
      author: (comment, _args, ctx) => ctx.loaders.user.load(comment.author_id),
    },
  };

  const app = Fastify({ logger: false });
  await app.register(mercurius, {
    schema,
    resolvers,
    // Compile each document with graphql-jit after its first use: Mercurius at its fastest.
    jit: 1,
    context: () => ({ loaders: makeLoaders() }),
  });
  await app.listen({ port: 0, host });
  return app.server.address().port;
});

/** Rows grouped under the keys they belong to, in the order the keys were asked for. */
function group(ids, rows, column) {
  const byKey = new Map(ids.map((id) => [id, []]));
  for (const row of rows) byKey.get(row[column])?.push(row);
  return ids.map((id) => byKey.get(id));
}
