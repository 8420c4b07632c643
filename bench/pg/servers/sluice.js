// Sluice: the database reflected by sluice/pg (every operation compiled into one SQL statement),
// served by sluice/server with its defaults, from the built package (`npm run build` at the root).
// SLUICE_ROOT, when set, names another Sluice checkout whose built dist/ is used instead (to
// measure a branch in its own worktree against the same peers); SLUICE_MAX_COST, when set, is the
// engine's maxCost (bench/writes: its documents nest three lists, which the estimate prices at
// defaultPageSize rows each). SLUICE_CACHE=hit turns the result cache on for Query.users (Q1 and
// Q3: a hit after the first request); SLUICE_CACHE=miss turns it on for another operation only
// (every request looks the policy up and misses).
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
  const cache =
    process.env.SLUICE_CACHE === 'hit'
      ? { fields: { 'Query.users': 60 } }
      : process.env.SLUICE_CACHE === 'miss'
        ? { operations: { NotBenchmarked: 60 } }
        : undefined;
  const server = createSluiceServer(cache ? { engine, cache } : { engine });
  const { port } = await server.listen(0, host);
  return port;
});
