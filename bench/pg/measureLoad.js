// One measured load run of a contender, with the CPU its Node process and its PostgreSQL backends
// spent on it (from /proc), shared by bench/pg and bench/writes.
import { activeBackends, backendPids } from './database.js';
import { cpuMs, postgresCpuMs } from './procStats.js';

/**
 * Waits (up to 30 s) until the contender is idle: no statement running in its database and its
 * process using under 5% of a core over 200 ms. wrk leaves requests in flight when it stops; a
 * slow contender would still be answering them during the first seconds of the next run.
 */
export async function waitIdle({ pid, admin, databaseName }) {
  const until = Date.now() + 30_000;
  while (Date.now() < until) {
    const before = cpuMs(pid);
    await new Promise((resolve) => setTimeout(resolve, 200));
    if (cpuMs(pid) - before < 10 && (await activeBackends(admin, databaseName)) === 0) return;
  }
  throw new Error('still busy 30 s after the load stopped');
}

/**
 * Runs `load()` (a wrk run) against the contender of process `pid` and returns
 * `{ load, nodeCpuMs, pgCpuMs }`. Backends opened during the run count whole; those that existed
 * count their increase. Only one contender is loaded at a time, so the database's backends are
 * working for it.
 */
export async function measureLoad({ pid, admin, databaseName, load }) {
  const pgBefore = new Map();
  for (const backend of await backendPids(admin, databaseName)) {
    pgBefore.set(backend, postgresCpuMs([backend]));
  }
  const nodeBefore = cpuMs(pid);
  const result = await load();
  const nodeCpuMs = cpuMs(pid) - nodeBefore;
  const pgAfter = await backendPids(admin, databaseName);
  const pgCpuMs = pgAfter.reduce(
    (sum, backend) => sum + postgresCpuMs([backend]) - (pgBefore.get(backend) ?? 0),
    0,
  );
  return { load: result, nodeCpuMs, pgCpuMs };
}
