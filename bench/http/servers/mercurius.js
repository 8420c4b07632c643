// Mercurius on fastify with graphql-jit compiling each operation after its first run (`jit: 1`),
// its fastest documented setting for resolver schemas.
import Fastify from 'fastify';
import mercurius from 'mercurius';
import { resolvers, typeDefs } from '../schema.js';
import { ready } from './announce.js';

const app = Fastify({ logger: false });
app.register(mercurius, { schema: typeDefs, resolvers, jit: 1, graphiql: false });
const address = await app.listen({ port: 0, host: '127.0.0.1' });
ready(`${address}/graphql`);
