// One phase: a contender started afresh, N subscribers connected and subscribed, a probe pair of
// events (one created, one updated) that every subscriber must receive, then `events` events at
// `rate` per second, measured from the first event until every delivery arrived (or the drain
// time ran out). With `countStatements`, the contender reaches PostgreSQL through bench/writes'
// statement counter (a wire-protocol proxy): such a phase counts statements only, since the
// extra hop would weigh on its timings.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { postgresCpuMs, treeCpuMs, treeMemory, cpuMs } from '../pg/procStats.js';
import { startStatementCounter } from '../writes/statementCounter.js';
import { DOCUMENTS } from './contenders.js';
import { contenderBackends } from './database.js';
import { percentiles } from './latency.js';
import { startNode } from './processes.js';

const here = (path) => fileURLToPath(new URL(path, import.meta.url));
const SUBSCRIBERS_PER_CLIENT_PROCESS = 2500;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
/** Profiles written so far, by contender and subscribers (--cpu-prof names them in order). */
const profiles = new Map();

function profileFile(dir, contender, subscribers) {
  const name = `${contender.name}-${subscribers}`;
  const n = (profiles.get(name) ?? 0) + 1;
  profiles.set(name, n);
  return join(dir, `${name}-${n}.cpuprofile`);
}

/** Polls `received()` until it reaches `expected` or `ms` pass; returns the last count. */
async function waitFor(received, expected, ms) {
  const until = performance.now() + ms;
  let count = await received();
  while (count < expected && performance.now() < until) {
    await sleep(100);
    count = await received();
  }
  return count;
}

/** Waits (up to 30 s) until process tree `pid` uses under 5% of a core over 300 ms. */
async function waitIdle(pid) {
  const until = performance.now() + 30_000;
  while (performance.now() < until) {
    const before = treeCpuMs(pid);
    await sleep(300);
    if (treeCpuMs(pid) - before < 15) return;
  }
}

/** `[text, count]` of each distinct statement text, the most frequent first, texts shortened. */
function distinctTexts(texts) {
  const counts = new Map();
  for (const text of texts) {
    const short = text.replace(/\s+/g, ' ').slice(0, 160);
    counts.set(short, (counts.get(short) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1]);
}

/** The heartbeat's statement (src/pg/realtime/createPgChanges.ts). */
const isHeartbeat = (text) => /^\s*SELECT pg_notify\(\$1, \$2\)\s*$/.test(text);

async function pgCpu(admin) {
  const pids = await contenderBackends(admin);
  return new Map(pids.map((pid) => [pid, postgresCpuMs([pid])]));
}

/**
 * Runs one phase of `contender` with `subscribers` subscribers. Returns the figures
 * (see report.js) or throws with the reason it could not be measured.
 */
export async function runPhase({
  contender,
  databaseUrl,
  admin,
  opts,
  subscribers,
  events,
  countStatements,
}) {
  const started = [];
  const stopAll = () => Promise.all(started.map((p) => p.stop()));
  try {
    let serverUrl = databaseUrl;
    let counter;
    if (countStatements) {
      const db = new URL(databaseUrl);
      counter = await startStatementCounter({ host: db.hostname, port: Number(db.port || 5432) });
      started.push({ stop: counter.close });
      const proxied = new URL(databaseUrl);
      proxied.port = String(counter.port);
      serverUrl = proxied.toString();
    }
    // Only measured phases are profiled: a counting phase's proxy weighs on its timings anyway.
    const profile = opts.cpuProf !== undefined && !countStatements;
    const server = await contender.start({ databaseUrl: serverUrl, pool: opts.pool, profile });
    started.push(server);
    const driver = await startNode({
      modulePath: here('./driver.js'),
      env: { DATABASE_URL: databaseUrl },
      readyKey: 'ready',
      timeoutMs: 30_000,
    });
    started.push(driver);
    await waitIdle(server.pid);
    const heapBefore = await server.request({ probe: 'memory' }, 'memory');
    const rssBefore = treeMemory(server.pid).rssMiB;

    // The fleet: client processes of at most 2,500 sockets each.
    const url = `ws://127.0.0.1:${server.port}/graphql`;
    const fleet = [];
    for (let left = subscribers; left > 0; left -= SUBSCRIBERS_PER_CLIENT_PROCESS) {
      const n = Math.min(left, SUBSCRIBERS_PER_CLIENT_PROCESS);
      fleet.push(
        startNode({
          modulePath: here('./fleet.js'),
          env: { URL: url, SUBSCRIBERS: String(n), DOCUMENTS: JSON.stringify(DOCUMENTS) },
          readyKey: 'ready',
          timeoutMs: 300_000,
        }),
      );
    }
    const clients = await Promise.all(fleet);
    started.push(...clients);
    const opened = clients.reduce((sum, c) => sum + c.ready.opened, 0);
    if (opened < subscribers) {
      const why = clients.find((c) => c.ready.firstError)?.ready.firstError;
      throw new Error(`${subscribers - opened} of ${subscribers} subscribers failed: ${why}`);
    }
    const received = async () =>
      (await Promise.all(clients.map((c) => c.request({ count: true }, 'count')))).reduce(
        (a, b) => a + b,
        0,
      );

    // Every subscription must be live before anything is measured: a created and an updated
    // event, each received by every subscriber (this is also what run.js compares).
    await waitIdle(server.pid);
    await driver.request({ run: { events: 2, rate: 10 } }, 'done');
    const probed = await waitFor(received, 2 * subscribers, opts.drainSeconds * 1000);
    if (probed < 2 * subscribers) {
      throw new Error(`only ${probed} of ${2 * subscribers} probe events arrived`);
    }
    const firstReport = await clients[0].request({ report: true }, 'report');
    await waitIdle(server.pid);
    const heapAfter = await server.request({ probe: 'memory' }, 'memory');
    const rssAfter = treeMemory(server.pid).rssMiB;
    await Promise.all(clients.map((c) => c.request({ reset: true }, 'reset')));

    // The measured events.
    if (profile) await server.request({ probe: 'profile', start: true }, 'profiling');
    const pgBefore = await pgCpu(admin);
    const serverBefore = treeCpuMs(server.pid);
    const serverSystemBefore = treeCpuMs(server.pid, true);
    const clientsBefore = clients.reduce((sum, c) => sum + cpuMs(c.pid), 0);
    const statementsBefore = counter?.statements() ?? 0;
    const wallBefore = performance.now();
    const sent = await driver.request({ run: { events, rate: opts.rate } }, 'done', 600_000);
    const expected = events * subscribers;
    const delivered = await waitFor(received, expected, opts.drainSeconds * 1000);
    const wallMs = performance.now() - wallBefore;
    // Statements still in flight at the end (a drain that timed out) are not the events'.
    const phaseTexts = countStatements ? counter.texts().slice(statementsBefore) : [];
    // Sluice's LISTEN heartbeat (a NOTIFY on a timer, every few seconds whatever the events) is
    // counted apart: whether one lands in the window depends on how long the phase ran.
    const heartbeats = phaseTexts.filter(isHeartbeat).length;
    const statements = (counter?.statements() ?? 0) - statementsBefore - heartbeats;
    const statementTexts = distinctTexts(phaseTexts.filter((text) => !isHeartbeat(text)));
    const serverCpuMs = treeCpuMs(server.pid) - serverBefore;
    const serverSystemCpuMs = treeCpuMs(server.pid, true) - serverSystemBefore;
    const clientsCpuMs = clients.reduce((sum, c) => sum + cpuMs(c.pid), 0) - clientsBefore;
    const pgAfter = await pgCpu(admin);
    if (profile) {
      mkdirSync(opts.cpuProf, { recursive: true });
      const file = profileFile(opts.cpuProf, contender, subscribers);
      await server.request({ probe: 'profile', stop: file }, 'profiled');
    }
    let pgCpuMs = 0;
    for (const [pid, ms] of pgAfter) pgCpuMs += ms - (pgBefore.get(pid) ?? 0);

    const reports = await Promise.all(clients.map((c) => c.request({ report: true }, 'report')));
    const latency = percentiles(reports.map((r) => r.histogram));
    const errors = reports.reduce((sum, r) => sum + r.errors, 0);
    const sortedStatementMs = [...sent.statementMs].sort((a, b) => a - b);
    return {
      subscribers,
      events,
      expected,
      delivered,
      errors,
      firstError: reports.find((r) => r.firstError)?.firstError,
      latency,
      commitMsP50: sortedStatementMs[Math.floor(sortedStatementMs.length / 2)],
      wallMs,
      serverCpuMs,
      serverSystemCpuMs,
      pgCpuMs,
      clientsCpuMs,
      clientProcesses: clients.length,
      statements: countStatements ? statements : undefined,
      heartbeats: countStatements ? heartbeats : undefined,
      statementTexts,
      heapPerSubscriberBytes: (heapAfter.heapUsed - heapBefore.heapUsed) / subscribers,
      rssPerSubscriberBytes: ((rssAfter - rssBefore) * 1024 * 1024) / subscribers,
      rssMiB: rssAfter,
      first: firstReport.first,
    };
  } finally {
    await stopAll();
  }
}
