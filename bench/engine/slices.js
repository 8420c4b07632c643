/**
 * Timing of synchronous operations in long slices, for the parse and validate sets: each
 * contender is one function doing one operation (a parse, a validation of a set). The scenarios
 * interleave contenders in 4 ms turns (measure.js); for operations that allocate as much as a
 * parse, turns that short disagreed by up to 80% per document between runs on this shared 2-core
 * machine: a young-generation collection landed in one contender's turn or the other's depending
 * on where the previous turn left the heap, and a neighbour's burst of work covered a whole turn.
 *
 * Here a round gives each contender one slice of `sliceMs` of CPU time (hundreds of
 * milliseconds: the collections it pays are its own, and many of them), each slice starting
 * after a forced full collection, so that no slice inherits the previous one's garbage. The
 * contenders' order is rotated every round, so that with two contenders the slices run
 * A B | B A | A B …: each round's two slices are next to each other in time, and the round's
 * ratio compares them under the same neighbours. Time is this process's CPU time (user + system,
 * all threads), as in measure.js. Run in a process with `--expose-gc --single-threaded-gc` (see
 * `timingFlags`).
 */
import { median } from './measure.js';

/** The flags of a process that times slices. */
export const timingFlags = [
  '--expose-gc',
  // Collections run on the main thread, inside the slice whose allocation triggered them, not on
  // helper threads whose CPU time would count in whichever slice they overlapped.
  '--single-threaded-gc',
  // The young generation at the size a busy server's grows to (V8's default maximum, 16 MB per
  // semi-space) from the start: after each forced collection V8 may shrink it back to 1 MB and
  // regrow it, which made a slice's first collections more frequent by a varying amount.
  '--min-semi-space-size=16',
  '--max-semi-space-size=16',
];

/**
 * @typedef {object} SliceTiming
 * @property {number} rounds   rounds; each gives every contender one slice
 * @property {number} sliceMs  CPU milliseconds of one slice
 * @property {number} warmupMs CPU milliseconds of warm-up per contender before the rounds
 */

/** CPU milliseconds used by this process so far. */
const cpuNow = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};

/** CPU milliseconds of one batch: the clock is read between batches, not between operations. */
const BATCH_MS = 5;

/** Keeps every result reachable in a way the optimiser cannot drop. */
export let sink = 0;

/**
 * Runs `operation` for `ms` of CPU time (at least once) and returns how many calls take about
 * BATCH_MS.
 * @param {() => unknown} operation
 * @param {number} ms
 */
function warmUp(operation, ms) {
  let calls = 0;
  const start = cpuNow();
  while (cpuNow() - start < ms || calls === 0) {
    if (operation() === sink) sink++;
    calls++;
  }
  return Math.max(1, Math.round((BATCH_MS * calls) / Math.max(cpuNow() - start, 1e-3)));
}

/**
 * Operations per CPU second of each contender in each round: `result[i][round]`.
 * @param {Array<() => unknown>} contenders
 * @param {SliceTiming} timing
 * @returns {number[][]}
 */
export function measureSlices(contenders, timing) {
  const gc = /** @type {{ gc?: () => void }} */ (globalThis).gc;
  if (gc === undefined) throw new Error('bench: run with --expose-gc (see timingFlags)');
  // Warm-up in two halves, contenders alternating, so none is optimised in a heap the others
  // left behind only.
  /** @type {number[]} */
  let sizes = [];
  for (let half = 0; half < 2; half++) {
    sizes = contenders.map((operation) => warmUp(operation, timing.warmupMs / 2));
  }
  /** @type {number[][]} */
  const perRound = contenders.map(() => []);
  for (let round = 0; round < timing.rounds; round++) {
    for (let k = 0; k < contenders.length; k++) {
      const i = (k + round) % contenders.length;
      const operation = /** @type {() => unknown} */ (contenders[i]);
      const size = sizes[i] ?? 1;
      gc();
      let calls = 0;
      const start = cpuNow();
      let spent = 0;
      do {
        for (let n = 0; n < size; n++) if (operation() === sink) sink++;
        calls += size;
        spent = cpuNow() - start;
      } while (spent < timing.sliceMs);
      perRound[i]?.push((calls * 1000) / spent);
    }
  }
  return perRound;
}

export { median };

/** @param {number[]} values */
export const geomean = (values) =>
  Math.exp(values.reduce((sum, v) => sum + Math.log(v), 0) / values.length);

/**
 * Sluice's speed over the reference's, per round (their slices are adjacent in time): the median
 * of the rounds' ratios, and the lowest and highest.
 * @param {number[]} reference ops/s per round
 * @param {number[]} sluice    ops/s per round
 */
export function ratioOf(reference, sluice) {
  const ratios = sluice.map((ops, round) => ops / (reference[round] ?? NaN));
  return { median: median(ratios), min: Math.min(...ratios), max: Math.max(...ratios), ratios };
}

/**
 * A value's spread over rounds as printed: `-a%/+b%`, from the median to the lowest and highest.
 * @param {number[]} values
 */
function minMaxPercent(values) {
  const m = median(values);
  const pct = (/** @type {number} */ v) => Math.abs(((v - m) / m) * 100).toFixed(0);
  return `-${pct(Math.min(...values))}/+${pct(Math.max(...values))}%`;
}

/**
 * The cells every row of the parse and validate tables starts with: the set's name, each side's
 * operations per second with their spread, Sluice's speed (median, lowest–highest round), and
 * the bytes each side allocated per operation.
 * @param {{ name: string, js: number[], sluice: number[], speed: { median: number, min: number, max: number }, bytes: { graphql: number, sluice: number } }} r
 * @param {(values: number[]) => string} ops
 */
export function speedCells(r, ops) {
  return [
    r.name,
    ops(r.js),
    minMaxPercent(r.js),
    ops(r.sluice),
    minMaxPercent(r.sluice),
    `${r.speed.median.toFixed(2)}x`,
    `${r.speed.min.toFixed(2)}–${r.speed.max.toFixed(2)}x`,
    Math.round(r.bytes.graphql).toLocaleString('en-US'),
    Math.round(r.bytes.sluice).toLocaleString('en-US'),
  ];
}

/**
 * A table with the first column left-aligned and the others right-aligned.
 * @param {string[]} header
 * @param {string[][]} body
 */
export function formatColumns(header, body) {
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((c) => (c[i] ?? '').length)));
  const line = (/** @type {string[]} */ cells) =>
    cells
      .map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0)))
      .join('  ');
  return [line(header), ...body.map(line)].join('\n');
}
