// Printing: statements per event at each subscriber count, then each contender's measured
// figures (median of the rounds, with their spread) and Sluice against the typical stack.

const fixed = (value, digits) => (Number.isFinite(value) ? value.toFixed(digits) : '-');
const pad = (text, width) => String(text).padStart(width);

/** `{ median, min, max }` of the rounds' values. */
export function spread(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return { median: sorted[Math.floor(sorted.length / 2)], min: sorted[0], max: sorted.at(-1) };
}

const withSpread = (s, digits = 0) =>
  `${fixed(s.median, digits)} (${fixed(s.min, digits)}–${fixed(s.max, digits)})`;

/**
 * `counts`: Map contender → Map subscribers → phase result or `{ failure }`; `failures`: why a
 * contender did not run at all.
 */
export function printStatements(counts, failures, log) {
  log('\n== statements sent to PostgreSQL per event (counted by a wire-protocol proxy)');
  for (const [name, bySubscribers] of counts) {
    if (bySubscribers.size === 0) {
      log(`${name.padEnd(9)} not measured (${failures.get(name) ?? 'not run'})`);
      continue;
    }
    const cells = [...bySubscribers].map(([n, r]) =>
      r.failure
        ? `${n} subscribers: FAILED (${r.failure})`
        : `${n} subscribers: ${fixed(r.statements / r.events, 2)} (${r.statements} for ${r.events} events, ${r.delivered}/${r.expected} delivered${r.heartbeats ? `; ${r.heartbeats} heartbeat NOTIFY not counted` : ''})`,
    );
    log(`${name.padEnd(9)} ${cells.join('; ')}`);
    const [, last] = [...bySubscribers].at(-1);
    for (const [text, n] of (last.statementTexts ?? []).slice(0, 3)) log(`          ${n}× ${text}`);
  }
}

/** Summarises a contender's measured rounds (phase results). */
export function summarise(rounds) {
  const median = [...rounds].sort((a, b) => a.serverCpuMs - b.serverCpuMs)[
    Math.floor(rounds.length / 2)
  ];
  return {
    rounds: rounds.length,
    complete: rounds.every((r) => r.delivered >= r.expected),
    delivered: rounds.map((r) => `${r.delivered}/${r.expected}`),
    perServerCpuSecond: spread(rounds.map((r) => r.delivered / (r.serverCpuMs / 1000))),
    perPgCpuSecond: spread(rounds.map((r) => r.delivered / (r.pgCpuMs / 1000))),
    serverCpuUsPerDelivery: spread(rounds.map((r) => (r.serverCpuMs * 1000) / r.delivered)),
    serverSystemCpuUsPerDelivery: spread(
      rounds.map((r) => (r.serverSystemCpuMs * 1000) / r.delivered),
    ),
    clientsCpuUsPerDelivery: spread(rounds.map((r) => (r.clientsCpuMs * 1000) / r.delivered)),
    p50Ms: spread(rounds.map((r) => r.latency.p50Ms)),
    p99Ms: spread(rounds.map((r) => r.latency.p99Ms)),
    heapPerSubscriber: spread(rounds.map((r) => r.heapPerSubscriberBytes)),
    rssPerSubscriber: spread(rounds.map((r) => r.rssPerSubscriberBytes)),
    commitMsP50: median.commitMsP50,
    rssMiB: median.rssMiB,
    errors: rounds.reduce((sum, r) => sum + r.errors, 0),
    firstError: rounds.find((r) => r.firstError)?.firstError,
  };
}

/** `results`: Map contender → summary or `{ failure }`. Returns the number of targets missed. */
export function printResults(results, opts, counts, log) {
  log(
    `\n== ${opts.subscribers} subscribers, ${opts.rate} events/s for ${opts.seconds} s, median (min–max) of the rounds`,
  );
  const rows = [
    ['events delivered per server CPU-second', 'perServerCpuSecond', 0],
    ['events delivered per PostgreSQL CPU-second', 'perPgCpuSecond', 0],
    ['latency p50, ms (commit → client)', 'p50Ms', 1],
    ['latency p99, ms', 'p99Ms', 1],
    ['heap per subscriber, bytes', 'heapPerSubscriber', 0],
    ['RSS per subscriber, bytes', 'rssPerSubscriber', 0],
    ['server CPU per delivery, µs', 'serverCpuUsPerDelivery', 1],
    ['  of which in the kernel (system time), µs', 'serverSystemCpuUsPerDelivery', 1],
    ['client fleet CPU per delivery, µs', 'clientsCpuUsPerDelivery', 1],
  ];
  const measured = [...results].filter(([, s]) => !s.failure);
  log(''.padEnd(44) + measured.map(([name]) => pad(name, 30)).join(''));
  for (const [label, key, digits] of rows) {
    log(label.padEnd(44) + measured.map(([, s]) => pad(withSpread(s[key], digits), 30)).join(''));
  }
  for (const [name, s] of results) {
    if (s.failure) {
      log(`${name}: FAILED: ${s.failure}`);
      continue;
    }
    log(
      `${name}: delivered per round ${s.delivered.join(', ')}${s.complete ? '' : ' (INCOMPLETE: drain time ran out)'}; ` +
        `driver statement p50 ${fixed(s.commitMsP50, 2)} ms; server RSS ${fixed(s.rssMiB, 0)} MiB` +
        (s.errors ? `; ${s.errors} errors (${s.firstError})` : ''),
    );
  }

  log('\n== targets');
  let missed = 0;
  const sluice = results.get('sluice');
  const typical = results.get('typical');
  if (sluice?.perServerCpuSecond && typical?.perServerCpuSecond) {
    const ratio = sluice.perServerCpuSecond.median / typical.perServerCpuSecond.median;
    const met = ratio >= 5 && sluice.complete;
    if (!met) missed++;
    log(
      `events delivered per server CPU-second, sluice ÷ typical ≥ 5×: ${ratio.toFixed(2)}× ${met ? 'met' : 'MISSED'}` +
        ` (per PG CPU-second: ${(sluice.perPgCpuSecond.median / typical.perPgCpuSecond.median).toFixed(2)}×)`,
    );
  } else {
    missed++;
    log(
      `events delivered per server CPU-second, sluice ÷ typical ≥ 5×: not measured (${sluice?.failure ?? typical?.failure ?? 'contender not run'})`,
    );
  }
  const sluiceCounts = counts.get('sluice');
  const perEvent = [...(sluiceCounts ?? [])]
    .filter(([, r]) => !r.failure)
    .map(([n, r]) => [n, r.statements / r.events]);
  if (perEvent.length >= 2) {
    const [low, high] = [perEvent[0], perEvent.at(-1)];
    const met = high[1] <= low[1];
    if (!met) missed++;
    log(
      `sluice statements per event independent of subscribers: ${fixed(low[1], 2)} at ${low[0]}, ` +
        `${fixed(high[1], 2)} at ${high[0]} ${met ? 'met' : 'MISSED'}`,
    );
  } else {
    missed++;
    log('sluice statements per event independent of subscribers: not measured');
  }
  return missed;
}
