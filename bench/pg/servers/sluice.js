// Sluice: the database reflected by sluice/pg (every operation compiled into one SQL statement),
// served by sluice/server with its defaults, from the built package (`npm run build` at the root).
// SLUICE_ROOT, when set, names another Sluice checkout whose built dist/ is used instead (to
// measure a branch in its own worktree against the same peers); SLUICE_MAX_COST, when set, is the
// engine's maxCost (bench/writes: its documents nest three lists, which the estimate prices at
// defaultPageSize rows each). SLUICE_CACHE=hit turns the result cache on for Query.users (Q1 and
// Q3: a hit from the third request on, the second being kept); SLUICE_CACHE=miss turns it on for
// Query.users with a scope of its own for every request (every request computes its key, looks
// it up, misses and runs; as a key seen once, its answer is not kept: the default admission);
// SLUICE_CACHE=store is miss with `admission: 'all'` (every answer kept, the oldest evicted once
// the cache is full: what a miss that is kept costs).
// SLUICE_PG_SETTINGS, when set, is a JSON object of run-time settings for every connection
// (sluice/pg's PoolOptions.settings, over Sluice's own).
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

/**
 * SLUICE_BENCH_RLS=1 (servers/sluice-rls.js): every request runs as a role that row-level
 * security applies to, with claims, and each table has a policy comparing a column of every row
 * with a claim (`min_id` 0: every row passes, so the answers equal the other contenders'). The
 * superuser the other contenders connect as bypasses row-level security, so enabling it on a
 * reused benchmark database changes nothing they measure; the data, which the database's
 * fingerprint covers (database.js), is not touched. Idempotent: made again at each start.
 */
const RLS_ROLE = 'sluice_bench_reader';
// In a subquery, as policies should read settings: PostgreSQL then evaluates it once per
// statement (an InitPlan), not once per row.
const CLAIM = `(SELECT (current_setting('request.jwt.claims', true)::json->>'min_id')::int)`;
const RLS_SQL = `
  DO $$ BEGIN CREATE ROLE ${RLS_ROLE} NOLOGIN; EXCEPTION WHEN duplicate_object THEN NULL; END $$;
  GRANT SELECT ON users, posts, comments TO ${RLS_ROLE};
  ALTER TABLE users ENABLE ROW LEVEL SECURITY;
  ALTER TABLE posts ENABLE ROW LEVEL SECURITY;
  ALTER TABLE comments ENABLE ROW LEVEL SECURITY;
  DROP POLICY IF EXISTS sluice_bench ON users;
  DROP POLICY IF EXISTS sluice_bench ON posts;
  DROP POLICY IF EXISTS sluice_bench ON comments;
  CREATE POLICY sluice_bench ON users FOR SELECT TO ${RLS_ROLE} USING (id >= ${CLAIM});
  CREATE POLICY sluice_bench ON posts FOR SELECT TO ${RLS_ROLE} USING (author_id >= ${CLAIM});
  CREATE POLICY sluice_bench ON comments FOR SELECT TO ${RLS_ROLE} USING (author_id >= ${CLAIM});
`;
const RLS_SETTINGS = {
  role: RLS_ROLE,
  settings: { 'request.jwt.claims': JSON.stringify({ sub: '1', min_id: 0 }) },
};

runContender(async () => {
  const { databaseUrl, poolSize, host } = settings();
  // sluice/pg's pooled client (postgres.js) sets jit = off on every connection itself.
  const pgSettings = process.env.SLUICE_PG_SETTINGS;
  const client = await connect({
    url: databaseUrl,
    max: poolSize,
    ...(pgSettings ? { settings: JSON.parse(pgSettings) } : {}),
  });
  const rls = process.env.SLUICE_BENCH_RLS === '1';
  if (rls) await client.exec(RLS_SQL);
  const plainRows = process.env.SLUICE_PLAIN_ROWS === '1';
  const { schema } = await reflect(client, {
    ...(rls ? { pgSettings: () => RLS_SETTINGS } : {}),
    ...(plainRows ? { plainRows } : {}),
  });
  const maxCost = process.env.SLUICE_MAX_COST ? Number(process.env.SLUICE_MAX_COST) : undefined;
  const engine = createEngine(maxCost === undefined ? { schema } : { schema, maxCost });
  let requests = 0;
  const mode = process.env.SLUICE_CACHE;
  // miss and store: a scope of its own for every request, so each one is cacheable, looked up,
  // missed and executed; store also keeps each (the oldest entries evicted once the cache is full).
  const cache =
    mode === 'hit'
      ? { fields: { 'Query.users': 60 } }
      : mode === 'miss' || mode === 'store'
        ? {
            fields: { 'Query.users': 60 },
            scope: () => String(++requests),
            ...(mode === 'store' ? { admission: 'all' } : {}),
          }
        : undefined;
  const server = createSluiceServer(cache ? { engine, cache } : { engine });
  const { port } = await server.listen(0, host);
  return port;
});
