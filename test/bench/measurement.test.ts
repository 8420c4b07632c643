import { spawn, type ChildProcess } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';

/**
 * The benchmarks' measurement helpers (plain JavaScript, owned by bench/), loaded by URL so that
 * TypeScript needs no declaration files for them.
 */
interface ProcStats {
  cpuMs(pid: number): number;
  processTree(pid: number): number[];
  treeCpuMs(pid: number): number;
}
interface Latency {
  createHistogram(): Uint32Array;
  record(histogram: Uint32Array, ms: number): void;
  sparse(histogram: Uint32Array): [number, number][];
  percentiles(histograms: [number, number][][]): {
    count: number;
    p50Ms: number;
    p99Ms: number;
    maxMs: number;
  };
}
interface EngineTiming {
  measureInterleaved(
    runs: Array<() => string>,
    timing: { rounds: number; sliceMs: number; warmupMs: number },
  ): Promise<number[][]>;
}
const load = async <T>(path: string): Promise<T> =>
  (await import(/* @vite-ignore */ new URL(`../../bench/${path}`, import.meta.url).href)) as T;

// Under load a node process can take seconds to start: every wait below has its own timeout.
const started: ChildProcess[] = [];
afterEach(() => {
  for (const child of started.splice(0)) child.kill('SIGKILL');
});

/**
 * A process that starts a child which burns `burnMs` of CPU and exits; the parent reaps it and
 * says `reaped <pid>`, then waits for stdin to close. Before it exits, the grandchild says
 * `burnt <pid>`.
 */
function parentWithBusyChild(burnMs: number): { child: ChildProcess; lines: string[] } {
  const grandchild = `const s=process.cpuUsage();while((process.cpuUsage(s).user+process.cpuUsage(s).system)/1000<${burnMs});`;
  const parent = `
    const { spawn } = require('node:child_process');
    const c = spawn(process.execPath, ['-e', ${JSON.stringify(grandchild)}], { stdio: 'ignore' });
    process.stdout.write('child ' + c.pid + '\\n');
    c.on('exit', () => process.stdout.write('reaped ' + c.pid + '\\n'));
    process.stdin.resume();
  `;
  const child = spawn(process.execPath, ['-e', parent], { stdio: ['pipe', 'pipe', 'inherit'] });
  started.push(child);
  const lines: string[] = [];
  child.stdout?.on('data', (chunk: Buffer) => lines.push(...chunk.toString().trim().split('\n')));
  return { child, lines };
}

describe('procStats: a contender in several processes', () => {
  it('finds a child of the process and counts its CPU, also after it exited', async () => {
    const { cpuMs, processTree, treeCpuMs } = await load<ProcStats>('pg/procStats.js');
    const { child, lines } = parentWithBusyChild(400);
    await expect
      .poll(() => lines.find((l) => l.startsWith('child ')), { timeout: 20_000 })
      .toBeTruthy();
    const grandchild = Number(lines.find((l) => l.startsWith('child '))?.split(' ')[1]);
    const pid = child.pid as number;
    expect(processTree(pid)).toEqual(expect.arrayContaining([pid, grandchild]));
    await expect.poll(() => cpuMs(grandchild) >= 100, { timeout: 20_000 }).toBe(true);
    // While both run, the tree's time is at least the sum of each one's.
    expect(treeCpuMs(pid)).toBeGreaterThanOrEqual(cpuMs(pid) + cpuMs(grandchild) - 10);
    await expect.poll(() => lines.includes(`reaped ${grandchild}`), { timeout: 30_000 }).toBe(true);
    // Gone and reaped: no longer in the tree, but its CPU (at least the 400 ms it burnt) stays
    // counted, in the parent's reaped-children time.
    expect(processTree(pid)).toEqual([pid]);
    expect(treeCpuMs(pid) - cpuMs(pid)).toBeGreaterThanOrEqual(390);
  }, 90_000);

  it('is the process alone when it has no children', async () => {
    const { processTree } = await load<ProcStats>('pg/procStats.js');
    expect(processTree(process.pid).includes(process.pid)).toBe(true);
    const lone = spawn(process.execPath, ['-e', 'process.stdin.resume()'], { stdio: 'pipe' });
    started.push(lone);
    await expect
      .poll(() => processTree(process.pid).includes(lone.pid as number), { timeout: 20_000 })
      .toBe(true);
    expect(processTree(lone.pid as number)).toEqual([lone.pid]);
  });
});

describe('latency histogram (bench/subscriptions)', () => {
  it('gives percentiles of merged client histograms to the bucket (0.1 ms)', async () => {
    const { createHistogram, record, sparse, percentiles } = await load<Latency>(
      'subscriptions/latency.js',
    );
    const a = createHistogram();
    const b = createHistogram();
    // 1..100 ms, the odd ones in one client process, the even ones in the other.
    for (let ms = 1; ms <= 100; ms++) record(ms % 2 ? a : b, ms - 0.05);
    const result = percentiles([sparse(a), sparse(b)]);
    expect(result.count).toBe(100);
    expect(result.p50Ms).toBeCloseTo(50, 5);
    expect(result.p99Ms).toBeCloseTo(99, 5);
    expect(result.maxMs).toBeCloseTo(100, 5);
  });

  it('counts a negative latency as 0 and one beyond 60 s as unbounded', async () => {
    const { createHistogram, record, sparse, percentiles } = await load<Latency>(
      'subscriptions/latency.js',
    );
    const h = createHistogram();
    record(h, -0.3);
    record(h, 61_000);
    const result = percentiles([sparse(h)]);
    expect(result.count).toBe(2);
    expect(result.p50Ms).toBeCloseTo(0.1, 5);
    expect(result.p99Ms).toBe(Infinity);
    expect(percentiles([]).count).toBe(0);
  });
});

describe('engine timing (bench/engine/measure.js)', () => {
  /** A contender whose every call burns `ms` of this process's CPU time. */
  const burning = (ms: number) => () => {
    const start = process.cpuUsage();
    for (;;) {
      const used = process.cpuUsage(start);
      if ((used.user + used.system) / 1000 >= ms) return 'done';
    }
  };

  it('collects before every turn when one call outlasts a turn, only between rounds otherwise', async () => {
    const { measureInterleaved } = await load<EngineTiming>('engine/measure.js');
    const global = globalThis as { gc?: (() => void) | undefined };
    const saved = global.gc;
    let collections = 0;
    global.gc = () => {
      collections++;
    };
    try {
      await measureInterleaved([burning(0.05), burning(0.05)], {
        rounds: 2,
        sliceMs: 8,
        warmupMs: 4,
      });
      expect(collections).toBe(2);
      collections = 0;
      // The 6 ms contender takes two turns of a round, the other three of 4 ms: a collection
      // before each, and one a round.
      await measureInterleaved([burning(6), burning(0.05)], {
        rounds: 2,
        sliceMs: 12,
        warmupMs: 12,
      });
      expect(collections).toBeGreaterThanOrEqual(2 + 2 * 4);
    } finally {
      global.gc = saved;
    }
  });
});
