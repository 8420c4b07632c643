/**
 * Timing. Each contender runs in batches sized to take a few milliseconds (timer resolution and
 * loop overhead then vanish), and the contenders take turns batch by batch, so that whatever else
 * the machine is doing at a given moment weighs on all of them alike.
 *
 * Time is the CPU time of this process (user + system, all its threads, so GC and JIT helper
 * threads count), not wall time: the machine has 2 cores shared with other work, and wall time
 * there measured mostly how long we waited for a core (load averages above 10 were seen, making
 * wall-clock ops/s swing by 2-5x between rounds). CPU time still moves with the neighbours (shared
 * caches, a virtual machine's stolen time), hence the fine interleaving.
 */

/** CPU milliseconds used by this process so far. */
const now = () => {
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
 * Runs `run` for about `ms` of CPU time (a warm-up), then returns how many calls take about
 * `targetMs` (at least 1), and the CPU milliseconds of one call.
 * @param {import('./contenders.js').Run} run
 * @param {number} ms
 * @param {number} targetMs
 */
async function warmUpAndCalibrate(run, ms, targetMs) {
  let calls = 0;
  const start = now();
  while (now() - start < ms || calls === 0) {
    await batch(run, 1);
    calls++;
  }
  const perCall = (now() - start) / calls;
  return { size: Math.max(1, Math.round(targetMs / Math.max(perCall, 1e-4))), perCall };
}

/**
 * @typedef {object} Timing
 * @property {number} rounds
 * @property {number} sliceMs  CPU time per contender per round
 * @property {number} warmupMs CPU time per contender before the rounds
 */

/** CPU milliseconds of one batch, one turn of a contender. */
const TURN_MS = 4;

/**
 * Measures every run in `rounds` rounds. In a round the contenders take turns (the order rotated
 * each round) until each has had about `sliceMs` of CPU time; a round's figure for a contender is
 * its calls divided by its own CPU time in that round. Returns ops per CPU second per round.
 *
 * @param {import('./contenders.js').Run[]} runs
 * @param {Timing} timing
 * @returns {Promise<number[][]>}
 */
export async function measureInterleaved(runs, timing) {
  const sizes = [];
  let longest = 0;
  for (const run of runs) {
    const { size, perCall } = await warmUpAndCalibrate(run, timing.warmupMs, TURN_MS);
    sizes.push(size);
    longest = Math.max(longest, perCall);
  }
  const gc = /** @type {{ gc?: () => void }} */ (globalThis).gc;
  // When one call is longer than a turn, a turn is one call, and the full collections its
  // allocations started fell into whichever call came next: on the 100,000-item list, the same
  // work measured 14 and 26 calls a second in one run as two contenders. Each turn then starts
  // after a forced collection, outside the time, as the parse set's slices do (slices.js).
  const collectBetweenTurns = longest > TURN_MS;
  /** @type {number[][]} */
  const perRound = runs.map(() => []);
  for (let round = 0; round < timing.rounds; round++) {
    gc?.();
    const spent = runs.map(() => 0);
    const calls = runs.map(() => 0);
    // Turns go on until every contender has had its slice; a slow one (one call longer than a
    // turn) simply takes fewer turns.
    for (let busy = true; busy;) {
      busy = false;
      for (let k = 0; k < runs.length; k++) {
        const i = (k + round) % runs.length;
        if ((spent[i] ?? 0) >= timing.sliceMs) continue;
        busy = true;
        const size = sizes[i] ?? 1;
        if (collectBetweenTurns) gc?.();
        const start = now();
        await batch(/** @type {import('./contenders.js').Run} */ (runs[i]), size);
        spent[i] = (spent[i] ?? 0) + now() - start;
        calls[i] = (calls[i] ?? 0) + size;
      }
    }
    runs.forEach((_, i) =>
      perRound[i]?.push(((calls[i] ?? 0) * 1000) / Math.max(spent[i] ?? 0, 1e-3)),
    );
  }
  return perRound;
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
