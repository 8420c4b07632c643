// Printing: per size and query, each contender's figures (median of the rounds, with their
// spread), the ratio of each figure against every other contender, then the targets.

/**
 * Sluice's targets. `metric` is a row's figure; `min` is met when Sluice's figure is at least
 * that many times the other's (req/s), `max` when it is at most that many times (CPU).
 */
const TARGETS = [
  { query: 'Q1', metric: 'rps', against: 'mercurius', min: 1.3 },
  { query: 'Q1', metric: 'rps', against: 'hand-written', min: 0.95 },
  { query: 'Q3', metric: 'rps', against: 'mercurius', min: 3 },
  { query: 'Q3', metric: 'rps', against: 'hand-written', min: 1.2 },
  { query: 'Q1', metric: 'pgCpuUsPerRequest', against: 'mercurius', max: 1 },
  { query: 'Q2', metric: 'pgCpuUsPerRequest', against: 'mercurius', max: 1 },
  { query: 'Q3', metric: 'pgCpuUsPerRequest', against: 'mercurius', max: 1 },
  { query: 'Q1', metric: 'nodeCpuUsPerRequest', against: 'hand-written', max: 1.3 },
];

/** The figures compared, in the order of the ratio cells: higher is better only for req/s. */
const METRICS = [
  { key: 'rps', label: 'req/s' },
  { key: 'nodeCpuUsPerRequest', label: 'node µs/req' },
  { key: 'pgCpuUsPerRequest', label: 'pg µs/req' },
  { key: 'bytesPerResponse', label: 'bytes' },
];

const fixed = (value, digits) => (Number.isFinite(value) ? value.toFixed(digits) : '-');
const pad = (text, width) => String(text).padStart(width);

/** A row's median of `metric` (bytes are one figure, not a spread). */
export function figure(row, metric) {
  const value = row[metric];
  return typeof value === 'number' ? value : value?.median;
}

/** `median (min–max)` of a spread. */
const withSpread = (s) => `${fixed(s.median, 0)} (${fixed(s.min, 0)}–${fixed(s.max, 0)})`;

/** Prints one size's tables; `rows` are `{ query, contender, load?, failure?, rps?, ... }`. */
export function printSizeTable(size, description, rows, log) {
  log(`\n== ${size}: ${description}`);
  for (const query of [...new Set(rows.map((r) => r.query))]) {
    const ofQuery = rows.filter((r) => r.query === query);
    log(`\n${query}   median (min–max) of the rounds`);
    log(
      'contender     ' +
        ['req/s', 'node µs/req', 'pg µs/req', 'bytes', 'p50 ms', 'p99 ms', 'RSS MiB', 'peak MiB']
          .map((h, i) => pad(h, [22, 20, 22, 8, 8, 8, 8, 9][i]))
          .join(''),
    );
    for (const row of ofQuery) {
      const name = row.contender.padEnd(14);
      if (!row.load) {
        log(`${name}FAILED: ${row.failure}`);
        continue;
      }
      const l = row.load;
      log(
        name +
          pad(withSpread(row.rps), 22) +
          pad(withSpread(row.nodeCpuUsPerRequest), 20) +
          pad(withSpread(row.pgCpuUsPerRequest), 22) +
          pad(fixed(row.bytesPerResponse, 0), 8) +
          pad(fixed(l.p50Ms, 1), 8) +
          pad(fixed(l.p99Ms, 1), 8) +
          pad(fixed(row.rssMiB, 0), 8) +
          pad(fixed(row.peakMiB, 0), 9) +
          (l.errors ? `  (${l.errors} errors: ${l.errorDetail})` : ''),
      );
    }
    printRatios(
      ofQuery.filter((r) => r.load),
      log,
    );
  }
}

/** Each contender's figures divided by every other's: one cell per pair, the metrics in order. */
function printRatios(rows, log) {
  if (rows.length < 2) return;
  const width = 28;
  log(`  ratios, row ÷ column: ${METRICS.map((m) => m.label).join(' / ')}`);
  log('  ' + ''.padEnd(14) + rows.map((r) => pad(r.contender, width)).join(''));
  for (const row of rows) {
    const cells = rows.map((other) =>
      METRICS.map((m) => fixed(figure(row, m.key) / figure(other, m.key), 2)).join(' / '),
    );
    log('  ' + row.contender.padEnd(14) + cells.map((c) => pad(c, width)).join(''));
  }
}

/** Prints Sluice against each target, per size; returns the number of targets missed. */
export function printTargets(resultsBySize, log) {
  log('\n== targets (Sluice; a target counts as met only on the median of 5 or more rounds)');
  let missed = 0;
  for (const [size, rows] of resultsBySize) {
    for (const target of TARGETS) {
      const find = (contender) =>
        rows.find((r) => r.query === target.query && r.contender === contender);
      const sluice = find('sluice');
      const base = find(target.against);
      const bound = target.min !== undefined ? `≥ ${target.min}` : `≤ ${target.max}`;
      const label = `${size.padEnd(5)} ${target.query} ${METRICS.find((m) => m.key === target.metric).label} ${bound}× ${target.against}`;
      if (!sluice?.load || !base?.load) {
        log(`${label}: not measured (${sluice?.failure ?? base?.failure ?? 'contender not run'})`);
        missed++;
        continue;
      }
      const ratio = figure(sluice, target.metric) / figure(base, target.metric);
      const met = target.min !== undefined ? ratio >= target.min : ratio <= target.max;
      if (!met) missed++;
      log(`${label}: ${ratio.toFixed(2)}× ${met ? 'met' : 'MISSED'}`);
    }
  }
  return missed;
}

/** `median (min–max)` with two decimals (cores, ratios). */
const withSpread2 = (s) => `${fixed(s.median, 2)} (${fixed(s.min, 2)}–${fixed(s.max, 2)})`;

/**
 * --workers: per query, where the CPU went during the measured seconds of each `sluice-wN` (cores
 * busy: the contender's processes, its PostgreSQL backends, wrk; the machine's cores are the
 * bound), then each N against the first (row ÷ `sluice-w<first>`).
 */
export function printWorkers(rows, log) {
  const ofWorkers = rows.filter((r) => /^sluice-w\d+$/.test(r.contender));
  for (const query of [...new Set(ofWorkers.map((r) => r.query))]) {
    const measured = ofWorkers.filter((r) => r.query === query && r.load);
    if (measured.length === 0) continue;
    log(`\n${query} workers: cores busy while measured, median (min–max) of the rounds`);
    log(
      'contender     ' +
        ['node cores', 'pg cores', 'wrk cores', 'sum', 'wrk µs/req']
          .map((h, i) => pad(h, [20, 20, 20, 7, 16][i]))
          .join(''),
    );
    for (const row of measured) {
      const sum = row.nodeCores.median + row.pgCores.median + row.loadCores.median;
      log(
        row.contender.padEnd(14) +
          pad(withSpread2(row.nodeCores), 20) +
          pad(withSpread2(row.pgCores), 20) +
          pad(withSpread2(row.loadCores), 20) +
          pad(fixed(sum, 2), 7) +
          pad(withSpread(row.loadCpuUsPerRequest), 16),
      );
    }
    const base = measured[0];
    for (const row of measured.slice(1)) {
      const ratio = (key) => fixed(figure(row, key) / figure(base, key), 2);
      log(
        `  ${row.contender} ÷ ${base.contender}: req/s ${ratio('rps')}×, node µs/req ${ratio('nodeCpuUsPerRequest')}×, ` +
          `pg µs/req ${ratio('pgCpuUsPerRequest')}×`,
      );
    }
  }
}
