import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chownSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A throwaway PostgreSQL 15 cluster for fault tests: its own data directory under a temporary
 * directory, its own port on 127.0.0.1, trust authentication, run as the `postgres` OS user
 * (PostgreSQL refuses to run as root). Tests stop, kill, freeze and restart it at will; the
 * shared server on 5432 is never touched. Every wait here is bounded.
 */
export interface PgCluster {
  readonly port: number;
  /** `postgres://postgres@127.0.0.1:<port>/postgres` */
  readonly url: string;
  /** The postmaster's pid while it runs. */
  readonly pid: number | undefined;
  /** Starts the postmaster and waits until it accepts connections. */
  start(): Promise<void>;
  /** Fast shutdown (SIGINT), waiting until the postmaster and its children have exited. */
  stop(): Promise<void>;
  /** `kill -9` of the postmaster; waits until its children have gone too (they notice). */
  kill(): Promise<void>;
  /** SIGSTOP to the postmaster and every child: connections stay open, nothing answers. */
  freeze(): void;
  /** SIGCONT to every process `freeze` stopped. */
  thaw(): void;
  /** Fast shutdown, then start again on the same port and data. */
  restart(): Promise<void>;
  /** Stops whatever runs (kill -9 if it must) and removes the directory. Safe to call twice. */
  destroy(): Promise<void>;
}

const BIN = '/usr/lib/postgresql/15/bin';
const START_TIMEOUT_MS = 30_000;
const STOP_TIMEOUT_MS = 20_000;

function osUser(name: string): { uid: number; gid: number } {
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((l) => l.startsWith(`${name}:`));
  const [, , uid, gid] = line?.split(':') ?? [];
  if (uid === undefined || gid === undefined) throw new Error(`no OS user ${name}`);
  return { uid: Number(uid), gid: Number(gid) };
}

/** A port nothing listens on right now (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** The pids whose parent is `pid` (from /proc). */
function childrenOf(pid: number): number[] {
  const children: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // /proc/<pid>/stat: "pid (comm) state ppid …"; comm may hold spaces, so read after ')'.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid) children.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return children;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitUntil(what: string, ms: number, done: () => boolean | Promise<boolean>) {
  const until = performance.now() + ms;
  while (!(await done())) {
    if (performance.now() > until) throw new Error(`${what}: still not so after ${ms} ms`);
    await sleep(50);
  }
}

const signal = (pid: number, name: NodeJS.Signals) => {
  try {
    process.kill(pid, name);
  } catch {
    // already gone
  }
};

/**
 * initdb in a new temporary directory, on a free port; or, with `standbyOf`, a streaming replica
 * of that running cluster (`pg_basebackup -R`: it starts as a hot standby that follows the
 * primary). Call `start` next.
 */
export async function createPgCluster(
  options: { readonly standbyOf?: PgCluster } = {},
): Promise<PgCluster> {
  const user = osUser('postgres');
  const dir = mkdtempSync(join(tmpdir(), 'sluice-faults-pg-'));
  chownSync(dir, user.uid, user.gid);
  const data = join(dir, 'data');
  const primary = options.standbyOf;
  const made = primary
    ? spawnSync(
        `${BIN}/pg_basebackup`,
        ['-D', data, '-R', '-X', 'stream', '-h', '127.0.0.1', '-p', String(primary.port)],
        { ...user, cwd: dir, encoding: 'utf8', timeout: 60_000 },
      )
    : spawnSync(
        `${BIN}/initdb`,
        ['-D', data, '-A', 'trust', '-U', 'postgres', '-N', '-E', 'UTF8', '--locale=C'],
        { ...user, cwd: dir, encoding: 'utf8', timeout: 60_000 },
      );
  if (made.status !== 0) {
    rmSync(dir, { recursive: true, force: true });
    const tool = primary ? 'pg_basebackup' : 'initdb';
    throw new Error(`${tool} failed (${made.status}): ${made.stderr}`);
  }
  const port = await freePort();
  const log = join(dir, 'postgres.log');
  let postmaster: ChildProcess | undefined;
  let frozen: number[] = [];
  let destroyed = false;

  // Should the test process die without afterAll, the cluster must not outlive it.
  const onExit = () => {
    if (postmaster?.pid) {
      for (const child of childrenOf(postmaster.pid)) signal(child, 'SIGKILL');
      signal(postmaster.pid, 'SIGKILL');
    }
    rmSync(dir, { recursive: true, force: true });
  };
  process.once('exit', onExit);

  const running = () =>
    postmaster !== undefined && postmaster.exitCode === null && postmaster.signalCode === null;

  const ready = () =>
    spawnSync(`${BIN}/pg_isready`, ['-h', '127.0.0.1', '-p', String(port), '-q', '-t', '1'], {
      timeout: 5000,
    }).status === 0;

  async function waitForExit(pid: number, children: number[]) {
    await waitUntil(`postgres ${pid} exiting`, STOP_TIMEOUT_MS, () =>
      [pid, ...children].every((p) => !alive(p) || isZombieOf(p)),
    );
  }

  // The postmaster is our child: once it exits it stays a zombie until node reaps it.
  const isZombieOf = (p: number) => {
    try {
      return readFileSync(`/proc/${p}/stat`, 'utf8').split(') ')[1]?.startsWith('Z') ?? false;
    } catch {
      return true;
    }
  };

  const cluster: PgCluster = {
    port,
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    get pid() {
      return running() ? postmaster?.pid : undefined;
    },
    async start() {
      if (running()) return;
      const out = openSync(log, 'a');
      postmaster = spawn(
        `${BIN}/postgres`,
        [
          '-D',
          data,
          '-p',
          String(port),
          '-k',
          dir,
          '-c',
          'listen_addresses=127.0.0.1',
          '-c',
          'fsync=off',
          '-c',
          'max_connections=50',
          '-c',
          'shared_buffers=16MB',
        ],
        { ...user, cwd: dir, stdio: ['ignore', out, out] },
      );
      const started = postmaster;
      await waitUntil('postgres accepting connections', START_TIMEOUT_MS, () => {
        if (started.exitCode !== null || started.signalCode !== null) {
          throw new Error(
            `postgres exited while starting:\n${readFileSync(log, 'utf8').slice(-2000)}`,
          );
        }
        return ready();
      });
    },
    async stop() {
      if (!running() || !postmaster?.pid) return;
      this.thaw();
      const pid = postmaster.pid;
      const children = childrenOf(pid);
      signal(pid, 'SIGINT');
      await waitForExit(pid, children);
    },
    async kill() {
      if (!running() || !postmaster?.pid) return;
      const pid = postmaster.pid;
      const children = childrenOf(pid);
      this.thaw();
      signal(pid, 'SIGKILL');
      // Backends notice the postmaster's death and exit; wait for them (a restart needs it).
      try {
        await waitForExit(pid, children);
      } catch {
        for (const child of children) signal(child, 'SIGKILL');
        await waitForExit(pid, children);
      }
    },
    freeze() {
      if (!running() || !postmaster?.pid) return;
      frozen = [postmaster.pid, ...childrenOf(postmaster.pid)];
      for (const pid of frozen) signal(pid, 'SIGSTOP');
    },
    thaw() {
      for (const pid of frozen.reverse()) signal(pid, 'SIGCONT');
      frozen = [];
    },
    async restart() {
      await this.stop();
      await this.start();
    },
    async destroy() {
      if (destroyed) return;
      destroyed = true;
      try {
        await this.stop();
      } catch {
        await this.kill().catch(() => {});
      }
      process.removeListener('exit', onExit);
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return cluster;
}
