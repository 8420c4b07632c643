// Parse alone: Sluice's `parse` against graphql-js 16's, on documents from tiny to 10,000 fields,
// deep and argument-heavy. Time (ops per CPU second, median of interleaved rounds) and bytes
// allocated per parse (see `measureParsers` for how turns are timed). Run by `npm run bench:engine` after the scenarios, or alone:
//
//   node --expose-gc bench/engine/parse.js [--rounds 7] [--slice 60] [--warmup 150]
//
// Allocations are counted in a child process whose young generation is large enough that no
// garbage collection runs while a batch is parsed: the growth of the heap is then every byte the
// batch allocated (a collection in the middle would drop the garbage and undercount).
import { execFileSync } from 'node:child_process';
import { getHeapStatistics } from 'node:v8';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { parse as graphqlParse } from 'graphql';
import { parse as sluiceParse } from 'sluice';
import { median, spreadPercent } from './measure.js';

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

/** The parse set: name and document text. */
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

/**
 * Bytes allocated by one parse of `text`, the median of `rounds` batches.
 * @param {(text: string) => unknown} parse
 * @param {string} text
 * @param {number} rounds
 */
function bytesPerParse(parse, text, rounds) {
  const gc = /** @type {() => void} */ (/** @type {{ gc?: () => void }} */ (globalThis).gc);
  const count = Math.max(1, Math.floor(2_000_000 / text.length));
  const samples = [];
  for (let i = 0; i < 2; i++) parse(text);
  for (let round = 0; round < rounds; round++) {
    const kept = new Array(count);
    gc();
    const before = getHeapStatistics().used_heap_size;
    for (let i = 0; i < count; i++) kept[i] = parse(text);
    const after = getHeapStatistics().used_heap_size;
    samples.push((after - before) / count);
  }
  return median(samples);
}

/** @param {number} rounds */
function measureAllocations(rounds) {
  return Object.fromEntries(
    parseDocuments.map(([name, text]) => [
      name,
      {
        graphql: bytesPerParse(graphqlParse, text, rounds),
        sluice: bytesPerParse(sluiceParse, text, rounds),
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
  const out = execFileSync(process.execPath, ['--expose-gc', ...flags, script, ...args], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return JSON.parse(out);
}

/**
 * A measuring script's two children: `--allocations` with a young generation that holds a whole
 * batch, `--times` with `--single-threaded-gc` (see measureParsers). Shared with validate.js.
 * @param {string} script
 * @param {import('./measure.js').Timing} timing
 */
export function childMeasurements(script, timing) {
  const rounds = String(Math.max(5, timing.rounds));
  const allocations = fromChild(
    script,
    ['--min-semi-space-size=128', '--max-semi-space-size=128'],
    ['--allocations', '--rounds', rounds],
  );
  const times = fromChild(
    script,
    ['--single-threaded-gc'],
    [
      '--times',
      '--rounds',
      rounds,
      '--slice',
      String(timing.sliceMs),
      '--warmup',
      String(timing.warmupMs),
    ],
  );
  return { allocations, times };
}

/**
 * Per document, the rounds of both parsers (ops per CPU second).
 * @param {import('./measure.js').Timing} timing
 */
function measureTimes(timing) {
  return Object.fromEntries(
    parseDocuments.map(([name, text]) => {
      const [js, sluice] = measureParsers([graphqlParse, sluiceParse], text, timing);
      return [name, { js, sluice }];
    }),
  );
}

/** CPU milliseconds used by this process so far. */
const cpuNow = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};

/** Parses of `text` that take about `ms` of CPU time (at least 1). */
function calibrate(
  /** @type {(text: string) => unknown} */ parse,
  /** @type {string} */ text,
  /** @type {number} */ ms,
) {
  let calls = 0;
  const start = cpuNow();
  while (cpuNow() - start < ms || calls === 0) {
    parse(text);
    calls++;
  }
  return Math.max(1, Math.round((TURN_MS * calls) / (cpuNow() - start)));
}

/** CPU milliseconds of one turn. */
const TURN_MS = 8;

/**
 * Ops per CPU second of each parser, per round: after a forced collection, the parsers take turns
 * (order rotated each round) of about TURN_MS until each has had `sliceMs`. Runs in a child
 * process with `--single-threaded-gc`: collections then run on the main thread, in the turn whose
 * allocation triggered them, not on helper threads whose CPU time would count in any turn. (A
 * forced collection before every turn was tried and refused: the pages it gives back fault in
 * again during the next turn, which made every parse several times slower, allocators most.)
 * @param {Array<(text: string) => unknown>} parsers
 * @param {string} text
 * @param {import('./measure.js').Timing} timing
 */
export function measureParsers(parsers, text, timing) {
  const gc = /** @type {() => void} */ (/** @type {{ gc?: () => void }} */ (globalThis).gc);
  const sizes = parsers.map((parse) => calibrate(parse, text, timing.warmupMs));
  /** @type {number[][]} */
  const perRound = parsers.map(() => []);
  for (let round = 0; round < timing.rounds; round++) {
    gc();
    const spent = parsers.map(() => 0);
    const calls = parsers.map(() => 0);
    for (let busy = true; busy;) {
      busy = false;
      for (let k = 0; k < parsers.length; k++) {
        const i = (k + round) % parsers.length;
        if ((spent[i] ?? 0) >= timing.sliceMs) continue;
        busy = true;
        const parse = /** @type {(text: string) => unknown} */ (parsers[i]);
        const size = sizes[i] ?? 1;
        const start = cpuNow();
        for (let n = 0; n < size; n++) parse(text);
        spent[i] = (spent[i] ?? 0) + cpuNow() - start;
        calls[i] = (calls[i] ?? 0) + size;
      }
    }
    parsers.forEach((_, i) =>
      perRound[i]?.push(((calls[i] ?? 0) * 1000) / Math.max(spent[i] ?? 0, 1e-3)),
    );
  }
  return perRound;
}

/** @param {number} values */
const geomean = (/** @type {number[]} */ values) =>
  Math.exp(values.reduce((sum, v) => sum + Math.log(v), 0) / values.length);

/**
 * Times both parsers on every document, interleaved, and prints one table.
 * @param {import('./measure.js').Timing} timing
 */
export async function runParseSet(timing) {
  verifySame();
  const { allocations, times } = childMeasurements(fileURLToPath(import.meta.url), timing);
  const rows = parseDocuments.map(([name]) => ({
    name,
    js: /** @type {number[]} */ (times[name].js),
    sluice: /** @type {number[]} */ (times[name].sluice),
    bytes: allocations[name],
  }));
  const speedups = rows.map((r) => median(r.sluice) / median(r.js));
  const byteRatios = rows.map((r) => r.bytes.sluice / r.bytes.graphql);
  const header = [
    'document',
    'graphql-js ops/s',
    '±%',
    'Sluice ops/s',
    '±%',
    'speed',
    'graphql-js B/op',
    'Sluice B/op',
    'bytes',
  ];
  const body = rows.map((r, i) => [
    r.name,
    Math.round(median(r.js)).toLocaleString('en-US'),
    spreadPercent(r.js).toFixed(1),
    Math.round(median(r.sluice)).toLocaleString('en-US'),
    spreadPercent(r.sluice).toFixed(1),
    `${speedups[i]?.toFixed(2)}x`,
    Math.round(r.bytes.graphql).toLocaleString('en-US'),
    Math.round(r.bytes.sluice).toLocaleString('en-US'),
    `${((byteRatios[i] ?? 0) * 100).toFixed(0)}%`,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((c) => (c[i] ?? '').length)));
  const line = (/** @type {string[]} */ cells) =>
    cells
      .map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0)))
      .join('  ');
  console.log(
    [
      'parse alone — Sluice `parse` vs graphql-js `parse` (same AST, locations on)',
      line(header),
      ...body.map(line),
      `geomean: ${geomean(speedups).toFixed(2)}x graphql-js's speed, ${(geomean(byteRatios) * 100).toFixed(0)}% of its bytes allocated (target: >= 2.5x, fewer bytes)`,
    ].join('\n'),
  );
  return { rows, speedup: geomean(speedups), bytes: geomean(byteRatios) };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      allocations: { type: 'boolean', default: false },
      times: { type: 'boolean', default: false },
      rounds: { type: 'string', default: '7' },
      slice: { type: 'string', default: '60' },
      warmup: { type: 'string', default: '150' },
    },
  });
  const timing = {
    rounds: Number(values.rounds),
    sliceMs: Number(values.slice),
    warmupMs: Number(values.warmup),
  };
  if (values.allocations) process.stdout.write(JSON.stringify(measureAllocations(timing.rounds)));
  else if (values.times) process.stdout.write(JSON.stringify(measureTimes(timing)));
  else await runParseSet(timing);
}
