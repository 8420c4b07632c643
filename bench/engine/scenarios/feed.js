// (c) A feed of 50 posts, each with its author resolved by a resolver: nesting and resolver calls.
import { executableSchema } from '../executableSchema.js';

const typeDefs = /* GraphQL */ `
  type Query {
    feed: [Post!]!
  }
  type Post {
    id: ID!
    title: String!
    body: String!
    createdAt: String!
    likes: Int!
    author: User!
  }
  type User {
    id: ID!
    name: String!
    avatarUrl: String
  }
`;

const users = Array.from({ length: 10 }, (_, i) => ({
  id: `user-${i}`,
  name: `Zoë "${i}" Müller`,
  avatarUrl: i % 4 === 0 ? null : `https://img.example.com/u/${i}.png`,
}));
const usersById = new Map(users.map((user) => [user.id, user]));

const posts = Array.from({ length: 50 }, (_, i) => ({
  id: `post-${i}`,
  title: `Post number ${i}: on "quotes", back\\slashes and naïve résumés`,
  body: `Line one of post ${i}.\nLine two — with an em dash and a tab\tinside. `.repeat(2),
  createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString(),
  likes: (i * 37) % 101,
  authorId: `user-${i % users.length}`,
}));

const authorOf = (/** @type {{ authorId: string }} */ post) => usersById.get(post.authorId);

/** @type {import('./index.js').Scenario} */
export const feed = {
  key: 'c',
  title: 'feed of 50 posts with a nested author',
  schema: executableSchema(typeDefs, { Post: { author: authorOf } }),
  query: '{ feed { id title body createdAt likes author { id name avatarUrl } } }',
  variables: undefined,
  rootValue: { feed: posts },
  handWritten(root) {
    const feed = /** @type {typeof posts} */ (/** @type {{ feed: unknown }} */ (root).feed);
    let out = '{"data":{"feed":[';
    for (let i = 0; i < feed.length; i++) {
      const post = /** @type {(typeof posts)[number]} */ (feed[i]);
      const author = /** @type {(typeof users)[number]} */ (authorOf(post));
      if (i > 0) out += ',';
      out +=
        `{"id":${JSON.stringify(post.id)},"title":${JSON.stringify(post.title)},"body":${JSON.stringify(post.body)}` +
        `,"createdAt":${JSON.stringify(post.createdAt)},"likes":${post.likes}` +
        `,"author":{"id":${JSON.stringify(author.id)},"name":${JSON.stringify(author.name)},"avatarUrl":${JSON.stringify(author.avatarUrl)}}}`;
    }
    return `${out}]}}`;
  },
};
