/**
 * @typedef {object} Measured
 * @property {string} name
 * @property {import('./contenders.js').Role} role
 * @property {number[]} samples   ops/s of each round
 * @property {number} opsPerSecond median of the rounds
 * @property {number} spread       median absolute deviation, % of the median
 * @property {number | undefined} [bytes]  bytes allocated per operation (allocations.js)
 */

/** @param {number} n */
const ops = (n) => (n >= 100 ? Math.round(n).toLocaleString('en-US') : n.toFixed(1));
/** @param {number} bytes */
const kilobytes = (bytes) =>
  bytes >= 100 * 1024
    ? Math.round(bytes / 1024).toLocaleString('en-US')
    : (bytes / 1024).toFixed(1);
/** @param {number | undefined} r */
const ratio = (r) => (r === undefined ? '—' : `${r.toFixed(2)}x`);

/**
 * The reference ops/s of a role: graphql-jit counts as its faster variant, so "vs jit" is never
 * flattered by picking jit's slower serializer.
 * @param {Measured[]} rows
 * @param {import('./contenders.js').Role} role
 */
export function referenceOf(rows, role) {
  const found = rows.filter((row) => row.role === role).map((row) => row.opsPerSecond);
  return found.length > 0 ? Math.max(...found) : undefined;
}

/**
 * @param {string} heading
 * @param {Measured[]} rows
 */
export function formatTable(heading, rows) {
  const js = referenceOf(rows, 'graphql-js');
  const jit = referenceOf(rows, 'jit');
  const hand = referenceOf(rows, 'limit');
  const header = [
    'contender',
    'ops/s',
    '±%',
    'KB/op',
    'vs graphql-js',
    'vs jit (best)',
    'vs hand-written',
  ];
  const body = rows.map((row) => [
    row.name,
    ops(row.opsPerSecond),
    row.spread.toFixed(1),
    row.bytes === undefined ? '—' : kilobytes(row.bytes),
    ratio(js && row.opsPerSecond / js),
    ratio(jit && row.opsPerSecond / jit),
    ratio(hand && row.opsPerSecond / hand),
  ]);
  const widths = header.map((h, i) =>
    Math.max(h.length, ...body.map((cells) => (cells[i] ?? '').length)),
  );
  const line = (/** @type {string[]} */ cells) =>
    cells
      .map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0)))
      .join('  ');
  return [heading, line(header), ...body.map(line)].join('\n');
}

/**
 * @typedef {object} TargetCheck
 * @property {string} scenario
 * @property {'cached' | 'cold'} path
 * @property {string} contender
 * @property {string} against
 * @property {number | undefined} ratio
 * @property {number} target
 */

/** @param {TargetCheck[]} checks */
export function formatTargets(checks) {
  const lines = [
    'Targets: cached Sluice >= 1.1x graphql-jit (best of its two serializers); cold Sluice >= 3.0x graphql-js',
  ];
  for (const check of checks) {
    const verdict =
      check.ratio === undefined ? 'not measured' : check.ratio >= check.target ? 'met' : 'MISSED';
    lines.push(
      `  (${check.scenario}) ${check.path.padEnd(6)} ${check.contender.padEnd(31)} ${ratio(check.ratio).padStart(6)} vs ${check.against.padEnd(10)} (target ${check.target.toFixed(1)}x)  ${verdict}`,
    );
  }
  return lines.join('\n');
}
