// A schema module that says which process answered: for the `serve --workers` tests.
export const typeDefs = /* GraphQL */ `
  type Query {
    pid: Int!
    slow(ms: Int!): Int!
  }
`;

export const resolvers = {
  Query: {
    pid: () => process.pid,
    slow: (_, { ms }) => new Promise((resolve) => setTimeout(() => resolve(process.pid), ms)),
  },
};
