// Sluice's own server with its defaults, on the built package (run `npm run build` at the root).
import { createEngine, makeSchema } from 'sluice';
import { createSluiceServer } from 'sluice/server';
import { resolvers, typeDefs } from '../schema.js';
import { ready } from './announce.js';

const engine = createEngine({ schema: makeSchema({ typeDefs, resolvers }) });
const sluice = createSluiceServer({ engine });
const { port } = await sluice.listen(0, '127.0.0.1');
ready(`http://127.0.0.1:${port}/graphql`);
