/**
 * Timing primitives. A contender is timed in batches sized so that one batch takes a few
 * milliseconds (timer resolution and loop overhead then vanish), for a fixed slice of time.
 *
 * Time is the CPU time of this process (user + system, all its threads, so GC and JIT helper
 * threads count), not wall time: the machine has 2 cores shared with other work, and wall time
 * there measured mostly how long we waited for a core (load averages above 10 were seen, making
 * wall-clock ops/s swing by 2-5x between rounds). CPU time is what a contender costs.
 */

/** CPU milliseconds used by this process so far. */
export const now = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};

/** Keeps every output alive in a way the optimiser cannot drop. */
export let sink = 0;

/**
 * @param {import('./contenders.js').Run} run
 * @param {number} count
 */
async function batch(run, count) {
  for (let i = 0; i < count; i++) {
    const out = run();
    sink += (out instanceof Promise ? await out : out).length;
  }
}

/**
 * Ops in one batch of about `targetMs` (at least 1).
 * @param {import('./contenders.js').Run} run
 * @param {number} targetMs
 */
export async function calibrate(run, targetMs) {
  let count = 1;
  for (;;) {
    const start = now();
    await batch(run, count);
    const elapsed = now() - start;
    if (elapsed >= targetMs || count >= 1 << 20)
      return Math.max(1, Math.round((count * targetMs) / Math.max(elapsed, 1e-3)));
    count *= 2;
  }
}

/**
 * Operations per CPU second over about `sliceMs` of CPU time.
 * @param {import('./contenders.js').Run} run
 * @param {number} batchSize
 * @param {number} sliceMs
 */
export async function sample(run, batchSize, sliceMs) {
  let ops = 0;
  const start = now();
  let elapsed = 0;
  do {
    await batch(run, batchSize);
    ops += batchSize;
    elapsed = now() - start;
  } while (elapsed < sliceMs);
  return (ops * 1000) / elapsed;
}

/** @param {number[]} values */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  const upper = sorted[mid] ?? NaN;
  return sorted.length % 2 === 1 ? upper : ((sorted[mid - 1] ?? NaN) + upper) / 2;
}

/**
 * Median absolute deviation as a percentage of the median: how much the rounds disagree.
 * @param {number[]} values
 */
export function spreadPercent(values) {
  const m = median(values);
  return m === 0 ? 0 : (median(values.map((v) => Math.abs(v - m))) / m) * 100;
}
