// Prints the results: one table per scenario with ratios against Mercurius and bare node:http, the
// req/s of every round when there were several, and the target.

const fixed = (n, digits) => (Number.isFinite(n) ? n.toFixed(digits) : '-');
const ratio = (a, b) => (a && b ? `${(a / b).toFixed(2)}x` : '-');

const COLUMNS = [
  'contender',
  'req/s',
  'p50 ms',
  'p99 ms',
  'RSS MiB',
  'server CPU',
  'gen CPU',
  'req/CPU-s',
  'vs mercurius',
  'vs node:http',
];

function printTable(rows) {
  const widths = COLUMNS.map((c, i) =>
    Math.max(c.length, ...rows.map((r) => String(r[i] ?? '').length)),
  );
  const format = (cells) =>
    cells
      .map((c, i) => (i === 0 ? String(c).padEnd(widths[i]) : String(c).padStart(widths[i])))
      .join('  ');
  console.log(format(COLUMNS));
  for (const row of rows) console.log(format(row));
}

/**
 * `runs`: one per contender, `{ name, result?, error? }`. CPU columns are percent of one core over
 * the measured window (the machine has 2 cores: server + generator cannot exceed 200%).
 * `req/CPU-s` (requests per second of server CPU) is the figure least skewed when other work
 * shares the machine: a starved server loses req/s but not req/CPU-s.
 */
export function printScenario(scenario, bytes, runs) {
  console.log(`\n## ${scenario.name}: ${scenario.description} (response ${bytes} bytes)`);
  const rpsOf = (name) => runs.find((r) => r.name === name)?.result?.rps;
  const measured = runs.filter((r) => r.result);
  printTable(
    measured.map(({ name, result }) => [
      name,
      fixed(result.rps, 0),
      fixed(result.p50Ms, 2),
      fixed(result.p99Ms, 2),
      fixed(result.rssMiB, 1),
      `${fixed(result.serverCpuPct, 0)}%`,
      `${fixed(result.generatorCpuPct, 0)}%`,
      fixed(result.requestsPerCpuSecond, 0),
      ratio(result.rps, rpsOf('mercurius')),
      ratio(result.rps, rpsOf('bare')),
    ]),
  );
  for (const { name, error } of runs.filter((r) => !r.result)) {
    console.log(`${name}: NOT MEASURED: ${error}`);
  }
}

/** Req/s of each round, so the spread between rounds is visible. */
export function printRounds(runs) {
  for (const { name, slices } of runs) {
    if (slices)
      console.log(`  ${name} by round: ${slices.map((s) => s.rps.toFixed(0)).join(', ')}`);
  }
}

/** The target: Sluice >= 1.2x Mercurius req/s, per scenario. */
export function printTarget(summaries) {
  console.log('\n## target: sluice >= 1.2x mercurius req/s');
  for (const { scenario, runs } of summaries) {
    const rps = (name) => runs.find((r) => r.name === name)?.result?.rps;
    const sluice = rps('sluice');
    const mercurius = rps('mercurius');
    if (!sluice || !mercurius) {
      console.log(`${scenario.name}: not measured (sluice or mercurius missing)`);
      continue;
    }
    const r = sluice / mercurius;
    console.log(`${scenario.name}: ${r.toFixed(2)}x -> ${r >= 1.2 ? 'met' : 'NOT met'}`);
  }
}
