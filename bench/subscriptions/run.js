// Realtime benchmark: N WebSocket subscribers on one server process, a driver committing changes
// to `posts` at a fixed rate, the typical Node stack against Sluice's database change events, in
// one run: statements per event (at each --count-at), then interleaved measured rounds (events
// delivered per CPU-second of the server and of PostgreSQL, latency from commit to the client,
// memory per subscriber). Loopback only, bounded in time; every child is killed at the end, even
// on failure. See README.md beside this file.
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { runBenchmark, stopAfter, writeResults } from '../pg/runBenchmark.js';
import { CONTENDERS, DOCUMENTS } from './contenders.js';
import { createDatabase, dropDatabase } from './database.js';
import { options } from './options.js';
import { runPhase } from './phase.js';
import { printResults, printStatements, summarise } from './report.js';

const log = (line) => process.stdout.write(`${line}\n`);
const firstLine = (error) => String(error?.message ?? error).split('\n')[0];
/** Events of a statement-counting phase. */
const COUNTED_EVENTS = 4;

/** The soft limit of open files this process (and so each child) gets. */
function openFileLimit() {
  const line = readFileSync('/proc/self/limits', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('Max open files'));
  return Number(line?.split(/\s+/)[3]);
}

/**
 * An event's payload with every value replaced by its type: the contenders' answers must have
 * the same fields in the same order (ids, titles and times differ from phase to phase).
 */
function shape(text) {
  const typed = (value) =>
    value && typeof value === 'object'
      ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, typed(v)]))
      : typeof value;
  return JSON.stringify(typed(JSON.parse(text).payload));
}

async function main() {
  const opts = options();
  const limit = openFileLimit();
  // Each socket is one descriptor in the server; its pool, listener and modules need a few more.
  if (opts.subscribers + 500 > limit) {
    throw new Error(
      `--subscribers ${opts.subscribers} needs more open files than the limit (${limit}): raise it (ulimit -n) or lower --subscribers`,
    );
  }
  stopAfter(opts.maxMinutes, log);
  const contenders = CONTENDERS.filter((c) => opts.contenders.includes(c.name));
  log(
    `Subscriptions benchmark: ${opts.subscribers} subscribers (two subscriptions each, one WebSocket), ` +
      `${opts.rate} events/s for ${opts.seconds} s, ${opts.rounds} rounds, pool ${opts.pool}, open files ${limit}`,
  );
  for (const c of contenders) log(`  ${c.name.padEnd(8)} ${c.description}`);
  for (const text of Object.values(DOCUMENTS)) log(`  ${text}`);

  const databaseUrl = await createDatabase(opts.server);
  const admin = new pg.Client({ connectionString: opts.server });
  await admin.connect();
  const failures = new Map();
  const counts = new Map(contenders.map((c) => [c.name, new Map()]));
  const rounds = new Map(contenders.map((c) => [c.name, []]));
  let referenceShape;
  try {
    for (const c of contenders) {
      try {
        await c.prepare?.({ databaseUrl });
      } catch (error) {
        failures.set(c.name, firstLine(error));
        log(`  ${c.name}: ${firstLine(error)}`);
      }
    }
    const phase = async (c, subscribers, events, countStatements) => {
      const result = await runPhase({
        contender: c,
        databaseUrl,
        admin,
        opts,
        subscribers,
        events,
        countStatements,
      });
      const shapes = Object.keys(DOCUMENTS).map(
        (id) => result.first[id] && shape(result.first[id]),
      );
      const joined = shapes.join(' ');
      if (referenceShape === undefined) {
        referenceShape = joined;
        for (const id of Object.keys(DOCUMENTS))
          log(`  first event (${c.name}): ${result.first[id]}`);
      } else if (joined !== referenceShape) {
        throw new Error(`different answer: ${Object.values(result.first).join(' ')}`);
      }
      return result;
    };

    for (const n of opts.countAt) {
      for (const c of contenders) {
        if (failures.has(c.name)) continue;
        try {
          const r = await phase(c, n, COUNTED_EVENTS, true);
          counts.get(c.name).set(n, r);
          log(`  counted ${c.name} at ${n}: ${r.statements} statements for ${r.events} events`);
        } catch (error) {
          counts.get(c.name).set(n, { failure: firstLine(error) });
          log(`  counted ${c.name} at ${n}: FAILED ${firstLine(error)}`);
        }
      }
    }

    const events = opts.rate * opts.seconds;
    const eligible = contenders.filter((c) => !failures.has(c.name));
    for (let round = 0; round < opts.rounds; round++) {
      const shift = round % Math.max(1, eligible.length);
      for (const c of [...eligible.slice(shift), ...eligible.slice(0, shift)]) {
        if (failures.has(c.name)) continue;
        try {
          const r = await phase(c, opts.subscribers, events, false);
          rounds.get(c.name).push(r);
          log(
            `  round ${round + 1} ${c.name}: ${r.delivered}/${r.expected} delivered, ` +
              `${(r.delivered / (r.serverCpuMs / 1000)).toFixed(0)} per server CPU-s, ` +
              `p50 ${r.latency.p50Ms.toFixed(1)} ms, p99 ${r.latency.p99Ms.toFixed(1)} ms`,
          );
        } catch (error) {
          failures.set(c.name, `round ${round + 1}: ${firstLine(error)}`);
          log(`  round ${round + 1} ${c.name}: FAILED ${firstLine(error)}`);
        }
      }
    }
  } finally {
    await admin.end();
  }

  printStatements(counts, failures, log);
  const results = new Map(
    contenders.map((c) => [
      c.name,
      failures.has(c.name) || rounds.get(c.name).length === 0
        ? { failure: failures.get(c.name) ?? 'not run' }
        : summarise(rounds.get(c.name)),
    ]),
  );
  const missed = printResults(results, opts, counts, log);
  if (opts.json) writeResults(opts.json, opts, results, log);
  if (opts.drop) await dropDatabase(opts.server);
  log(missed ? `\n${missed} target(s) not met or not measured.` : '');
}

runBenchmark(main);
