/**
 * One-row writes whose selection reads the written row alone, through the engine of each built
 * checkout named (`dist/`), in interleaved rounds: req/s, Node CPU and PostgreSQL backend CPU per
 * operation. A program, not a test.
 *
 *   npx tsx test/pg/measure/flatWrites.ts <checkout> [<checkout> …]   (KIND=update | create)
 *
 * Runs on bench/writes' database (`npm run bench:writes` builds it; this renames and adds
 * customers, which the benchmark's next run resets). Concurrency 8, pool 4 per checkout, 5 rounds
 * of 2,000 operations each after 300 of warm-up; medians with the rounds' min–max.
 */
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import postgres from 'postgres';
import { cpuMs, SERVER } from './backendCpu.js';

const url = new URL(SERVER);
url.pathname = '/sluice_bench_coffee';
const URL_ = url.toString();
const KIND = process.env['KIND'] === 'create' ? 'create' : 'update';
const DOCUMENTS = {
  update:
    'mutation ($id: Int!, $n: String!) { updateCustomer(id: $id, set: { name: $n }) { id name } }',
  create: 'mutation ($n: String!) { createCustomer(input: { name: $n }) { id name } }',
};
const ROUNDS = 5;
const PER_ROUND = 2000;
const CONCURRENCY = 8;

interface Prepared {
  execute(request: { variables: Record<string, unknown> }): Promise<{
    errorCount: number;
    body: string;
  }>;
}
interface Checkout {
  readonly root: string;
  readonly prepared: Prepared;
  end(): Promise<void>;
}

async function load(root: string): Promise<Checkout> {
  const from = (entry: string) => import(pathToFileURL(join(root, 'dist', entry, 'index.js')).href);
  const [{ createEngine }, { connect, reflect }] = await Promise.all([from('engine'), from('pg')]);
  const client = await connect({ url: URL_, max: 4 });
  const { schema } = await reflect(client);
  const prepared = createEngine({ schema, maxCost: 1e12 }).prepare(DOCUMENTS[KIND]);
  if (!prepared.ok) throw new Error(prepared.body);
  return { root, prepared, end: () => client.end() };
}

const admin = postgres(URL_, { max: 1 });
/** CPU µs of every backend Sluice's connections run on (application_name `sluice`). */
async function backendCpu(): Promise<number> {
  const rows = await admin`SELECT pid FROM pg_stat_activity WHERE application_name = 'sluice'`;
  let ms = 0;
  for (const { pid } of rows) {
    try {
      ms += cpuMs(Number(pid));
    } catch {
      // The backend ended.
    }
  }
  return ms * 1000;
}

let sequence = 0;
async function round(checkout: Checkout, count: number) {
  const cpu = process.cpuUsage();
  const pg = await backendCpu();
  const start = process.hrtime.bigint();
  let started = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (started < count) {
        started++;
        const n = sequence++;
        const outcome = await checkout.prepared.execute({
          variables: { id: 1 + (n % 1000), n: `flat ${n}` },
        });
        if (outcome.errorCount > 0) throw new Error(outcome.body);
      }
    }),
  );
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  const used = process.cpuUsage(cpu);
  return {
    rps: count / seconds,
    node: (used.user + used.system) / count,
    pg: ((await backendCpu()) - pg) / count,
  };
}

const checkouts: Checkout[] = [];
for (const root of process.argv.slice(2)) checkouts.push(await load(resolve(root)));
if (checkouts.length === 0) throw new Error('name one or more checkouts with a built dist/');
for (const checkout of checkouts) await round(checkout, 300);
const results = checkouts.map(() => [] as Array<Awaited<ReturnType<typeof round>>>);
for (let r = 0; r < ROUNDS; r++) {
  for (let k = 0; k < checkouts.length; k++) {
    const i = (k + r) % checkouts.length;
    results[i]!.push(await round(checkouts[i]!, PER_ROUND));
  }
}
const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
checkouts.forEach((checkout, k) => {
  const r = results[k]!;
  const rps = r.map((x) => x.rps);
  console.log(
    `${checkout.root}  ${KIND}: ${median([...rps]).toFixed(0)} req/s ` +
      `(${Math.min(...rps).toFixed(0)}–${Math.max(...rps).toFixed(0)}), ` +
      `Node ${median(r.map((x) => x.node)).toFixed(0)} µs, ` +
      `PostgreSQL ${median(r.map((x) => x.pg)).toFixed(0)} µs per operation`,
  );
});
for (const checkout of checkouts) await checkout.end();
await admin.end();
