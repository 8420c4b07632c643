// Paired Node-CPU comparison of Sluice builds: the hand-written endpoint, this checkout's Sluice and
// the Sluice of each `--compare <root>` (another checkout, built: its dist/ is loaded), all started
// once and loaded in turn, one at a time, with wrk, the order rotated every round. Prints, per
// query, the median Node CPU µs/request of each over the rounds, its spread (min–max) and its ratio
// to the hand-written endpoint and to the first --compare build. Meant for changes that move Node
// CPU by a few per cent, where only interleaved rounds on the same machine tell them apart.
//
//   node pg/paired.js --compare ../other-checkout [--queries Q1,Q3] [--rounds 7] [--seconds 4]
//     [--connections 16] [--pool 8] [--size 10k] [--cpu-prof <dir> | --heap-sampling <dir>]
//     [--settings <name>=<json>]... [--cache hit|miss|store]...
//
// --settings adds this checkout's Sluice once more as contender <name>, its connections run with
// the JSON object's settings over Sluice's own (e.g. `auto={"plan_cache_mode":"auto"}`).
// --cache <hit|miss|store> (repeatable) adds every Sluice build once more with its result cache on as
// servers/sluice.js's SLUICE_CACHE says, as contender <build>-<mode> (e.g. `this-miss`).
//
// --cpu-prof writes <dir>/<name>.cpuprofile of each Sluice server when it stops (summarise with
// `node http/profileSummary.js <file> 40`); --heap-sampling writes <dir>/<name>.heapprofile
// (allocations including collected objects) and prints each server's estimated bytes allocated
// per request (profileHook.js). Both slow the servers: compare the builds'
// profiles with each other, not their CPU figures with a run without them.
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { killAll, startServer } from './children.js';
import { prepareDatabase } from './database.js';
import { measureLoad, waitIdle } from './measureLoad.js';
import { QUERIES } from './queries.js';
import { runWrk } from './wrk.js';

const { values } = parseArgs({
  options: {
    compare: { type: 'string', multiple: true, default: [] },
    settings: { type: 'string', multiple: true, default: [] },
    cache: { type: 'string', multiple: true, default: [] },
    queries: { type: 'string', default: 'Q1,Q3' },
    rounds: { type: 'string', default: '7' },
    seconds: { type: 'string', default: '4' },
    connections: { type: 'string', default: '16' },
    pool: { type: 'string', default: '8' },
    size: { type: 'string', default: '10k' },
    'cpu-prof': { type: 'string' },
    'heap-sampling': { type: 'string' },
    'server-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
  },
});
const rounds = Number(values.rounds);
const seconds = Number(values.seconds);
const connections = Number(values.connections);
const queries = values.queries.split(',');
for (const query of queries) if (!QUERIES[query]) throw new Error(`unknown query ${query}`);

const here = (path) => fileURLToPath(new URL(path, import.meta.url));
const ownRoot = here('../..');
const profiling = (name) => {
  const dir = values['cpu-prof'] ?? values['heap-sampling'];
  if (!dir) return {};
  const ext = values['cpu-prof'] ? 'cpuprofile' : 'heapprofile';
  return {
    NODE_OPTIONS: `--import=${new URL('./profileHook.js', import.meta.url).href}`,
    PROFILE_FILE: resolve(dir, `${name}.${ext}`),
  };
};
const sluice = (name, root, env = {}) => ({
  name,
  script: here('./servers/sluice.js'),
  env: { SLUICE_ROOT: root, ...profiling(name), ...env },
});
const withSettings = (spec) => {
  const at = spec.indexOf('=');
  if (at <= 0) throw new Error(`--settings ${spec}: expected <name>=<json object>`);
  const settings = JSON.parse(spec.slice(at + 1));
  return sluice(spec.slice(0, at), ownRoot, { SLUICE_PG_SETTINGS: JSON.stringify(settings) });
};
for (const mode of values.cache)
  if (!['hit', 'miss', 'store'].includes(mode))
    throw new Error(`--cache ${mode}: expected hit, miss or store`);
const builds = [
  ...values.compare.map((root, i) => [`compare${i + 1}`, resolve(root)]),
  ['this', ownRoot],
];
const contenders = [
  { name: 'hand-written', script: here('./servers/handwritten.js'), env: {} },
  ...builds.map(([name, root]) => sluice(name, root)),
  ...values.settings.map(withSettings),
  ...values.cache.flatMap((mode) =>
    builds.map(([name, root]) => sluice(`${name}-${mode}`, root, { SLUICE_CACHE: mode })),
  ),
];

const log = (line) => process.stdout.write(`${line}\n`);
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

async function main() {
  const database = await prepareDatabase({
    serverUrl: values['server-url'],
    size: values.size,
    fresh: false,
    log,
  });
  const admin = new pg.Client({ connectionString: values['server-url'] });
  await admin.connect();
  try {
    for (const c of contenders) {
      c.server = await startServer({
        script: c.script,
        env: {
          DATABASE_URL: database.url,
          POOL_SIZE: values.pool,
          NODE_ENV: 'production',
          ...c.env,
        },
        timeoutMs: 60_000,
      });
      log(`${c.name}: pid ${c.server.pid}${c.env.SLUICE_ROOT ? ` (${c.env.SLUICE_ROOT})` : ''}`);
    }
    const samples = new Map(); // `${query} ${name}` -> { node: [], pg: [], rps: [] }
    const load = async (c, query, secs) => {
      const body = JSON.stringify({ query: QUERIES[query].documents.canonical });
      const url = `http://127.0.0.1:${c.server.port}/graphql`;
      await waitIdle({ pid: c.server.pid, admin, databaseName: database.name });
      return measureLoad({
        pid: c.server.pid,
        admin,
        databaseName: database.name,
        load: () => runWrk({ url, body, seconds: secs, connections }),
      });
    };
    // Warm-up: every contender, every query, once (JIT, plan caches, prepared statements).
    for (const query of queries) for (const c of contenders) await load(c, query, 2);
    for (let round = 0; round < rounds; round++) {
      const order = contenders.map((_, i) => contenders[(i + round) % contenders.length]);
      for (const query of queries) {
        for (const c of order) {
          const run = await load(c, query, seconds);
          if (run.load.errors > 0) throw new Error(`${c.name} ${query}: ${run.load.errorDetail}`);
          const key = `${query} ${c.name}`;
          if (!samples.has(key)) samples.set(key, { node: [], pg: [], rps: [] });
          const s = samples.get(key);
          s.node.push((run.nodeCpuMs * 1000) / run.load.requests);
          s.pg.push((run.pgCpuMs * 1000) / run.load.requests);
          s.rps.push(run.load.rps);
        }
      }
      log(`round ${round + 1}/${rounds} done`);
    }
    for (const query of queries) {
      log(`\n${QUERIES[query].label} — ${rounds} rounds × ${seconds} s, wrk -c${connections} -t1`);
      log(
        'contender      Node µs/req (min–max)    ×hand   ×compare1   PG µs/req (min–max)    req/s (min–max)',
      );
      const hand = median(samples.get(`${query} hand-written`).node);
      const first = samples.get(`${query} compare1`);
      const base = first && median(first.node);
      for (const c of contenders) {
        const s = samples.get(`${query} ${c.name}`);
        const node = median(s.node);
        log(
          [
            c.name.padEnd(14),
            `${node.toFixed(1).padStart(7)} (${Math.min(...s.node).toFixed(1)}–${Math.max(...s.node).toFixed(1)})`.padEnd(
              24,
            ),
            `${(node / hand).toFixed(3)}`.padStart(6),
            (base ? (node / base).toFixed(3) : '-').padStart(11),
            `${median(s.pg).toFixed(1).padStart(8)} (${Math.min(...s.pg).toFixed(0)}–${Math.max(...s.pg).toFixed(0)})`.padEnd(
              22,
            ),
            `${median(s.rps).toFixed(0).padStart(6)} (${Math.min(...s.rps).toFixed(0)}–${Math.max(...s.rps).toFixed(0)})`,
          ].join(' '),
        );
      }
    }
  } finally {
    for (const c of contenders) {
      await c.server?.stop();
      const note = c.server?.output().match(/^profile: .*$/m);
      if (note) log(`${c.name}: ${note[0]}`);
    }
    await admin.end();
  }
}

main().then(
  () => killAll(),
  (error) => {
    console.error(error);
    killAll();
    process.exit(1);
  },
);
