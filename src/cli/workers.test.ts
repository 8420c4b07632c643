import { execFileSync } from 'node:child_process';
import { request } from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { spawnCli, useStartedClis } from './__fixtures__/spawnCli.js';
import { ExitCode } from './ExitCode.js';

const start = useStartedClis();
const SCHEMA = 'src/cli/__fixtures__/workerSchema.mjs';

/** POSTs `query` on a new connection (keep-alive would stay with one worker). */
function post(url: string, query: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        agent: false,
        headers: { 'content-type': 'application/json' },
        timeout: 10_000,
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    // A connection handed to a worker as it is killed is lost: the client gives up on it.
    req.on('timeout', () => req.destroy(new Error('no answer within 10 s')));
    req.end(JSON.stringify({ query }));
  });
}

const pidOf = async (url: string) =>
  (JSON.parse((await post(url, '{ pid }')).body) as { data: { pid: number } }).data.pid;

async function pidsSeen(url: string, requests: number): Promise<Set<number>> {
  const pids = new Set<number>();
  for (let i = 0; i < requests; i++) pids.add(await pidOf(url));
  return pids;
}

/** The pids of a process's children. */
const childrenOf = (pid: number): number[] => {
  try {
    return execFileSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' })
      .split('\n')
      .filter(Boolean)
      .map(Number);
  } catch {
    return []; // pgrep exits 1 when there are none
  }
};

/** A port nothing listens on now. */
const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('sluice serve --workers', () => {
  it('serves one port from N processes, none of them the primary', async () => {
    const cli = await start(['serve', '--schema', SCHEMA, '--port', '0', '--workers', '2']);
    expect(cli.stderr()).toContain('(2 worker processes)');
    const pids = await pidsSeen(cli.url, 12);
    expect(pids.size).toBe(2);
    expect(pids.has(cli.child.pid!)).toBe(false);
  });

  it('starts another worker when one dies, and keeps serving meanwhile', async () => {
    const cli = await start(['serve', '--schema', SCHEMA, '--port', '0', '--workers', '2']);
    const before = await pidsSeen(cli.url, 8);
    const [victim] = [...before];
    process.kill(victim!, 'SIGKILL');
    const after = new Set<number>();
    const until = performance.now() + 45_000;
    while (after.size < 2 && performance.now() < until) {
      const res = await post(cli.url, '{ pid }').catch(() => undefined);
      if (res?.status === 200)
        after.add((JSON.parse(res.body) as { data: { pid: number } }).data.pid);
    }
    expect(after.size).toBe(2);
    expect(after.has(victim!)).toBe(false);
    expect(cli.child.exitCode).toBe(null);
    expect(cli.stdout()).toContain('worker exited; starting another');
  }, 60_000);

  it('starts new workers when all of them die young, rather than exiting with nothing to restart', async () => {
    // A fixed port: with none left, the primary closes the shared socket; port 0 would change.
    const port = await freePort();
    const cli = await start(['serve', '--schema', SCHEMA, '--port', `${port}`, '--workers', '2']);
    const before = await pidsSeen(cli.url, 8);
    expect(before.size).toBe(2);
    // Killed together within seconds of starting (an OOM kill, a crash on the first requests):
    // each restart waits (backing off), and meanwhile no worker is left.
    for (const pid of before) process.kill(pid, 'SIGKILL');
    const after = new Set<number>();
    const until = performance.now() + 30_000;
    while (after.size < 2 && cli.child.exitCode === null && performance.now() < until) {
      const res = await post(cli.url, '{ pid }').catch(() => undefined);
      if (res?.status === 200)
        after.add((JSON.parse(res.body) as { data: { pid: number } }).data.pid);
      else await new Promise((r) => setTimeout(r, 100));
    }
    expect(cli.child.exitCode).toBe(null);
    expect(after.size).toBe(2);
    cli.child.kill('SIGTERM');
    expect(await cli.exited).toBe(ExitCode.OK);
  }, 60_000);

  it('SIGHUP, while the workers start and once they serve, ends no worker', async () => {
    const cli = spawnCli(['serve', '--schema', SCHEMA, '--port', '0', '--workers', '2']);
    // Once the primary has forked (its handlers are in place), the workers are still starting.
    await expect
      .poll(() => childrenOf(cli.child.pid!).length, { timeout: 20_000, interval: 20 })
      .toBeGreaterThan(0);
    cli.child.kill('SIGHUP');
    const url = await cli.ready;
    const workers = await pidsSeen(url, 8);
    expect(workers.size).toBe(2);
    cli.child.kill('SIGHUP');
    await new Promise((r) => setTimeout(r, 1000));
    expect(await pidsSeen(url, 8)).toEqual(workers);
    expect(cli.stdout()).not.toContain('worker exited');
    cli.child.kill('SIGTERM');
    expect(await cli.exited).toBe(ExitCode.OK);
  }, 60_000);

  it('SIGTERM: every worker finishes its in-flight request, then all exit 0', async () => {
    const cli = await start(['serve', '--schema', SCHEMA, '--port', '0', '--workers', '2']);
    const workers = await pidsSeen(cli.url, 8);
    const slow = Promise.all([
      post(cli.url, '{ slow(ms: 800) }'),
      post(cli.url, '{ slow(ms: 800) }'),
    ]);
    await new Promise((r) => setTimeout(r, 250));
    cli.child.kill('SIGTERM');
    const answers = await slow;
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    // Both requests were in flight on the workers, one each (connections go round).
    const answeredBy = new Set(
      answers.map((a) => (JSON.parse(a.body) as { data: { slow: number } }).data.slow),
    );
    expect(answeredBy).toEqual(workers);
    expect(await cli.exited).toBe(ExitCode.OK);
    for (const pid of workers) expect(alive(pid)).toBe(false);
  });

  it('a second SIGINT exits at once with 130, as without workers', async () => {
    const cli = await start([
      'serve',
      '--schema',
      SCHEMA,
      '--port',
      '0',
      '--workers',
      '2',
      '--shutdown-grace-ms',
      '30000',
    ]);
    const workers = await pidsSeen(cli.url, 8);
    const slow = post(cli.url, '{ slow(ms: 20000) }').catch(() => undefined);
    await new Promise((r) => setTimeout(r, 300));
    // Ctrl+C twice: the operator does not want to wait for the slow request.
    cli.child.kill('SIGINT');
    await new Promise((r) => setTimeout(r, 300));
    cli.child.kill('SIGINT');
    const code = await Promise.race([
      cli.exited,
      new Promise((r) => setTimeout(() => r('still running after 5 s'), 5000)),
    ]);
    expect(code).toBe(130);
    expect(cli.stderr()).toContain('SIGINT again: exiting without waiting');
    await expect.poll(() => [...workers].filter(alive)).toEqual([]);
    await slow;
  }, 60_000);

  it('a start every worker fails (an unreachable database) exits with their code', async () => {
    const cli = spawnCli([
      'serve',
      '--database',
      'postgres://postgres@127.0.0.1:1/none',
      '--port',
      '0',
      '--workers',
      '2',
    ]);
    cli.ready.catch(() => {});
    expect(await cli.exited).toBe(ExitCode.DATABASE);
  });

  it('refuses a bad count and a PGlite directory', async () => {
    const bad = spawnCli(['serve', '--schema', SCHEMA, '--workers', 'many']);
    bad.ready.catch(() => {});
    expect(await bad.exited).toBe(ExitCode.USAGE);
    expect(bad.stderr()).toContain('--workers: expected auto or an integer');
    const pglite = spawnCli(['serve', '--database', 'pglite:/tmp/x', '--workers', '2']);
    pglite.ready.catch(() => {});
    expect(await pglite.exited).toBe(ExitCode.USAGE);
    expect(pglite.stderr()).toContain('PGlite');
  });
});
