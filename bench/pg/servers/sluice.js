// Sluice: the database reflected by sluice/pg, served by sluice/server, from the built package
// (run `npm run build` at the root first).
import { createEngine } from 'sluice';
import * as sluicePg from 'sluice/pg';
import { createSluiceServer, silentLogger } from 'sluice/server';
import { runContender, settings } from './child.js';

runContender(async () => {
  const { databaseUrl, poolSize, host } = settings();
  // TODO(integration): the sluice/pg API is not published yet (src/pg/index.ts missing).
  if (typeof sluicePg.reflect !== 'function') {
    throw new Error('sluice/pg has no reflect() yet');
  }
  const { schema } = await sluicePg.reflect({ connectionString: databaseUrl, poolSize });
  const engine = createEngine({ schema });
  const server = createSluiceServer({ engine, logger: silentLogger });
  const { port } = await server.listen(0, host);
  return port;
});
