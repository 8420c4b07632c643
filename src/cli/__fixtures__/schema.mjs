// A schema module as users write them: SDL + resolvers, plain JavaScript.
// Used by the CLI tests and the GraphQL-over-HTTP audit.
export const typeDefs = /* GraphQL */ `
  type Query {
    hello(name: String): String!
    slow(ms: Int!): String!
    boom: String
  }
  type Mutation {
    bump: Int!
  }
`;

let bumps = 0;

export const resolvers = {
  Query: {
    hello: (_, { name }) => `Hello, ${name ?? 'world'}!`,
    slow: (_, { ms }) => new Promise((resolve) => setTimeout(() => resolve(`slept ${ms}`), ms)),
    boom: () => {
      throw new Error('password=hunter2 in the connection string');
    },
  },
  Mutation: {
    bump: () => ++bumps,
  },
};
