// One scenario against every contender: start each in its own process, check its bytes, warm it
// up, then measure in slices — round after round, the order rotated each round — so that load
// from other work on the machine is spread over every contender instead of hitting one. Every
// server started here is stopped before this returns, whatever happened.
import { runAutocannon } from './autocannon.js';
import { startContender } from './contender.js';
import { cpuMs, rssMiB } from './procStats.js';
import { verifyBody } from './verifyBody.js';
import { runWrk } from './wrk.js';

const message = (error) => String(error?.message ?? error).split('\n')[0];

/**
 * Returns one entry per contender: `{ name, error }` or `{ name, result, slices }`, where `result`
 * holds the median slice's req/s and latencies, CPU and req/CPU-s over all slices, and RSS after
 * the last one.
 */
export async function runScenario(scenario, expected, opts, { profileDir, log }) {
  const load = opts.generator === 'wrk' ? runWrk : runAutocannon;
  const requestBody = JSON.stringify(scenario.body);
  const entries = opts.contenders.map((name) => ({ name, server: null, error: null, slices: [] }));
  try {
    for (const entry of entries) {
      const execArgv = opts.profile.includes(entry.name)
        ? [
            '--cpu-prof',
            `--cpu-prof-dir=${profileDir}`,
            `--cpu-prof-name=${entry.name}-${scenario.name}-${Date.now()}.cpuprofile`,
          ]
        : [];
      try {
        entry.server = await startContender(entry.name, { execArgv });
        const wrong = await verifyBody(entry.server.url, requestBody, expected);
        if (wrong) throw new Error(`wrong response: ${wrong}`);
        if (opts.warmupS > 0) {
          const warm = await load(loadArgs(entry, requestBody, opts, opts.warmupS));
          if (warm.errors > 0) throw new Error(`errors during warm-up (${warm.errorDetail})`);
        }
      } catch (error) {
        entry.error = message(error);
      }
    }

    for (let round = 0; round < opts.rounds; round++) {
      const order = entries.map((_, i) => entries[(i + round) % entries.length]);
      for (const entry of order) {
        if (entry.error) continue;
        try {
          const others = entries.filter((other) => other !== entry && other.server && !other.error);
          const slice = await measureSlice(
            entry,
            others,
            load,
            loadArgs(entry, requestBody, opts, opts.durationS),
          );
          if (slice.errors > 0) throw new Error(`errors under load (${slice.errorDetail})`);
          entry.slices.push(slice);
          log(
            `  [${round + 1}/${opts.rounds}] ${scenario.name} ${entry.name}: ${slice.rps.toFixed(0)} req/s` +
              ` (idle servers used ${((slice.othersCpuMs / slice.wallMs) * 100).toFixed(0)}% of a core)`,
          );
        } catch (error) {
          entry.error = message(error);
          log(`  [${round + 1}/${opts.rounds}] ${scenario.name} ${entry.name}: ${entry.error}`);
        }
      }
    }

    for (const entry of entries) {
      if (entry.error) continue;
      try {
        entry.rssMiB = rssMiB(entry.server.pid);
        const wrong = await verifyBody(entry.server.url, requestBody, expected);
        if (wrong) throw new Error(`wrong response after load: ${wrong}`);
      } catch (error) {
        entry.error = message(error);
      }
    }
  } finally {
    await Promise.all(entries.map((entry) => entry.server?.stop()));
  }
  return entries.map(summarize);
}

function loadArgs(entry, body, opts, durationS) {
  return {
    url: entry.server.url,
    body,
    connections: opts.connections,
    threads: opts.threads,
    durationS,
  };
}

/** One measured window, with the server's CPU time over it read from /proc. */
/**
 * One measured window, with the server's CPU time over it read from /proc, and the CPU the other
 * (idle) servers used meanwhile: work a contender leaves behind (GC, JIT) falls on the next slice.
 */
async function measureSlice(entry, others, load, args) {
  const othersCpu = () => others.reduce((total, other) => total + cpuMs(other.server.pid), 0);
  const othersBefore = othersCpu();
  const cpuBefore = cpuMs(entry.server.pid);
  const t0 = performance.now();
  const result = await load(args);
  const wallMs = performance.now() - t0;
  return {
    ...result,
    wallMs,
    serverCpuMs: cpuMs(entry.server.pid) - cpuBefore,
    othersCpuMs: othersCpu() - othersBefore,
  };
}

function summarize({ name, error, slices, rssMiB: rss }) {
  if (error) return { name, error };
  const sorted = [...slices].sort((a, b) => a.rps - b.rps);
  const median = sorted[Math.floor((sorted.length - 1) / 2)];
  const sum = (key) => slices.reduce((total, slice) => total + slice[key], 0);
  const serverCpuMs = sum('serverCpuMs');
  return {
    name,
    slices,
    result: {
      rps: median.rps,
      p50Ms: median.p50Ms,
      p99Ms: median.p99Ms,
      rssMiB: rss,
      serverCpuPct: (serverCpuMs / sum('wallMs')) * 100,
      generatorCpuPct: (sum('generatorCpuMs') / sum('wallMs')) * 100,
      requestsPerCpuSecond: sum('requests') / (serverCpuMs / 1000),
    },
  };
}
