// (d) One parameterized root field (variables) with a nested selection: a small response, so the
// per-request overhead (variable coercion, context set-up, result envelope) dominates.
import { executableSchema } from '../executableSchema.js';

const typeDefs = /* GraphQL */ `
  type Query {
    user(id: ID!): User
  }
  type User {
    id: ID!
    name: String!
    email: String!
    posts(first: Int!): [Post!]!
  }
  type Post {
    id: ID!
    title: String!
    likes: Int!
  }
`;

const users = Array.from({ length: 100 }, (_, i) => ({
  id: `user-${i}`,
  name: `User ${i}`,
  email: `user${i}@example.com`,
  posts: Array.from({ length: 20 }, (_, j) => ({
    id: `post-${i}-${j}`,
    title: `Title ${j}`,
    likes: j * 3,
  })),
}));
const usersById = new Map(users.map((user) => [user.id, user]));

/** @typedef {(typeof users)[number]} User */

/** @type {import('./index.js').Scenario} */
export const param = {
  key: 'd',
  title: 'one parameterized root field with a nested selection',
  schema: executableSchema(typeDefs, {
    Query: { user: (_root, args) => usersById.get(args.id) ?? null },
    User: { posts: (user, args) => /** @type {User} */ (user).posts.slice(0, args.first) },
  }),
  query:
    'query UserPosts($id: ID!, $first: Int!) { user(id: $id) { id name email posts(first: $first) { id title likes } } }',
  variables: { id: 'user-42', first: 5 },
  handWritten(_root, variables) {
    const { id, first } = /** @type {{ id: string, first: number }} */ (variables);
    const user = usersById.get(id);
    if (!user) return '{"data":{"user":null}}';
    let out = `{"data":{"user":{"id":${JSON.stringify(user.id)},"name":${JSON.stringify(user.name)},"email":${JSON.stringify(user.email)},"posts":[`;
    const posts = user.posts.slice(0, first);
    for (let i = 0; i < posts.length; i++) {
      const post = /** @type {(typeof posts)[number]} */ (posts[i]);
      out += `${i > 0 ? ',' : ''}{"id":${JSON.stringify(post.id)},"title":${JSON.stringify(post.title)},"likes":${post.likes}}`;
    }
    return `${out}]}}}`;
  },
};
