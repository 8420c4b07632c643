// GraphQL Yoga with its defaults (parse and validation caches on), on node:http.
import { createServer } from 'node:http';
import { createSchema, createYoga } from 'graphql-yoga';
import { resolvers, typeDefs } from '../schema.js';
import { announce } from './announce.js';

const yoga = createYoga({
  schema: createSchema({ typeDefs, resolvers }),
  logging: false,
  graphiql: false,
});

announce(createServer(yoga), yoga.graphqlEndpoint);
