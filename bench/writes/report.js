// Printing: one table per cell (workload × batch × concurrency) with every figure and the ratio
// of each contender's req/s to every other's, then the targets Sluice is held to.

/** The targets, all at concurrency 32 (a contender's median req/s over the other's). */
export const TARGETS = [
  { workload: 'create', batch: 50, against: 'hand-written', min: 0.9 },
  { workload: 'create', batch: 50, against: 'per-row', min: 5 },
  { workload: 'upsert', batch: 50, against: 'hand-written', min: 0.9 },
  { workload: 'upsert', batch: 50, against: 'per-row', min: 3 },
  { workload: 'create', batch: 1, against: 'per-row', min: 1 },
  { workload: 'upsert', batch: 1, against: 'per-row', min: 1 },
  { workload: 'read', batch: 50, against: 'hand-written', min: 0.95 },
];
export const TARGET_CONCURRENCY = 32;

const fixed = (value, digits) => (Number.isFinite(value) ? value.toFixed(digits) : '-');
const pad = (text, width) => String(text).padStart(width);

const COLUMNS = [
  ['req/s', 8],
  ['±%', 5],
  ['rows/s', 9],
  ['p50 ms', 8],
  ['p95 ms', 8],
  ['p99 ms', 8],
  ['errors', 7],
  ['stmt/req', 9],
  ['node ms/req', 12],
  ['pg ms/req', 10],
  ['bytes/resp', 11],
];

/** Prints the table of one cell; `rows` are `{ contender, short, result?, failure? }`. */
export function printCell({ workload, batch, concurrency, rows, log }) {
  log(`\n== ${workload} batch ${batch} concurrency ${concurrency}`);
  const measured = rows.filter((r) => r.result);
  const ratioHeads = measured.map((r) => pad(`×${r.short}`, 9)).join('');
  log(
    'contender     ' +
      COLUMNS.map(([h, w]) => pad(h, w)).join('') +
      ratioHeads +
      '  [req/s of each round]',
  );
  for (const row of rows) {
    const name = row.contender.padEnd(14);
    if (!row.result) {
      log(`${name}${row.failure === 'n/a' ? 'n/a' : `FAILED: ${row.failure}`}`);
      continue;
    }
    const r = row.result;
    const cells = [
      fixed(r.rps, 0),
      fixed(r.spreadPct, 0),
      fixed(r.rowsPerSecond, 0),
      fixed(r.p50Ms, 1),
      fixed(r.p95Ms, 1),
      fixed(r.p99Ms, 1),
      String(r.errors),
      fixed(r.statements, 1),
      fixed(r.nodeCpuMsPerRequest, 2),
      fixed(r.pgCpuMsPerRequest, 2),
      fixed(r.bytes, 0),
    ];
    const ratios = measured.map((other) => pad(fixed(r.rps / other.result.rps, 2), 9)).join('');
    log(
      name +
        cells.map((c, i) => pad(c, COLUMNS[i][1])).join('') +
        ratios +
        `  [${r.rounds.join(' ')}]` +
        (r.errors ? `  (${r.errorDetail})` : ''),
    );
  }
}

/** Prints Sluice against each target whose cell ran; returns the number missed or unmeasured. */
export function printTargets(results, log) {
  log(`\n== targets (Sluice, concurrency ${TARGET_CONCURRENCY})`);
  let missed = 0;
  let shown = 0;
  for (const target of TARGETS) {
    const cell = results.get(`${target.workload}/${target.batch}/${TARGET_CONCURRENCY}`);
    if (!cell) continue;
    shown++;
    const sluice = cell.find((r) => r.contender === 'sluice');
    const base = cell.find((r) => r.contender === target.against);
    const label = `${target.workload} batch ${target.batch} ≥ ${target.min}× ${target.against}`;
    if (!sluice?.result || !base?.result) {
      missed++;
      log(`${label}: not measured (${sluice?.failure ?? base?.failure ?? 'contender not run'})`);
      continue;
    }
    const ratio = sluice.result.rps / base.result.rps;
    if (ratio < target.min) missed++;
    log(`${label}: ${ratio.toFixed(2)}× ${ratio >= target.min ? 'met' : 'MISSED'}`);
  }
  if (shown === 0) log('(no target cell was run)');
  return missed;
}
