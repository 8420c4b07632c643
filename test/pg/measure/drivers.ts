/**
 * postgres.js against node-postgres on Sluice's workload: one prepared statement per request that
 * returns one text column of JSON (the measurement behind the choice of postgres.js, README.md,
 * "Packages and dependencies"). Runs the statements Sluice compiles for the benchmark's Q1 and Q3 with the same
 * pool size and concurrency, in interleaved rounds, and prints statements/s and the ratio. A
 * program, not a test: timings on a shared machine are noisy, so read the median over rounds.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/sluice_measure npx tsx test/pg/measure/drivers.ts
 */
import { createPgClient } from '../../../src/pg/driver/createPgClient.js';
import { createPostgresClient } from '../../../src/pg/driver/createPostgresClient.js';
import type { SqlClient } from '../../../src/pg/driver/SqlClient.js';
import { reflect } from '../../../src/pg/reflect.js';
import { operationSourceFields } from '../../../src/pg/compile/operationSourceFields.js';
import { bindValues } from '../../../src/pg/compile/Param.js';

const url = process.env['DATABASE_URL'];
if (!url) throw new Error('Set DATABASE_URL to a database loaded with bench/pg/data.js');
const ROUNDS = Number(process.env['ROUNDS'] ?? 5);
const SECONDS = Number(process.env['SECONDS_EACH'] ?? 3);
const CONCURRENCY = Number(process.env['CONCURRENCY'] ?? 8);
const POOL = Number(process.env['POOL'] ?? 4);

const QUERIES = {
  Q1: '{ users(limit: 50) { id username fullName } }',
  Q3: '{ users(limit: 20) { id username posts(limit: 10) { id title comments(limit: 5) { id content author { id username } } } } }',
};

async function statementOf(
  client: SqlClient,
  query: string,
): Promise<{ text: string; values: unknown[] }> {
  const { schema } = await reflect(client);
  const { request, source, variables } = operationSourceFields(schema, query);
  const statement = source!.statementFor(request, variables);
  return { text: statement.text, values: bindValues(statement.values, variables) };
}

/** Statements per second, and this process's CPU microseconds per statement (the driver's cost:
 * the database's share is the same for both drivers, and CPU time is less disturbed by other load
 * on the machine than wall-clock throughput). */
async function load(client: SqlClient, text: string, values: unknown[]): Promise<[number, number]> {
  const end = performance.now() + SECONDS * 1000;
  const cpu = process.cpuUsage();
  let done = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < end) {
        const rows = await client.query(text, values);
        if (typeof rows[0]?.[0] !== 'string') throw new Error('expected one text column');
        done++;
      }
    }),
  );
  const used = process.cpuUsage(cpu);
  return [done / SECONDS, (used.user + used.system) / done];
}

const drivers = {
  postgres: createPostgresClient(url, { max: POOL }),
  pg: createPgClient(url, { max: POOL }),
};
const results: Record<string, number[]> = {};
const cpuCost: Record<string, number[]> = {};
for (const [name, query] of Object.entries(QUERIES)) {
  const { text, values } = await statementOf(drivers.postgres, query);
  for (const client of Object.values(drivers)) await load(client, text, values); // warm-up
  for (let round = 0; round < ROUNDS; round++) {
    for (const [driver, client] of Object.entries(drivers)) {
      const [rate, cpu] = await load(client, text, values);
      (results[`${name} ${driver}`] ??= []).push(rate);
      (cpuCost[`${name} ${driver}`] ??= []).push(cpu);
    }
  }
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
for (const name of Object.keys(QUERIES)) {
  const a = median(results[`${name} postgres`]!);
  const b = median(results[`${name} pg`]!);
  const ca = median(cpuCost[`${name} postgres`]!);
  const cb = median(cpuCost[`${name} pg`]!);
  console.log(
    `${name}: postgres ${a.toFixed(0)}/s, pg ${b.toFixed(0)}/s, postgres/pg = ${(a / b).toFixed(2)}x; ` +
      `Node CPU per statement: postgres ${ca.toFixed(0)} µs, pg ${cb.toFixed(0)} µs (pg/postgres = ${(cb / ca).toFixed(2)}x) ` +
      `(pool ${POOL}, concurrency ${CONCURRENCY}, median of ${ROUNDS} rounds of ${SECONDS}s)`,
  );
}
await Promise.all(Object.values(drivers).map((c) => c.end()));
