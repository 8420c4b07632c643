// Sluice: the database reflected by sluice/pg (every operation compiled into one SQL statement),
// served by sluice/server with its defaults, from the built package (`npm run build` at the root).
// SLUICE_ROOT, when set, names another Sluice checkout whose built dist/ is used instead (to
// measure a branch in its own worktree against the same peers); SLUICE_MAX_COST, when set, is the
// engine's maxCost (bench/writes: its documents nest three lists, which the estimate prices at
// defaultPageSize rows each).
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
  const maxCost = process.env.SLUICE_MAX_COST ? Number(process.env.SLUICE_MAX_COST) : undefined;
  const engine = createEngine(maxCost === undefined ? { schema } : { schema, maxCost });
  const server = createSluiceServer({ engine });
  const { port } = await server.listen(0, host);
  return port;
});
