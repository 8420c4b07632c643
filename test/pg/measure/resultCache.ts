/**
 * What the result cache costs a request that it does not answer, and what a hit saves: CPU time
 * (process.cpuUsage, this process only: the server's backend is not counted) and heap allocated
 * per request, through the protocol core (createHandler) and a real postgres.js pool, for Q1 of
 * bench/pg (`{ users(limit: 50) { id username fullName } }`) and Q3, in these variants:
 *
 *   off      no cache configured (the default); variables that differ every request, as for
 *            miss (the operation declares none: they cost reading the body, nothing else)
 *   lookup   a cache configured for another operation: the policy is looked up, nothing kept
 *   miss     the operation cached, with variables that differ every request: key, lookup,
 *            admission (a key seen once is not kept: the default), execution
 *   store    as miss with `admission: 'all'`: every answer kept, evicting once full (the
 *            costliest miss: the memory the kept answers hold, and the collector's work on it)
 *   hit      the operation cached, the same request every time
 *
 * Variants run interleaved in rounds (off, lookup, miss, hit, off, …) and the median of the rounds
 * is printed, so drift in a shared machine's load hits all alike. A program, not a test:
 * `node --expose-gc --import tsx test/pg/measure/resultCache.ts [requests per round] [rounds]`,
 * DATABASE_URL defaulting to the bench database `sluice_bench_10k` (bench/pg/README.md).
 */
import { createEngine } from '../../../src/engine/index.js';
import { createPostgresClient } from '../../../src/pg/driver/createPostgresClient.js';
import { reflect } from '../../../src/pg/reflect.js';
import { createHandler } from '../../../src/server/createHandler.js';
import type { Handler, ResultCacheOptions } from '../../../src/server/index.js';

const URL = process.env['DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/sluice_bench_10k';
const PER_ROUND = Number(process.argv[2] ?? 400);
const ROUNDS = Number(process.argv[3] ?? 9);

const QUERIES = {
  Q1: '{ users(limit: 50) { id username fullName } }',
  Q3: '{ users(limit: 20) { id username posts(limit: 10) { id title comments(limit: 5) { id content author { id username } } } } }',
};

const client = createPostgresClient(URL, { max: 4 });
const { schema } = await reflect(client);
const gc = (globalThis as { gc?: () => void }).gc;

function handler(cache: ResultCacheOptions | undefined): Handler {
  const engine = createEngine({ schema });
  return createHandler({ engine, csrf: false, ...(cache ? { cache } : {}) });
}

interface Variant {
  readonly name: string;
  readonly handle: Handler;
  readonly vary: boolean;
}

const variants: Variant[] = [
  { name: 'off', handle: handler(undefined), vary: true },
  { name: 'lookup', handle: handler({ operations: { Other: 60 } }), vary: true },
  { name: 'miss', handle: handler({ fields: { 'Query.users': 60 } }), vary: true },
  {
    name: 'store',
    handle: handler({ fields: { 'Query.users': 60 }, admission: 'all' }),
    vary: true,
  },
  { name: 'hit', handle: handler({ fields: { 'Query.users': 60 } }), vary: false },
];

let serial = 0;
async function batch(variant: Variant, query: string, n: number): Promise<void> {
  for (let i = 0; i < n; i++) {
    // A variable the operation does not declare changes the key and nothing else.
    const body = variant.vary
      ? JSON.stringify({ query, variables: { n: ++serial } })
      : JSON.stringify({ query });
    const res = await variant.handle({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': 'application/json' },
      body,
    });
    if (res.status !== 200) throw new Error(`${variant.name}: status ${res.status}`);
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

for (const [label, query] of Object.entries(QUERIES)) {
  for (const variant of variants) await batch(variant, query, 200);
  const cpu = new Map<string, number[]>(variants.map((v) => [v.name, []]));
  const heap = new Map<string, number[]>(variants.map((v) => [v.name, []]));
  for (let round = 0; round < ROUNDS; round++) {
    for (const variant of variants) {
      gc?.();
      const heapBefore = process.memoryUsage().heapUsed;
      const before = process.cpuUsage();
      await batch(variant, query, PER_ROUND);
      const used = process.cpuUsage(before);
      const heapAfter = process.memoryUsage().heapUsed;
      cpu.get(variant.name)!.push((used.user + used.system) / PER_ROUND);
      // Heap growth over a batch: allocation when no collection ran meanwhile (else an underestimate).
      heap.get(variant.name)!.push((heapAfter - heapBefore) / PER_ROUND);
    }
  }
  const off = median(cpu.get('off')!);
  console.log(`${label}: CPU µs per request (median of ${ROUNDS} rounds of ${PER_ROUND})`);
  for (const variant of variants) {
    const us = median(cpu.get(variant.name)!);
    const ratio = off / us;
    console.log(
      `  ${variant.name.padEnd(7)} ${us.toFixed(1).padStart(7)} µs  ${ratio.toFixed(3)}× off's speed` +
        `  heap growth ~${Math.round(median(heap.get(variant.name)!))} B/request`,
    );
  }
}
await client.end();
