// A module exporting a ready GraphQLSchema (as Pothos, Nexus or graphql-tools produce) as default.
import { GraphQLObjectType, GraphQLSchema, GraphQLString } from 'graphql';

export default new GraphQLSchema({
  query: new GraphQLObjectType({
    name: 'Query',
    fields: { built: { type: GraphQLString, resolve: () => 'by code' } },
  }),
});
