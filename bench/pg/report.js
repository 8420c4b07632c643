// Printing: one table per size with req/s, latency, memory, CPU per request and the ratios the
// targets are stated in, then the targets themselves.

const TARGETS = [
  { query: 'Q1', against: 'hand-written', min: 0.95 },
  { query: 'Q3', against: 'hand-written', min: 0.9 },
  { query: 'Q3', against: 'best peer', min: 2 },
];

const fixed = (value, digits) => (Number.isFinite(value) ? value.toFixed(digits) : '-');
const pad = (text, width) => String(text).padStart(width);

/** The req/s of the best named peer for `query`, or undefined if no peer ran. */
export function bestPeer(rows, query) {
  const peers = rows.filter((r) => r.query === query && r.peer && r.load);
  return peers.sort((a, b) => b.load.rps - a.load.rps)[0];
}

/** Prints one size's table; `rows` are `{ query, contender, peer, load?, failure?, ... }`. */
export function printSizeTable(size, description, rows, log) {
  log(`\n== ${size}: ${description}`);
  log(
    'query contender      ' +
      [
        'req/s',
        'p50 ms',
        'p99 ms',
        'RSS MiB',
        'peak MiB',
        'node ms/req',
        'pg ms/req',
        '× hand',
        '× best peer',
      ]
        .map((h, i) => pad(h, [8, 8, 8, 8, 9, 12, 10, 7, 12][i]))
        .join('') +
      '  [req/s of each round]',
  );
  for (const row of rows) {
    const name = `${row.query.padEnd(6)}${row.contender.padEnd(15)}`;
    if (!row.load) {
      log(`${name}FAILED: ${row.failure}`);
      continue;
    }
    const hand = rows.find((r) => r.query === row.query && r.contender === 'hand-written')?.load;
    const best = bestPeer(rows, row.query)?.load;
    const l = row.load;
    log(
      name +
        pad(fixed(l.rps, 0), 8) +
        pad(fixed(l.p50Ms, 1), 8) +
        pad(fixed(l.p99Ms, 1), 8) +
        pad(fixed(row.rssMiB, 0), 8) +
        pad(fixed(row.peakMiB, 0), 9) +
        pad(fixed(row.nodeCpuMsPerRequest, 3), 12) +
        pad(fixed(row.pgCpuMsPerRequest, 3), 10) +
        pad(hand ? fixed(l.rps / hand.rps, 2) : '-', 7) +
        pad(best ? fixed(l.rps / best.rps, 2) : '-', 12) +
        `  [${row.rounds.join(' ')}]` +
        (l.errors ? `  (${l.errors} errors: ${l.errorDetail})` : ''),
    );
  }
}

/** Prints Sluice against each target, per size; returns the number of targets missed. */
export function printTargets(resultsBySize, log) {
  log('\n== targets (Sluice)');
  let missed = 0;
  for (const [size, rows] of resultsBySize) {
    for (const target of TARGETS) {
      const sluice = rows.find((r) => r.query === target.query && r.contender === 'sluice');
      const base =
        target.against === 'best peer'
          ? bestPeer(rows, target.query)
          : rows.find((r) => r.query === target.query && r.contender === target.against);
      const label = `${size.padEnd(5)} ${target.query} ≥ ${target.min}× ${target.against}`;
      if (!sluice?.load || !base?.load) {
        log(`${label}: not measured (${sluice?.failure ?? base?.failure ?? 'contender not run'})`);
        missed++;
        continue;
      }
      const ratio = sluice.load.rps / base.load.rps;
      const met = ratio >= target.min;
      if (!met) missed++;
      log(
        `${label}: ${ratio.toFixed(2)}× ${met ? 'met' : 'MISSED'}${base.contender ? ` (vs ${base.contender})` : ''}`,
      );
    }
  }
  return missed;
}
