// One measured load run of a contender, with the CPU its Node process and its PostgreSQL backends
// spent on it (from /proc), shared by bench/pg and bench/writes.
import { activeBackends, backendPids } from './database.js';
import { postgresCpuMs, reapedChildrenCpuMs, treeCpuMs } from './procStats.js';

/**
 * Waits (up to 30 s) until the contender is idle: no statement running in its database and its
 * process using under 5% of a core over 200 ms. wrk leaves requests in flight when it stops; a
 * slow contender would still be answering them during the first seconds of the next run.
 */
export async function waitIdle({ pid, admin, databaseName }) {
  const until = Date.now() + 30_000;
  while (Date.now() < until) {
    const before = treeCpuMs(pid);
    await new Promise((resolve) => setTimeout(resolve, 200));
    if (treeCpuMs(pid) - before < 10 && (await activeBackends(admin, databaseName)) === 0) return;
  }
  throw new Error('still busy 30 s after the load stopped');
}

/**
 * Runs `load()` (a wrk run) against the contender of process `pid` and returns
 * `{ load, nodeCpuMs, pgCpuMs, loadCpuMs, wallMs }`. Node CPU is that of the contender's whole
 * process tree (`sluice serve --workers N`: the primary and its workers). Backends opened during
 * the run count whole; those that existed count their increase. Only one contender is loaded at a
 * time, so the database's backends are working for it. `loadCpuMs` is the load generator's (wrk
 * exits at the end of the run, and its time is then this process's reaped children's).
 */
export async function measureLoad({ pid, admin, databaseName, load }) {
  const pgBefore = new Map();
  for (const backend of await backendPids(admin, databaseName)) {
    pgBefore.set(backend, postgresCpuMs([backend]));
  }
  const nodeBefore = treeCpuMs(pid);
  const loadBefore = reapedChildrenCpuMs();
  const wallBefore = performance.now();
  const result = await load();
  const wallMs = performance.now() - wallBefore;
  const nodeCpuMs = treeCpuMs(pid) - nodeBefore;
  const loadCpuMs = reapedChildrenCpuMs() - loadBefore;
  const pgAfter = await backendPids(admin, databaseName);
  const pgCpuMs = pgAfter.reduce(
    (sum, backend) => sum + postgresCpuMs([backend]) - (pgBefore.get(backend) ?? 0),
    0,
  );
  return { load: result, nodeCpuMs, pgCpuMs, loadCpuMs, wallMs };
}
