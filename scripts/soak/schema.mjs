// The schema module the soak serves with `sluice serve --schema`: SDL + resolvers, as users write
// them. Small, but with a list of objects so responses have some shape.
export const typeDefs = /* GraphQL */ `
  type Query {
    hello(name: String): String!
    items(n: Int!): [Item!]!
  }
  type Item {
    id: Int!
    label: String!
  }
`;

export const resolvers = {
  Query: {
    hello: (_, { name }) => `Hello, ${name ?? 'world'}!`,
    items: (_, { n }) =>
      Array.from({ length: Math.min(n, 50) }, (_v, i) => ({ id: i, label: `item ${i}` })),
  },
};
