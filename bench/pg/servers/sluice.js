// Sluice: the database reflected by sluice/pg (every operation compiled into one SQL statement),
// served by sluice/server with its defaults, from the built package (`npm run build` at the root).
// SLUICE_ROOT, when set, names another Sluice checkout whose built dist/ is used instead (to
// measure a branch in its own worktree against the same peers).
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { runContender, settings } from './child.js';

const root = process.env.SLUICE_ROOT;
const load = (entry, specifier) =>
  root ? import(pathToFileURL(join(root, 'dist', entry, 'index.js')).href) : import(specifier);
const [{ createEngine }, { connect, reflect }, { createSluiceServer }] = await Promise.all([
  load('engine', 'sluice'),
  load('pg', 'sluice/pg'),
  load('server', 'sluice/server'),
]);

runContender(async () => {
  const { databaseUrl, poolSize, host } = settings();
  // sluice/pg's pooled client (postgres.js) sets jit = off on every connection itself.
  const client = await connect({ url: databaseUrl, max: poolSize });
  const { schema } = await reflect(client);
  const server = createSluiceServer({ engine: createEngine({ schema }) });
  const { port } = await server.listen(0, host);
  return port;
});
