import { makeSchema } from '../../../src/engine/index.js';

/**
 * The schema the abuse tests attack, as `sluice serve --schema` would serve it: a recursive type
 * for deep selections, a recursive input type for deep variables, a subscription to send over
 * POST. Resolvers are trivial: what is measured is what the server does before and around them.
 */
export function abuseSchema() {
  return makeSchema({
    typeDefs: /* GraphQL */ `
      type Query {
        hello(name: String): String!
        node: Node!
        search(filter: Filter): [String!]!
      }
      type Node {
        id: ID!
        child: Node!
        children: [Node!]!
      }
      input Filter {
        eq: String
        and: [Filter!]
        not: Filter
      }
      type Subscription {
        ticks: Int!
      }
    `,
    resolvers: {
      Query: {
        hello: (_: unknown, args: { name?: string | null }) => `Hello, ${args.name ?? 'world'}!`,
        node: () => ({ id: '0' }),
        search: (_: unknown, args: { filter?: unknown }) => [JSON.stringify(args.filter ?? null)],
      },
      Node: {
        child: (node: { id: string }) => ({ id: `${node.id}.0` }),
        children: (node: { id: string }) => [{ id: `${node.id}.0` }, { id: `${node.id}.1` }],
      },
      Subscription: {
        ticks: { subscribe: async function* () {}, resolve: () => 1 },
      },
    },
  });
}
