// Sluice: the database reflected by sluice/pg (every operation compiled into one SQL statement),
// served by sluice/server with its defaults, from the built package (`npm run build` at the root).
import { createEngine } from 'sluice';
import { connect, reflect } from 'sluice/pg';
import { createSluiceServer } from 'sluice/server';
import { runContender, settings } from './child.js';

runContender(async () => {
  const { databaseUrl, poolSize, host } = settings();
  // sluice/pg's pooled client (postgres.js) sets jit = off on every connection itself.
  const client = await connect({ url: databaseUrl, max: poolSize });
  const { schema } = await reflect(client);
  const server = createSluiceServer({ engine: createEngine({ schema }) });
  const { port } = await server.listen(0, host);
  return port;
});
