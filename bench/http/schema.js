// The resolver schema every contender serves: SDL text, a resolver map and in-memory data. Each
// server builds its own GraphQLSchema from these with its own library (Mercurius, Yoga and Sluice
// each resolve `graphql` from their own install), so nothing crosses a module realm.

export const typeDefs = /* GraphQL */ `
  type Query {
    user(id: ID!): User
    users(first: Int!): [User!]!
  }

  type User {
    id: ID!
    name: String!
    email: String!
    age: Int!
    active: Boolean!
  }
`;

const FIRST_NAMES = ['Ada', 'Grace', 'Alan', 'Edsger', 'Barbara', 'Donald', 'Frances', 'Ken'];
const LAST_NAMES = ['Lovelace', 'Hopper', 'Turing', 'Dijkstra', 'Liskov', 'Knuth', 'Allen'];

/** 1,000 deterministic users, built once at load: resolvers do no I/O. */
export const users = Array.from({ length: 1000 }, (_, i) => {
  const first = FIRST_NAMES[i % FIRST_NAMES.length];
  const last = LAST_NAMES[i % LAST_NAMES.length];
  return {
    id: String(i + 1),
    name: `${first} ${last}`,
    email: `${first.toLowerCase()}.${last.toLowerCase()}${i + 1}@example.com`,
    age: 18 + (i % 60),
    active: i % 3 !== 0,
  };
});

const usersById = new Map(users.map((user) => [user.id, user]));

/** Synchronous resolvers, in the shape graphql-tools, Mercurius, Yoga and Sluice all accept. */
export const resolvers = {
  Query: {
    user: (_root, args) => usersById.get(args.id) ?? null,
    users: (_root, args) => users.slice(0, Math.max(0, args.first)),
  },
};

/**
 * The load scenarios. `body` is POSTed as application/json, byte for byte the same to every
 * contender.
 */
export const scenarios = [
  {
    name: 'small',
    description: 'one user by id (a variable), 3 fields',
    body: {
      query: 'query Small($id: ID!) { user(id: $id) { id name email } }',
      operationName: 'Small',
      variables: { id: '7' },
    },
  },
  {
    name: 'medium',
    description: '100 users x 5 fields',
    body: {
      query: 'query Medium { users(first: 100) { id name email age active } }',
      operationName: 'Medium',
    },
  },
];
