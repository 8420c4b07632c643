// (e) A persisted compound operation: one named operation with variables, fragment spreads and
// aliases — a team's roster (a list), a highlighted post with its author, and the viewer's fields.
import { executableSchema } from '../executableSchema.js';

const typeDefs = /* GraphQL */ `
  type Query {
    viewer: User!
    team(id: ID!): Team
    post(id: ID!): Post
  }
  type Team {
    id: ID!
    name: String!
    members(first: Int!): [User!]!
  }
  type User {
    id: ID!
    name: String!
    email: String!
    avatarUrl: String
    role: String!
    unread: Int!
  }
  type Post {
    id: ID!
    title: String!
    likes: Int!
    author: User!
  }
`;

const users = Array.from({ length: 40 }, (_, i) => ({
  id: `user-${i}`,
  name: `User ${i}`,
  email: `user${i}@example.com`,
  avatarUrl: i % 3 === 0 ? null : `https://img.example.com/u/${i}.png`,
  role: i % 5 === 0 ? 'lead' : 'member',
  unread: (i * 7) % 13,
}));
const teams = new Map(
  Array.from({ length: 4 }, (_, t) => [
    `team-${t}`,
    { id: `team-${t}`, name: `Team ${t}`, members: users.slice(t * 10, t * 10 + 10) },
  ]),
);
const posts = new Map(
  Array.from({ length: 20 }, (_, p) => [
    `post-${p}`,
    { id: `post-${p}`, title: `Highlight ${p}`, likes: p * 11, author: users[p] },
  ]),
);
const viewer = users[7];

/** @typedef {(typeof users)[number]} User */

const query = /* GraphQL */ `
  query Dashboard($team: ID!, $first: Int!, $post: ID!) {
    me: viewer {
      ...Member
      email
      unreadCount: unread
    }
    roster: team(id: $team) {
      id
      name
      people: members(first: $first) {
        ...Member
      }
    }
    highlighted: post(id: $post) {
      id
      title
      likes
      by: author {
        ...Member
      }
    }
  }
  fragment Member on User {
    id
    name
    avatar: avatarUrl
    role
  }
`;

/** @param {User} user */
const member = (user) =>
  `"id":${JSON.stringify(user.id)},"name":${JSON.stringify(user.name)},"avatar":${JSON.stringify(user.avatarUrl)},"role":${JSON.stringify(user.role)}`;

/** @type {import('./index.js').Scenario} */
export const compound = {
  key: 'e',
  title: 'a persisted compound operation (fragments, aliases, variables)',
  schema: executableSchema(typeDefs, {
    Query: {
      viewer: () => viewer,
      team: (_root, args) => teams.get(args.id) ?? null,
      post: (_root, args) => posts.get(args.id) ?? null,
    },
    Team: {
      members: (team, args) =>
        /** @type {{ members: User[] }} */ (team).members.slice(0, args.first),
    },
  }),
  query,
  variables: { team: 'team-1', first: 8, post: 'post-3' },
  handWritten(_root, variables) {
    const v = /** @type {{ team: string, first: number, post: string }} */ (variables);
    const me = /** @type {User} */ (viewer);
    let out = `{"data":{"me":{${member(me)},"email":${JSON.stringify(me.email)},"unreadCount":${me.unread}},"roster":`;
    const team = teams.get(v.team);
    if (team) {
      out += `{"id":${JSON.stringify(team.id)},"name":${JSON.stringify(team.name)},"people":[`;
      out += team.members
        .slice(0, v.first)
        .map((user) => `{${member(user)}}`)
        .join(',');
      out += ']}';
    } else out += 'null';
    const post = posts.get(v.post);
    out += ',"highlighted":';
    out += post
      ? `{"id":${JSON.stringify(post.id)},"title":${JSON.stringify(post.title)},"likes":${post.likes},"by":{${member(/** @type {User} */ (post.author))}}}`
      : 'null';
    return `${out}}}`;
  },
};
