// A schema module with a subscription, for the CLI's realtime tests.
export const typeDefs = /* GraphQL */ `
  type Query {
    hello: String!
  }
  type Subscription {
    counted(to: Int!): Int!
    forever: Int!
  }
`;

const tick = () => new Promise((resolve) => setTimeout(resolve, 10));

export const resolvers = {
  Query: { hello: () => 'Hello, world!' },
  Subscription: {
    counted: {
      subscribe: async function* (_, { to }) {
        for (let i = 1; i <= to; i++) {
          await tick();
          yield i;
        }
      },
      resolve: (value) => value,
    },
    forever: {
      subscribe: async function* () {
        for (let i = 1; ; i++) {
          await new Promise((resolve) => setTimeout(resolve, 50));
          yield i;
        }
      },
      resolve: (value) => value,
    },
  },
};
