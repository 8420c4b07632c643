// PostgreSQL load benchmark: users → posts → comments at three sizes, Q1, Q2, Q3 and a connection
// page, served by a
// hand-written-SQL endpoint, Mercurius + DataLoader, PostGraphile 5 and Sluice, each in its own
// process, loaded by wrk in another. Loopback only, bounded in time; every child
// is killed at the end, even on failure. See README.md beside this file.
import pg from 'pg';
import { startCommand, startServer } from './children.js';
import { CONTENDERS, workersContenders } from './contenders.js';
import { dropDatabase, prepareDatabase, rowCounts } from './database.js';
import { measureLoad, waitIdle } from './measureLoad.js';
import { treeMemory } from './procStats.js';
import {
  referenceFirst,
  requireWrk,
  runBenchmark,
  stopAfter,
  writeResults,
} from './runBenchmark.js';
import { options } from './options.js';
import { QUERIES } from './queries.js';
import { printSizeTable, printTargets, printWorkers } from './report.js';
import { fetchNormalized, firstDifference, shapeProblem } from './verify.js';
import { runWrk } from './wrk.js';

const log = (line) => process.stdout.write(`${line}\n`);

/**
 * Starts a contender and checks its answers against the reference (the hand-written endpoint's,
 * taken from the first contender). Returns `{ contender, server?, failures: Map<query, reason>,
 * bytes: Map<query, body bytes> }`; a contender whose answer differs is not loaded with that query.
 */
async function startAndVerify({ contender, database, opts, reference }) {
  const failures = new Map();
  const bytes = new Map();
  const failAll = (reason) => {
    for (const query of opts.queries) failures.set(query, reason);
    return { contender, failures, bytes };
  };
  let server;
  const env = {
    DATABASE_URL: database.url,
    POOL_SIZE: String(opts.pool),
    NODE_ENV: 'production',
    ...contender.env,
  };
  try {
    server = contender.command
      ? await startCommand({
          command: contender.command,
          args: contender.args({ databaseUrl: database.url, pool: opts.pool }),
          env,
          ready: /serving GraphQL at (\S+)/,
          timeoutMs: 60_000,
        })
      : await startServer({ script: contender.script, env, timeoutMs: 60_000 });
  } catch (error) {
    return failAll(`did not start: ${firstLine(error)}`);
  }
  for (const query of opts.queries) {
    let answer;
    try {
      const fetched = await fetchNormalized(
        server.port,
        QUERIES[query].documents[contender.dialect],
      );
      answer = fetched.normalized;
      bytes.set(query, fetched.bytes);
    } catch (error) {
      failures.set(query, `request failed: ${firstLine(error)}`);
      continue;
    }
    if (!reference.has(query)) {
      const problem = shapeProblem(query, answer);
      if (problem) throw new Error(`the reference answer (${contender.name}) is wrong: ${problem}`);
      reference.set(query, answer);
    }
    const difference = firstDifference(reference.get(query), answer);
    if (difference) failures.set(query, `different answer ${difference}`);
  }
  return { contender, server, failures, bytes };
}

/** One warm-up, then one measured wrk run of `query` against a started contender. */
async function measure({ started, query, opts, admin, database }) {
  const { contender, server } = started;
  const url = `http://127.0.0.1:${server.port}/graphql`;
  const body = JSON.stringify({ query: QUERIES[query].documents[contender.dialect] });
  await runWrk({ url, body, seconds: opts.warmup, connections: opts.connections });
  await waitIdle({ pid: server.pid, admin, databaseName: database.name });
  return measureLoad({
    pid: server.pid,
    admin,
    databaseName: database.name,
    load: () => runWrk({ url, body, seconds: opts.seconds, connections: opts.connections }),
  });
}

/**
 * Runs one size: every contender started and verified, then for each query `rounds` rounds in
 * which each contender is loaded in turn (the order rotates every round, so a change of load on
 * the shared machine does not always hit the same contender). Each figure (req/s, Node and
 * PostgreSQL CPU per request) is the median of its rounds, with their spread; latency is the
 * median-req/s round's.
 */
async function runSize({ size, database, contenders, opts, admin }) {
  const reference = new Map();
  const started = [];
  const rows = [];
  try {
    for (const contender of contenders) {
      started.push(await startAndVerify({ contender, database, opts, reference }));
    }
    for (const query of opts.queries) {
      const eligible = started.filter((s) => s.server && !s.failures.has(query));
      const runs = new Map(eligible.map((s) => [s.contender.name, []]));
      for (let round = 0; round < opts.rounds; round++) {
        const order = [
          ...eligible.slice(round % eligible.length),
          ...eligible.slice(0, round % eligible.length),
        ];
        for (const s of order) {
          try {
            const run = await measure({ started: s, query, opts, admin, database });
            if (run.load.requests === 0) {
              throw new Error(
                `no request completed in ${opts.seconds} s (try more --seconds or fewer --connections)`,
              );
            }
            runs.get(s.contender.name).push(run);
            log(
              `  ${size} ${query} round ${round + 1} ${s.contender.name}: ${run.load.rps.toFixed(0)} req/s, ` +
                `p50 ${run.load.p50Ms.toFixed(1)} ms, p99 ${run.load.p99Ms.toFixed(1)} ms` +
                (run.load.errors ? `, ${run.load.errors} errors (${run.load.errorDetail})` : ''),
            );
          } catch (error) {
            s.failures.set(query, `load failed: ${firstLine(error)}`);
          }
        }
      }
      for (const s of started) {
        const row = { query, contender: s.contender.name, peer: s.contender.peer };
        const done = runs.get(s.contender.name) ?? [];
        if (s.failures.has(query) || done.length === 0) {
          rows.push({ ...row, failure: s.failures.get(query) ?? 'not run' });
          continue;
        }
        const median = [...done].sort((a, b) => a.load.rps - b.load.rps)[
          Math.floor(done.length / 2)
        ];
        const mem = treeMemory(s.server.pid);
        rows.push({
          ...row,
          load: median.load,
          rounds: done.map((r) => Math.round(r.load.rps)),
          rps: spread(done.map((r) => r.load.rps)),
          nodeCpuUsPerRequest: spread(done.map((r) => (r.nodeCpuMs * 1000) / r.load.requests)),
          pgCpuUsPerRequest: spread(done.map((r) => (r.pgCpuMs * 1000) / r.load.requests)),
          loadCpuUsPerRequest: spread(done.map((r) => (r.loadCpuMs * 1000) / r.load.requests)),
          // Cores busy during the measured seconds: the contender's processes, its backends, wrk.
          nodeCores: spread(done.map((r) => r.nodeCpuMs / r.wallMs)),
          pgCores: spread(done.map((r) => r.pgCpuMs / r.wallMs)),
          loadCores: spread(done.map((r) => r.loadCpuMs / r.wallMs)),
          bytesPerResponse: s.bytes.get(query),
          rssMiB: mem.rssMiB,
          peakMiB: mem.peakMiB,
        });
      }
    }
  } finally {
    await Promise.all(started.map((s) => s.server?.stop()));
  }
  return rows;
}

/** `{ median, min, max }` of the rounds' values. */
function spread(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return { median: sorted[Math.floor(sorted.length / 2)], min: sorted[0], max: sorted.at(-1) };
}

const firstLine = (error) => String(error?.message ?? error).split('\n')[0];

async function main() {
  const opts = options();
  requireWrk();
  stopAfter(opts.maxMinutes, log);

  const contenders = [
    ...referenceFirst(CONTENDERS, opts.contenders),
    ...workersContenders(opts.workers),
  ];
  log(
    `PostgreSQL benchmark: ${opts.rounds} rounds of ${opts.seconds} s after ${opts.warmup} s warm-up, wrk 1 thread × ` +
      `${opts.connections} connections, pool ${opts.pool} per contender, jit = off, random_page_cost = 1.1, NODE_ENV=production`,
  );
  for (const c of contenders) log(`  ${c.name.padEnd(13)} ${c.description}`);
  for (const q of opts.queries) {
    log(`  ${q}: ${QUERIES[q].documents.canonical}`);
    if (contenders.some((c) => c.dialect === 'postgraphile'))
      log(`      postgraphile: ${QUERIES[q].documents.postgraphile}`);
  }

  const resultsBySize = new Map();
  const admin = new pg.Client({ connectionString: opts.server });
  await admin.connect();
  try {
    for (const size of opts.sizes) {
      const database = await prepareDatabase({
        serverUrl: opts.server,
        size,
        fresh: opts.fresh,
        log,
      });
      const counts = rowCounts(size);
      const description =
        `${counts.users} users, ${counts.posts} posts, ${counts.comments} comments ` +
        `(database ${database.name}, ${database.built ? `built in ${(database.ms / 1000).toFixed(1)} s` : 'reused'})`;
      log(`\n${size}: ${description}`);
      const rows = await runSize({ size, database, contenders, opts, admin });
      resultsBySize.set(size, rows);
      printSizeTable(size, description, rows, log);
      if (opts.workers.length > 0) printWorkers(rows, log);
    }
  } finally {
    await admin.end();
  }
  let missed = 0;
  if (opts.contenders.includes('sluice')) missed = printTargets(resultsBySize, log);
  if (opts.json) writeResults(opts.json, opts, resultsBySize, log);
  if (opts.drop) {
    for (const size of opts.sizes) await dropDatabase({ serverUrl: opts.server, size });
    log(`dropped ${opts.sizes.map((s) => `sluice_bench_${s}`).join(', ')}`);
  }
  log(missed ? `\n${missed} target(s) not met or not measured.` : '');
}

runBenchmark(main);
