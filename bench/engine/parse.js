// Parse alone: Sluice's `parse` against graphql-js 16's, on documents from tiny to 10,000 fields,
// deep and argument-heavy. Time (parses per CPU second in long slices, contenders alternating,
// median of the rounds: slices.js) and bytes allocated per parse. Run by `npm run bench:engine`
// after the scenarios, or alone (under two minutes):
//
//   node bench/engine/parse.js [--rounds 7] [--slice 300] [--warmup 300] [--baseline DIR]
//
// `--baseline DIR` times a second build of Sluice beside this one, in the same rounds, and prints
// this build's speed over it: DIR is a copy of another commit's `dist/` kept under the repository
// (so that it loads the same graphql) in a folder named `dist` (the repository's tests skip those),
// e.g. `mkdir -p bench/results/baseline && cp -r dist bench/results/baseline/` before a change,
// rebuild, then `node bench/engine/parse.js --baseline bench/results/baseline/dist`. Run to
// run, this machine moves each figure by 10-30%; within one run the two builds share the noise.
//
// Allocations are counted in a child process whose young generation is large enough that no
// garbage collection runs while a batch is parsed: the growth of the heap (V8's heap statistics,
// `used_heap_size`) is then every byte the batch allocated (a collection in the middle would
// drop the garbage and undercount).
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { parse as graphqlParse } from 'graphql';
import { parse as sluiceParse } from 'sluice';
import { warmBytesPerCall } from './batchBytes.js';
import {
  formatColumns,
  geomean,
  measureSlices,
  median,
  ratioOf,
  speedCells,
  timingFlags,
} from './slices.js';

/** @param {number} n @param {(i: number) => string} make */
const repeat = (n, make) => Array.from({ length: n }, (_, i) => make(i)).join(' ');

const argumentHeavy = `query Search($term: String!, $after: ID) {
${repeat(
  20,
  (
    i,
  ) => `  r${i}: search(term: $term, first: ${i}, after: $after, ratio: ${i}.5e-3, order: DESC, exact: true, note: "quoted \\"text\\" ${i}",
    filter: { tags: ["a", "b", "c"], range: { min: -1, max: ${i + 1}00 }, missing: null }) @include(if: true) { id }`,
)}
}`;

/**
 * The parse set: name and document text.
 * @type {Array<[string, string]>}
 */
export const parseDocuments = [
  ['tiny', '{ viewer { id name } }'],
  ['wide 100', `query Wide { ${repeat(100, (i) => `field${i}`)} }`],
  ['wide 1K', `query Wide { ${repeat(1000, (i) => `field${i}`)} }`],
  ['wide 10K', `query Wide { ${repeat(10_000, (i) => `field${i}`)} }`],
  ['deep 10', `${'{ node '.repeat(10)}{ id }${' }'.repeat(10)}`],
  ['deep 100', `${'{ node '.repeat(100)}{ id }${' }'.repeat(100)}`],
  ['argument-heavy', argumentHeavy],
];

/** Both parsers must give the same tree before anything is timed. */
function verifySame() {
  for (const [name, text] of parseDocuments) {
    if (JSON.stringify(graphqlParse(text)) !== JSON.stringify(sluiceParse(text))) {
      throw new Error(`parse set: the ASTs of "${name}" differ`);
    }
  }
}

/** @param {number} rounds */
function measureAllocations(rounds) {
  return Object.fromEntries(
    parseDocuments.map(([name, text]) => [
      name,
      {
        graphql: warmBytesPerCall(() => graphqlParse(text), rounds),
        sluice: warmBytesPerCall(() => sluiceParse(text), rounds),
      },
    ]),
  );
}

/**
 * Runs `script` in a child process with `flags` and `args`, and returns what it prints (JSON).
 * @param {string} script
 * @param {string[]} flags
 * @param {string[]} args
 */
function fromChild(script, flags, args) {
  const out = execFileSync(process.execPath, [...flags, script, ...args], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return JSON.parse(out);
}

/** The parse and validate sets' timing unless told otherwise: a parse-only run takes ~1 minute. */
export const setTiming = { rounds: 7, sliceMs: 300, warmupMs: 300 };

/** Processes the timed rounds are spread over (see `childMeasurements`). */
export const TIMING_PROCESSES = 3;

/**
 * A measuring script's children: one `--allocations` with a young generation that holds a whole
 * batch, and TIMING_PROCESSES `--times` with `timingFlags` (slices.js), each timing its share of
 * the rounds (at least 5 in all), whose rounds are put together. One process is not enough: V8's
 * optimised code for a parser sometimes ends up, after a run of deoptimisations, several times
 * slower for the rest of the process (the 10,000-field document was seen at 50-75 parses per
 * second in one process in five, 550-870 in the others, for either parser); the rounds of one
 * process agree with each other, so only other processes show it, and a median over three
 * processes' rounds is not moved by one such process. Shared with validate.js.
 * @param {string} script
 * @param {import('./slices.js').SliceTiming} timing
 * @param {string[]} [extra] more arguments for the timing children
 */
export function childMeasurements(script, timing, extra = []) {
  const total = Math.max(5, timing.rounds);
  const allocations = fromChild(
    script,
    ['--expose-gc', '--min-semi-space-size=128', '--max-semi-space-size=128'],
    ['--allocations', '--rounds', String(total)],
  );
  const perProcess = Math.ceil(total / TIMING_PROCESSES);
  /** @type {Record<string, Record<string, number[]>>} */
  const times = {};
  for (let i = 0; i < TIMING_PROCESSES; i++) {
    /** @type {Record<string, Record<string, number[]>>} */
    const part = fromChild(script, timingFlags, [
      '--times',
      '--rounds',
      String(perProcess),
      '--slice',
      String(timing.sliceMs),
      '--warmup',
      String(timing.warmupMs),
      ...extra,
    ]);
    for (const [name, byContender] of Object.entries(part)) {
      const into = (times[name] ??= {});
      for (const [contender, rounds] of Object.entries(byContender)) {
        (into[contender] ??= []).push(...rounds);
      }
    }
  }
  return { allocations, times };
}

/** The number of timed rounds `childMeasurements` gives for `timing`. */
export const timedRounds = (/** @type {{ rounds: number }} */ timing) =>
  Math.ceil(Math.max(5, timing.rounds) / TIMING_PROCESSES) * TIMING_PROCESSES;

/**
 * Per document, the rounds of both parsers (parses per CPU second), in slices (slices.js).
 * @param {import('./slices.js').SliceTiming} timing
 * @param {string} [baselineDir] another build's `dist/`, timed beside this one
 */
async function measureTimes(timing, baselineDir) {
  /** @type {((text: string) => unknown) | undefined} */
  const baselineParse =
    baselineDir === undefined
      ? undefined
      : (await import(pathToFileURL(resolve(baselineDir, 'engine/index.js')).href)).parse;
  return Object.fromEntries(
    parseDocuments.map(([name, text]) => {
      /** @type {Array<() => unknown>} */
      const contenders = [() => graphqlParse(text), () => sluiceParse(text)];
      if (baselineParse !== undefined) contenders.push(() => baselineParse(text));
      const [js, sluice, baseline] = measureSlices(contenders, timing);
      return [name, { js, sluice, baseline }];
    }),
  );
}

/**
 * Times both parsers on every document and prints one table: per document the median parses
 * per CPU second of each (and how far the lowest and highest round are from it), Sluice's speed
 * as the median of the rounds' ratios (lowest–highest), and bytes allocated per parse.
 * @param {import('./slices.js').SliceTiming} timing
 * @param {string} [baselineDir] another build's `dist/`, timed beside this one
 */
export async function runParseSet(timing, baselineDir) {
  verifySame();
  const { allocations, times } = childMeasurements(
    fileURLToPath(import.meta.url),
    timing,
    baselineDir === undefined ? [] : ['--baseline', baselineDir],
  );
  const rows = parseDocuments.map(([name]) => {
    const { js = [], sluice = [], baseline } = times[name] ?? {};
    return {
      name,
      js,
      sluice,
      speed: ratioOf(js, sluice),
      overBaseline: baseline === undefined ? undefined : ratioOf(baseline, sluice),
      bytes: allocations[name],
    };
  });
  const byteRatios = rows.map((r) => r.bytes.sluice / r.bytes.graphql);
  const ops = (/** @type {number[]} */ v) => Math.round(median(v)).toLocaleString('en-US');
  const table = formatColumns(
    [
      'document',
      'graphql-js parses/s',
      'min/max',
      'Sluice parses/s',
      'min/max',
      'speed',
      'lowest–highest',
      'graphql-js B/parse',
      'Sluice B/parse',
      'bytes',
      ...(baselineDir === undefined ? [] : ['vs baseline']),
    ],
    rows.map((r, i) => [
      ...speedCells(r, ops),
      `${((byteRatios[i] ?? 0) * 100).toFixed(0)}%`,
      ...(r.overBaseline === undefined
        ? []
        : [
            `${r.overBaseline.median.toFixed(3)}x (${r.overBaseline.min.toFixed(2)}–${r.overBaseline.max.toFixed(2)})`,
          ]),
    ]),
  );
  const speedup = geomean(rows.map((r) => r.speed.median));
  const bytes = geomean(byteRatios);
  console.log(
    [
      `parse alone — Sluice \`parse\` vs graphql-js \`parse\` (same AST, locations on); ${timedRounds(timing)} rounds in ${TIMING_PROCESSES} processes, each a ${timing.sliceMs} ms CPU slice per parser after a forced GC`,
      table,
      ...(baselineDir === undefined
        ? []
        : [
            `this build over the baseline (${baselineDir}): geomean ${geomean(rows.map((r) => r.overBaseline?.median ?? NaN)).toFixed(3)}x`,
          ]),
      `geomean: ${speedup.toFixed(2)}x graphql-js's speed (of the rounds' lowest: ${geomean(rows.map((r) => r.speed.min)).toFixed(2)}x, highest: ${geomean(rows.map((r) => r.speed.max)).toFixed(2)}x), ${(bytes * 100).toFixed(0)}% of its bytes allocated (target: >= 2.5x, fewer bytes)`,
    ].join('\n'),
  );
  return { rows, speedup, bytes };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      allocations: { type: 'boolean', default: false },
      times: { type: 'boolean', default: false },
      rounds: { type: 'string', default: String(setTiming.rounds) },
      slice: { type: 'string', default: String(setTiming.sliceMs) },
      warmup: { type: 'string', default: String(setTiming.warmupMs) },
      baseline: { type: 'string' },
    },
  });
  const timing = {
    rounds: Number(values.rounds),
    sliceMs: Number(values.slice),
    warmupMs: Number(values.warmup),
  };
  if (values.allocations) process.stdout.write(JSON.stringify(measureAllocations(timing.rounds)));
  else if (values.times) {
    process.stdout.write(JSON.stringify(await measureTimes(timing, values.baseline)));
  } else await runParseSet(timing, values.baseline);
}
