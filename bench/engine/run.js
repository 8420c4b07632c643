// Engine benchmark: Sluice against graphql-js 16 and graphql-jit, and a hand-written function
// writing the same JSON (the practical limit), on four scenarios, cached and cold, in one run.
// See bench/README.md. Uses the BUILT package: `npm run build` at the root first.
//
//   node bench/engine/run.js [--scenario a,c] [--path cached|cold] [--only sluice,jit]
//                            [--rounds 7] [--slice 60] [--warmup 150] [--quick] [--cpu-prof]
//                            [--parse only|skip] [--validate only] [--set-slice 300]
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { profileWhile } from './profile.js';
import { formatTable, formatTargets, referenceOf } from './report.js';
import { verify } from './verify.js';
import { measureInterleaved, median, spreadPercent } from './measure.js';
import { timingFlags } from './slices.js';

// The scenarios are timed with the parse and validate sets' flags (engine/slices.js), in this
// process: run again with them when started without. With V8's concurrent collector, the forced
// collection before a turn (measure.js) left its sweeping to helper threads, whose CPU time
// counted in the turn after it: 1,000 objects x 10 fields, cold, measured graphql-js at 34-43
// and Sluice's `executeJSON` at 96-116 operations a second here, against 100 and 390 each alone.
const missingFlags = timingFlags.filter((flag) => !process.execArgv.includes(flag));
if (missingFlags.length > 0) {
  const script = fileURLToPath(import.meta.url);
  const child = spawnSync(
    process.execPath,
    [...process.execArgv, ...missingFlags, script, ...process.argv.slice(2)],
    { stdio: 'inherit' },
  );
  process.exit(child.status ?? 1);
}

const repo = fileURLToPath(new URL('../..', import.meta.url));
const resultsDir = join(repo, 'bench/results');

const usage = `usage: node bench/engine/run.js [options]      (npm run bench:engine -- [options])
  --scenario a,b,c,d   scenarios to run (default all)
  --path cached|cold   one path only (default both)
  --only a,b           contenders whose name contains one of these (case-insensitive); the
                       references (graphql-js, graphql-jit, hand-written) are kept for the ratios
  --rounds N           measured rounds, contenders alternating in rotated order (default 7)
  --slice MS           CPU time of one contender's sample in a round (default 60)
  --warmup MS          warm-up per contender before the rounds (default 150)
  --quick              --rounds 3 --slice 40 --warmup 60 (a smoke run, figures are rough)
  --cpu-prof           write a V8 CPU profile of each measured path to bench/results/profiles
                       (use with --only and --scenario to profile one contender)
  --parse only|skip    the parse-alone set (engine/parse.js) only, or not at all (default: after
                       the scenarios)
  --validate only      the validate-alone set (engine/validate.js: the scenarios' documents and
                       400 distinct realistic ones, graphql-js's validate against Sluice's) only
  --set-slice MS       CPU time of one parser's or validator's slice in a round of the parse and
                       validate sets (default 300, --quick 100; they warm up for as long as a
                       slice, and take --rounds, at least 5, rounded up to a multiple of their 3
                       timing processes: 9 by default)`;

const { values } = parseArgs({
  options: {
    scenario: { type: 'string' },
    path: { type: 'string' },
    only: { type: 'string' },
    rounds: { type: 'string' },
    slice: { type: 'string' },
    warmup: { type: 'string' },
    quick: { type: 'boolean', default: false },
    'cpu-prof': { type: 'boolean', default: false },
    parse: { type: 'string' },
    validate: { type: 'string' },
    'set-slice': { type: 'string' },
    help: { type: 'boolean', short: 'h', default: false },
  },
});
if (values.help) {
  console.log(usage);
  process.exit(0);
}
const number = (/** @type {string | undefined} */ text, /** @type {number} */ fallback) => {
  const n = text === undefined ? fallback : Number(text);
  if (!Number.isFinite(n) || n <= 0)
    throw new Error(`bench: expected a positive number, got ${text}\n${usage}`);
  return n;
};
const rounds = Math.round(number(values.rounds, values.quick ? 3 : 7));
const sliceMs = number(values.slice, values.quick ? 40 : 60);
const warmupMs = number(values.warmup, values.quick ? 60 : 150);
/** @type {Array<'cached' | 'cold'>} */
const paths =
  values.path === undefined
    ? ['cached', 'cold']
    : values.path === 'cached' || values.path === 'cold'
      ? [values.path]
      : [];
if (paths.length === 0) throw new Error(`bench: --path must be cached or cold\n${usage}`);

if (values.parse !== undefined && values.parse !== 'only' && values.parse !== 'skip') {
  throw new Error(`bench: --parse must be only or skip\n${usage}`);
}
if (values.validate !== undefined && values.validate !== 'only') {
  throw new Error(`bench: --validate must be only\n${usage}`);
}
// The parse and validate sets time long slices (engine/slices.js), not the scenarios' turns.
const setSliceMs = number(values['set-slice'], values.quick ? 100 : 300);
const setTiming = {
  rounds: Math.max(5, rounds),
  sliceMs: setSliceMs,
  warmupMs: setSliceMs,
};
if (values.validate === 'only') {
  const { runValidateSet } = await import('./validate.js');
  await runValidateSet(setTiming);
  process.exit(0);
}
if (values.parse === 'only') {
  const { runParseSet } = await import('./parse.js');
  await runParseSet(setTiming);
  process.exit(0);
}

// Loading the contenders loads the built package: say what to do when it is missing.
/** @type {typeof import('./contenders.js')} */
let contendersModule;
try {
  contendersModule = await import('./contenders.js');
} catch (error) {
  console.error(`bench: cannot load sluice or a peer (${/** @type {Error} */ (error).message}).
Build the package and install the bench first:  npm run build && (cd bench && npm install)`);
  process.exit(1);
}
const { scenarios } = await import('./scenarios/index.js');

const wanted = values.scenario?.split(',').map((s) => s.trim());
const selected = scenarios.filter((s) => wanted === undefined || wanted.includes(s.key));
if (selected.length === 0) throw new Error(`bench: no scenario among ${values.scenario}\n${usage}`);
/** @param {import('./contenders.js').Contender} c */
const kept = (c) => contendersModule.keptContender(c, values.only);

printEnvironment();

// 1. Every contender's output must equal the hand-written JSON, on every path, before any timing.
const plans = selected.map((scenario) => ({
  scenario,
  contenders: contendersModule.contendersFor(scenario).filter(kept),
}));
const mismatches = (
  await Promise.all(plans.map(({ scenario, contenders }) => verify(scenario, contenders, paths)))
).flat();
if (mismatches.length > 0) {
  console.error(`\nOUTPUT MISMATCH — nothing was timed:\n${mismatches.join('\n')}`);
  process.exit(1);
}
console.log(
  `Outputs verified: every contender writes the hand-written JSON byte for byte (${paths.join(' and ')}).\n`,
);

// 2. Bytes allocated per operation, in a child process (see allocations.js), then time.
const started = performance.now();
const allocations = measureAllocations();
/** @type {import('./report.js').TargetCheck[]} */
const targets = [];
/** @type {unknown[]} */
const results = [];
for (const { scenario, contenders } of plans) {
  for (const path of paths) {
    const label = `${scenario.key}-${path}`;
    const rows = await profileWhile(
      values['cpu-prof'] ? join(resultsDir, 'profiles') : undefined,
      `engine-${label}`,
      () => measurePath(contenders, path),
    );
    for (const row of rows) row.bytes = allocations[scenario.key]?.[path]?.[row.name];
    const heading = `(${scenario.key}) ${scenario.title} — ${path === 'cached' ? 'cached: same document object each time' : 'cold: new document each time (parse + validate + plan/compile + run)'}`;
    console.log(`${formatTable(heading, rows)}\n`);
    results.push({ scenario: scenario.key, title: scenario.title, path, rows });
    const against = path === 'cached' ? 'jit' : 'graphql-js';
    const reference = referenceOf(rows, path === 'cached' ? 'jit' : 'graphql-js');
    for (const row of rows.filter((r) => r.role === 'sluice')) {
      targets.push({
        scenario: scenario.key,
        path,
        contender: row.name,
        against: against === 'jit' ? 'graphql-jit' : 'graphql-js',
        ratio: reference === undefined ? undefined : row.opsPerSecond / reference,
        target: path === 'cached' ? 1.1 : 3.0,
      });
    }
  }
}
// A last check that nothing drifted while being hammered (plan caches, reused buffers).
const drifted = (
  await Promise.all(plans.map(({ scenario, contenders }) => verify(scenario, contenders, paths)))
).flat();

/** @type {unknown} */
let parseSet;
if (values.parse !== 'skip') {
  const { runParseSet } = await import('./parse.js');
  console.log('');
  parseSet = await runParseSet(setTiming);
  console.log('');
}

console.log(formatTargets(targets));
console.log(
  `\nmeasured in ${((performance.now() - started) / 1000).toFixed(0)} s of wall time; per contender ${rounds} rounds of ${sliceMs} ms of CPU time, contenders taking turns of ~4 ms;\n` +
    'ops/s = median operations per CPU second of this process; ±% = median absolute deviation across rounds',
);
mkdirSync(resultsDir, { recursive: true });
const file = join(resultsDir, `engine-${new Date().toISOString().replaceAll(':', '-')}.json`);
writeFileSync(
  file,
  JSON.stringify(
    { environment: environment(), rounds, sliceMs, warmupMs, results, targets, parseSet },
    null,
    2,
  ),
);
console.log(`raw figures: ${file}`);
if (drifted.length > 0) {
  console.error(`\nOUTPUT CHANGED DURING THE RUN:\n${drifted.join('\n')}`);
  process.exit(1);
}

/** @returns {Record<string, Record<string, Record<string, number>>>} */
function measureAllocations() {
  const args = [];
  if (values.scenario !== undefined) args.push('--scenario', values.scenario);
  if (values.only !== undefined) args.push('--only', values.only);
  if (values.path !== undefined) args.push('--path', values.path);
  const out = execFileSync(
    process.execPath,
    [
      '--expose-gc',
      '--min-semi-space-size=128',
      '--max-semi-space-size=128',
      fileURLToPath(new URL('./allocations.js', import.meta.url)),
      ...args,
    ],
    { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 },
  );
  return JSON.parse(out);
}

/**
 * @param {import('./contenders.js').Contender[]} contenders
 * @param {'cached' | 'cold'} path
 * @returns {Promise<import('./report.js').Measured[]>}
 */
async function measurePath(contenders, path) {
  // A contender may run on one path only (JSON.stringify of a prepared result has no cold path).
  const present = contenders.filter((c) => c[path] !== undefined);
  const perRound = await measureInterleaved(
    present.map((c) => /** @type {import('./contenders.js').Run} */ (c[path])),
    { rounds, sliceMs, warmupMs },
  );
  return present.map((c, i) => {
    const samples = perRound[i] ?? [];
    return {
      name: c.name,
      role: c.role,
      samples,
      opsPerSecond: median(samples),
      spread: spreadPercent(samples),
    };
  });
}

function environment() {
  const require = createRequire(join(repo, 'bench/package.json'));
  const version = (/** @type {string} */ name) => {
    try {
      return /** @type {{ version: string }} */ (require(`${name}/package.json`)).version;
    } catch {
      return 'unknown';
    }
  };
  let commit = 'unknown';
  try {
    commit = execFileSync('git', ['-C', repo, 'rev-parse', '--short', 'HEAD'], {
      encoding: 'utf8',
    }).trim();
  } catch {
    // not a git checkout: leave it unknown
  }
  return {
    node: process.version,
    v8: process.versions.v8,
    cpu: os.cpus()[0]?.model ?? 'unknown',
    cores: os.availableParallelism(),
    loadAverage: os.loadavg().map((l) => Number(l.toFixed(2))),
    graphql: version('graphql'),
    graphqlJit: version('graphql-jit'),
    sluiceCommit: commit,
    gcBetweenSamples: typeof (/** @type {{ gc?: unknown }} */ (globalThis).gc) === 'function',
  };
}

function printEnvironment() {
  const env = environment();
  console.log(
    `Engine benchmark — node ${env.node} (V8 ${env.v8}), ${env.cpu}, ${env.cores} cores, load average ${env.loadAverage.join(' ')}\n` +
      `graphql ${env.graphql}, graphql-jit ${env.graphqlJit}, sluice ${env.sluiceCommit} (built dist)` +
      `${env.gcBetweenSamples ? '' : '; run with --expose-gc for steadier figures'}`,
  );
  const stale = newestMtime(join(repo, 'src')) > mtimeOf(join(repo, 'dist/engine/index.js'));
  if (stale)
    console.log(
      'WARNING: src/ changed after the last build; run `npm run build` to measure the current code.',
    );
  console.log(
    'ops/s are per CPU second of this process (not wall time); still noisy on a shared 2-core machine: compare ratios from the same run.\n',
  );
}

/** @param {string} file */
function mtimeOf(file) {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return 0;
  }
}

/** @param {string} dir @returns {number} */
function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(full));
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts'))
      newest = Math.max(newest, mtimeOf(full));
  }
  return newest;
}
