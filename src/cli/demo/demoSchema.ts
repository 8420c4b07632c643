import { GraphQLError, type GraphQLSchema } from 'graphql';
import { ErrorCode, makeSchema } from '../../engine/index.js';
import type { DemoComment, DemoData, DemoPost, DemoUser } from './seedDemoData.js';

const typeDefs = /* GraphQL */ `
  "A person who writes posts and comments."
  type User {
    id: Int!
    username: String!
    fullName: String!
    email: String!
    "ISO-8601 timestamp."
    createdAt: String!
    "Newest first."
    posts(limit: Int = 10, offset: Int = 0): [Post!]!
    comments(limit: Int = 10, offset: Int = 0): [Comment!]!
  }

  type Post {
    id: Int!
    title: String!
    body: String!
    createdAt: String!
    author: User!
    "Oldest first."
    comments(limit: Int = 10, offset: Int = 0): [Comment!]!
    commentCount: Int!
  }

  type Comment {
    id: Int!
    content: String!
    createdAt: String!
    author: User!
    post: Post!
  }

  type Query {
    users(limit: Int = 20, offset: Int = 0): [User!]!
    user(id: Int!): User
    posts(limit: Int = 20, offset: Int = 0): [Post!]!
    post(id: Int!): Post
    "Posts whose title contains the term (case-insensitive)."
    search(term: String!, limit: Int = 10): [Post!]!
  }

  type Mutation {
    createComment(postId: Int!, authorId: Int!, content: String!): Comment!
  }
`;

/** Lists are bounded whatever the client asks: at most this many items per field. */
export const MAX_PAGE = 100;

type Page = { limit?: number | null; offset?: number | null };

function page<T>(items: readonly T[], args: Page): T[] {
  const limit = Math.min(Math.max(args.limit ?? 10, 0), MAX_PAGE);
  const offset = Math.max(args.offset ?? 0, 0);
  return items.slice(offset, offset + limit);
}

function groupBy<T>(items: readonly T[], key: (item: T) => number): Map<number, T[]> {
  const map = new Map<number, T[]>();
  for (const item of items) {
    const list = map.get(key(item));
    if (list) list.push(item);
    else map.set(key(item), [item]);
  }
  return map;
}

const badInput = (message: string) =>
  new GraphQLError(message, { extensions: { code: ErrorCode.BAD_USER_INPUT } });

/** The demo's users/posts/comments API over in-memory data, indexed once. */
export function demoSchema(data: DemoData): GraphQLSchema {
  const users = new Map(data.users.map((u) => [u.id, u]));
  const posts = new Map(data.posts.map((p) => [p.id, p]));
  const postsByAuthor = groupBy([...data.posts].reverse(), (p) => p.authorId);
  const commentsByPost = groupBy(data.comments, (c) => c.postId);
  const commentsByAuthor = groupBy(data.comments, (c) => c.authorId);
  let nextCommentId = data.comments.length + 1;

  return makeSchema({
    typeDefs,
    resolvers: {
      Query: {
        users: (_: unknown, args: Page) => page(data.users, args),
        user: (_: unknown, args: { id: number }) => users.get(args.id) ?? null,
        posts: (_: unknown, args: Page) => page(data.posts, args),
        post: (_: unknown, args: { id: number }) => posts.get(args.id) ?? null,
        search: (_: unknown, args: { term: string; limit?: number | null }) => {
          const term = args.term.toLowerCase();
          return page(
            data.posts.filter((p) => p.title.toLowerCase().includes(term)),
            { limit: args.limit ?? 10 },
          );
        },
      },
      User: {
        posts: (user: DemoUser, args: Page) => page(postsByAuthor.get(user.id) ?? [], args),
        comments: (user: DemoUser, args: Page) => page(commentsByAuthor.get(user.id) ?? [], args),
      },
      Post: {
        author: (post: DemoPost) => users.get(post.authorId),
        comments: (post: DemoPost, args: Page) => page(commentsByPost.get(post.id) ?? [], args),
        commentCount: (post: DemoPost) => commentsByPost.get(post.id)?.length ?? 0,
      },
      Comment: {
        author: (comment: DemoComment) => users.get(comment.authorId),
        post: (comment: DemoComment) => posts.get(comment.postId),
      },
      Mutation: {
        createComment: (
          _: unknown,
          args: { postId: number; authorId: number; content: string },
        ) => {
          if (!posts.has(args.postId)) throw badInput(`No post has id ${args.postId}.`);
          if (!users.has(args.authorId)) throw badInput(`No user has id ${args.authorId}.`);
          const content = args.content.trim();
          if (content === '' || content.length > 2000)
            throw badInput('content must be 1 to 2000 characters.');
          const comment: DemoComment = {
            id: nextCommentId++,
            postId: args.postId,
            authorId: args.authorId,
            content,
            createdAt: new Date().toISOString(),
          };
          data.comments.push(comment);
          const list = commentsByPost.get(args.postId) ?? [];
          list.push(comment);
          commentsByPost.set(args.postId, list);
          const mine = commentsByAuthor.get(args.authorId) ?? [];
          mine.push(comment);
          commentsByAuthor.set(args.authorId, mine);
          return comment;
        },
      },
    },
  });
}
