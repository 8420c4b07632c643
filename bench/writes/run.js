// Write benchmark (CoffeeBeanery): top-N graph reads, whole-graph creates and upserts + select,
// served by a hand-written endpoint, a per-row Mercurius server, PostGraphile 5 and Sluice, each in
// its own process, loaded by wrk in another. Every contender is verified first (verifyContender.js),
// then every cell (workload × batch × concurrency) is measured in interleaved rounds. Loopback
// only, bounded in time; every child is killed at the end, even on failure. See README.md here.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startServer } from '../pg/children.js';
import { measureLoad, waitIdle } from '../pg/measureLoad.js';
import {
  referenceFirst,
  requireWrk,
  runBenchmark,
  stopAfter,
  writeResults,
} from '../pg/runBenchmark.js';
import { runWrk } from '../pg/wrk.js';
import { CONTENDERS } from './contenders.js';
import { dropCoffeeDatabase, prepareCoffeeDatabase, resetFixture } from './database.js';
import { WORKLOADS } from './documents.js';
import { LOAD_SCRIPT, documentFiles, loadEnv, randomNonce } from './loadScript.js';
import { options } from './options.js';
import { printCell, printTargets } from './report.js';
import { firstLine, serverEnv, verifyContender, withClient } from './verifyContender.js';

const log = (line) => process.stdout.write(`${line}\n`);

/** Sluice built in another checkout (`--compare`), loaded in the same rounds as this one's. */
function compareContender(root) {
  const sluice = CONTENDERS.find((c) => c.name === 'sluice');
  return {
    ...sluice,
    name: 'sluice-compare',
    short: 'cmp',
    description: `Sluice from the built dist/ of ${root}`,
    env: { SLUICE_ROOT: root },
  };
}

/**
 * `--cpu-prof <dir>`: each contender server profiles itself from its first request to its exit
 * (bench/pg/profileHook.js) into <dir>/<contender>.cpuprofile; only the measured process, whose
 * profile holds load, not verification. Profiling slows the server: compare profiles, not figures.
 */
function profiling(contender, opts) {
  if (!opts.cpuProf) return {};
  return {
    NODE_OPTIONS: `--import=${new URL('../pg/profileHook.js', import.meta.url).href}`,
    PROFILE_FILE: join(opts.cpuProf, `${contender.name}.cpuprofile`),
  };
}

/** One contender's run of a cell: reset (writes), warm-up, wait until idle, measured run. */
async function measureRun({ server, cell, contender, opts, admin, database, documents }) {
  const { workload, batch, concurrency } = cell;
  if (WORKLOADS[workload].writes) await withClient(database.url, resetFixture);
  const url = `http://127.0.0.1:${server.port}/graphql`;
  const documentFile = documents.file(workload, batch, contender.dialect);
  const wrk = (seconds) =>
    runWrk({
      url,
      script: LOAD_SCRIPT,
      env: loadEnv({
        documentFile,
        workload,
        dialect: contender.dialect,
        batch,
        nonce: randomNonce(),
      }),
      seconds,
      connections: concurrency,
    });
  await wrk(opts.warmup);
  await waitIdle({ pid: server.pid, admin, databaseName: database.name });
  const run = await measureLoad({
    pid: server.pid,
    admin,
    databaseName: database.name,
    load: () => wrk(opts.seconds),
  });
  // wrk leaves requests in flight: they must be done before the next run resets the tables
  // (TRUNCATE next to a running INSERT can deadlock) or loads another contender.
  await waitIdle({ pid: server.pid, admin, databaseName: database.name });
  return run;
}

/** The cell's figures of one contender from its runs: the median round, spread, CPU per request. */
function summarize(runs, verified, rowsPerRequest) {
  const sorted = [...runs].sort((a, b) => a.load.rps - b.load.rps);
  const median = sorted[Math.floor(sorted.length / 2)].load;
  const deviations = runs.map((r) => Math.abs(r.load.rps - median.rps)).sort((a, b) => a - b);
  const requests = runs.reduce((sum, r) => sum + r.load.requests, 0);
  const errors = runs.reduce((sum, r) => sum + r.load.errors, 0);
  return {
    rps: median.rps,
    spreadPct: (deviations[Math.floor(deviations.length / 2)] / median.rps) * 100,
    rowsPerSecond: median.rps * rowsPerRequest,
    p50Ms: median.p50Ms,
    p95Ms: median.p95Ms,
    p99Ms: median.p99Ms,
    errors,
    errorDetail: runs
      .filter((r) => r.load.errors)
      .map((r) => r.load.errorDetail)
      .join('; '),
    statements: verified.statements,
    bytes: verified.bytes,
    nodeCpuMsPerRequest: runs.reduce((sum, r) => sum + r.nodeCpuMs, 0) / requests,
    pgCpuMsPerRequest: runs.reduce((sum, r) => sum + r.pgCpuMs, 0) / requests,
    rounds: runs.map((r) => Math.round(r.load.rps)),
  };
}

/** Every cell, each in `rounds` rounds with the contenders' order rotated every round. */
async function measureAll({ started, verified, opts, admin, database, documents }) {
  const results = new Map();
  for (const workload of opts.workloads) {
    for (const batch of opts.batches) {
      for (const concurrency of opts.concurrency) {
        const cell = { workload, batch, concurrency };
        const label = `${workload} batch ${batch} c${concurrency}`;
        const failures = new Map();
        for (const s of started) {
          const v = verified.get(s.contender.name).get(`${workload}/${batch}`);
          if (!s.server) failures.set(s.contender.name, s.failure);
          else if (v.failure) failures.set(s.contender.name, v.failure);
        }
        const eligible = started.filter((s) => !failures.has(s.contender.name));
        const runs = new Map(eligible.map((s) => [s.contender.name, []]));
        if (!WORKLOADS[workload].writes) await withClient(database.url, resetFixture);
        for (let round = 0; round < opts.rounds; round++) {
          const shift = round % Math.max(1, eligible.length);
          for (const s of [...eligible.slice(shift), ...eligible.slice(0, shift)]) {
            if (failures.has(s.contender.name)) continue;
            try {
              const run = await measureRun({ ...s, cell, opts, admin, database, documents });
              if (run.load.requests === 0)
                throw new Error(
                  `no request completed in the ${opts.seconds} s measured (each took longer; try more --seconds)`,
                );
              runs.get(s.contender.name).push(run);
              log(
                `  ${label} round ${round + 1} ${s.contender.name}: ${run.load.rps.toFixed(0)} req/s, ` +
                  `p50 ${run.load.p50Ms.toFixed(1)} ms` +
                  (run.load.errors ? `, ${run.load.errors} errors (${run.load.errorDetail})` : ''),
              );
            } catch (error) {
              failures.set(s.contender.name, `load failed: ${firstLine(error)}`);
            }
          }
        }
        const rows = started.map((s) => {
          const row = { contender: s.contender.name, short: s.contender.short };
          const done = runs.get(s.contender.name) ?? [];
          if (failures.has(s.contender.name) || done.length === 0) {
            return { ...row, failure: failures.get(s.contender.name) ?? 'not run' };
          }
          const v = verified.get(s.contender.name).get(`${workload}/${batch}`);
          return { ...row, result: summarize(done, v, WORKLOADS[workload].rowsPerRequest(batch)) };
        });
        results.set(`${workload}/${batch}/${concurrency}`, rows);
        printCell({ ...cell, rows, log });
      }
    }
  }
  return results;
}

function printVerification(started, verified, opts) {
  log(
    '\nverification (same inputs, fixture reset before each cell; statements counted by a wire-protocol proxy):',
  );
  for (const s of started) {
    const parts = [];
    for (const workload of opts.workloads) {
      for (const batch of opts.batches) {
        const v = verified.get(s.contender.name).get(`${workload}/${batch}`);
        parts.push(
          `${workload}/${batch} ` +
            (v.na ? 'n/a' : v.failure ? `FAILED (${v.failure})` : `ok, ${v.statements} stmt/req`),
        );
      }
    }
    log(`  ${s.contender.name.padEnd(13)} ${parts.join('; ')}`);
    if (!opts.statements) continue;
    for (const [cell, v] of verified.get(s.contender.name)) {
      for (const text of v.statementTexts ?? []) {
        log(`      ${cell}: ${text.replace(/\s+/g, ' ').trim().slice(0, 140)}`);
      }
    }
  }
}

async function main() {
  const opts = options();
  requireWrk();
  stopAfter(opts.maxMinutes, log);

  const contenders = referenceFirst(CONTENDERS, opts.contenders);
  if (opts.compare) contenders.push(compareContender(opts.compare));
  log(
    `Write benchmark (CoffeeBeanery): ${opts.rounds} rounds of ${opts.seconds} s after ${opts.warmup} s warm-up, ` +
      `wrk 1 thread, concurrency ${opts.concurrency.join('/')}, batches ${opts.batches.join('/')}, ` +
      `pool ${opts.pool} per contender, jit = off, NODE_ENV=production; fixture reset before every write run`,
  );
  for (const c of contenders) log(`  ${c.name.padEnd(13)} ${c.description}`);
  for (const w of opts.workloads) {
    log(`  ${w}: ${WORKLOADS[w].label} (documents shown for batch 2)`);
    const docs = WORKLOADS[w].documents(2);
    for (const [dialect, text] of Object.entries(docs)) log(`      ${dialect}: ${text}`);
  }

  const database = await prepareCoffeeDatabase(opts.server);
  const documents = documentFiles();
  const dir = mkdtempSync(join(tmpdir(), 'sluice-bench-writes-dumps-'));
  const admin = new pg.Client({ connectionString: opts.server });
  await admin.connect();
  let started = [];
  let results;
  try {
    const reference = new Map();
    const verified = new Map();
    for (const contender of contenders) {
      log(`verifying ${contender.name} …`);
      verified.set(
        contender.name,
        await verifyContender({ contender, database, opts, documents, reference, dir }),
      );
    }
    for (const contender of contenders) {
      try {
        const server = await startServer({
          script: contender.script,
          env: { ...serverEnv(database.url, opts, contender), ...profiling(contender, opts) },
          timeoutMs: 60_000,
        });
        started.push({ contender, server });
      } catch (error) {
        started.push({ contender, failure: `did not start: ${firstLine(error)}` });
      }
    }
    printVerification(started, verified, opts);
    results = await measureAll({ started, verified, opts, admin, database, documents });
  } finally {
    await Promise.all(started.map((s) => s.server?.stop()));
    await admin.end();
    documents.remove();
    rmSync(dir, { recursive: true, force: true });
  }
  let missed = 0;
  if (opts.contenders.includes('sluice')) missed = printTargets(results, log);
  if (opts.json) writeResults(opts.json, opts, results, log);
  if (opts.drop) {
    await dropCoffeeDatabase(opts.server);
    log(`dropped ${database.name}`);
  }
  log(missed ? `\n${missed} target(s) not met or not measured.` : '');
}

runBenchmark(main);
