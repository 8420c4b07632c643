import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import postgres from 'postgres';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { startCli, type RunningCli } from '../../../src/cli/__fixtures__/spawnCli.js';
import { createPgCluster, type PgCluster } from './pgCluster.js';
import { NAP_STATEMENT_PATTERN, SEED_SQL } from './seed.js';

const root = fileURLToPath(new URL('../../../', import.meta.url));
let helpText: string | undefined;

/**
 * The spelling of a `sluice serve` flag as `--help` lists it: the first of `candidates` found
 * (e.g. `--statement-timeout` or `--statement-timeout-ms`). Throws, naming them, when none is.
 */
export function serveFlag(...candidates: string[]): string {
  helpText ??= spawnSync(
    process.execPath,
    ['--import', 'tsx', 'src/cli/main.ts', 'serve', '--help'],
    { cwd: root, encoding: 'utf8', timeout: 60_000 },
  ).stdout;
  const found = candidates.find((flag) => new RegExp(`^\\s+${flag}\\s`, 'm').test(helpText ?? ''));
  if (!found) throw new Error(`sluice serve --help lists none of ${candidates.join(', ')}`);
  return found;
}

export interface FaultRig {
  readonly cluster: PgCluster;
  /** Asks the cluster directly (not through Sluice): pg_stat_activity and the like. */
  admin(): postgres.Sql;
  /** Starts `sluice serve --database <cluster>` with `args` (killed after the test if still up). */
  serve(args?: string[]): Promise<Sluice>;
  /** Statements of Sluice's connections running a nap now. */
  activeNaps(): Promise<number>;
}

export interface Sluice extends RunningCli {
  readonly port: number;
}

/**
 * For a test file: a seeded throwaway cluster (created before the tests, destroyed after them,
 * whatever happened) and a way to start Sluice on it. The cluster is started again after each
 * test, so every test begins with PostgreSQL up.
 */
export function useFaultRig(): FaultRig {
  let cluster: PgCluster | undefined;
  let admin: postgres.Sql | undefined;
  const started: RunningCli[] = [];

  beforeAll(async () => {
    cluster = await createPgCluster();
    await cluster.start();
    const setup = postgres(cluster.url, { max: 1, onnotice: () => {} });
    await setup.unsafe(SEED_SQL).simple();
    await setup.end();
  }, 120_000);

  afterEach(async () => {
    for (const cli of started.splice(0)) if (cli.child.exitCode === null) cli.child.kill('SIGKILL');
    cluster?.thaw();
    await cluster?.start();
    // Statements a killed Sluice left behind would count as the next test's.
    if (admin) {
      await admin`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
        WHERE application_name = 'sluice' AND pid <> pg_backend_pid()`.catch(() => {});
    }
  }, 60_000);

  afterAll(async () => {
    await admin?.end({ timeout: 1 }).catch(() => {});
    await cluster?.destroy();
  }, 60_000);

  const rig: FaultRig = {
    get cluster() {
      if (!cluster) throw new Error('The cluster is created in beforeAll');
      return cluster;
    },
    admin() {
      admin ??= postgres(rig.cluster.url, {
        max: 1,
        onnotice: () => {},
        connection: { application_name: 'sluice-faults-admin' },
      });
      return admin;
    },
    async serve(args = []) {
      const cli = await startCli([
        'serve',
        '--database',
        rig.cluster.url,
        '--port',
        '0',
        '--log-level',
        'error',
        ...args,
      ]);
      started.push(cli);
      return { ...cli, port: Number(new URL(cli.url).port) };
    },
    async activeNaps() {
      const rows = await rig.admin()`
        SELECT count(*)::int AS n FROM pg_stat_activity
        WHERE application_name = 'sluice' AND state = 'active' AND query LIKE ${NAP_STATEMENT_PATTERN}`;
      return (rows[0] as { n: number }).n;
    },
  };
  return rig;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls `check` every 100 ms until it returns true; fails the test after `ms`. */
export async function eventually(what: string, ms: number, check: () => Promise<boolean>) {
  const until = performance.now() + ms;
  for (;;) {
    let ok = false;
    try {
      ok = await check();
    } catch {
      ok = false;
    }
    if (ok) return;
    if (performance.now() > until) {
      expect.fail(`${what}: not within ${ms} ms`);
    }
    await sleep(100);
  }
}

/** `promise`, or a failed test when it has not settled within `ms`. */
export async function within<T>(what: string, ms: number, promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: not within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}
