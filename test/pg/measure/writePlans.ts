/**
 * What a mutation of bench/writes costs the PostgreSQL backend per operation under each way of
 * planning its statements (docs/pg-mutations.md, "Plans"): every statement re-planned
 * (`force_custom_plan`, as before), every statement under `auto` (a generic plan after five
 * executions, the read-back's included), and Sluice's ways: a connection with `auto`, and custom
 * plans set (`set_config('plan_cache_mode', …, true)`) before a read-back with a parameter in its
 * selection, or generic plans forced before one without (the benchmark's). Each operation is
 * BEGIN, the write, the read-back and ROLLBACK, pipelined, so the tables stay as they were.
 * Backend CPU per operation from /proc, median of ROUNDS interleaved rounds (backendCpu.ts).
 *
 *   npx tsx test/pg/measure/writePlans.ts [create|upsert …] [batch …]   (ROUNDS=5 MS_EACH=1500)
 *
 * Needs bench/writes' database (`npm run bench:writes` builds it and keeps it).
 */
import type postgres from 'postgres';
import { operationSourceFields } from '../../../src/pg/compile/operationSourceFields.js';
import { createPostgresClient } from '../../../src/pg/driver/createPostgresClient.js';
import { CUSTOM_PLANS, GENERIC_PLANS } from '../../../src/pg/driver/genericPlanPools.js';
import { reflect } from '../../../src/pg/reflect.js';
import { compareVariants, SERVER, type Variant } from './backendCpu.js';

interface Workloads {
  readonly WORKLOADS: Record<'create' | 'upsert', { documents: () => { canonical: string } }>;
}
const { WORKLOADS } = (await import(
  /* @vite-ignore */ new URL('../../../bench/writes/documents.js', import.meta.url).href
)) as Workloads;

const args = process.argv.slice(2);
const workloads = args.filter((a): a is 'create' | 'upsert' => a === 'create' || a === 'upsert');
const batches = args.filter((a) => /^\d+$/.test(a)).map(Number);

const url = new URL(SERVER);
url.pathname = '/sluice_bench_coffee';
const URL_ = url.toString();

/** load.lua's inputs: N customers with their graph, or N upserted by business key (half new). */
function input(workload: 'create' | 'upsert', batch: number): Record<string, unknown>[] {
  if (workload === 'create') {
    return Array.from({ length: batch }, (_, j) => ({
      name: `Measured ${j}`,
      bankingRelationships: [
        {
          name: 'Retail banking',
          openedOn: '2024-05-01',
          contracts: [
            {
              product: 'Current account',
              amount: '12.34',
              openedOn: '2024-05-02',
              transactions: [
                { amount: '1.00', bookedAt: '2024-05-01T09:00:00Z', description: 'Opening' },
                { amount: '-2.00', bookedAt: '2024-05-01T10:00:00Z', description: 'Coffee' },
              ],
            },
          ],
        },
      ],
    }));
  }
  const existing = batch === 1 ? 1 : Math.floor(batch / 2);
  const hex = (n: number, width: number) => n.toString(16).padStart(width, '0');
  return [
    ...Array.from({ length: batch - existing }, (_, j) => ({
      businessKey: `7fffffff-${hex(j, 4)}-4000-9000-${hex(0, 12)}`,
      name: `Measured ${j}`,
    })),
    ...Array.from({ length: existing }, (_, j) => ({
      businessKey: `00000001-0000-4000-8000-${hex(101 + j, 12)}`,
      name: 'Measured rename',
    })),
  ];
}

const client = createPostgresClient(URL_, { max: 1 });
const { schema } = await reflect(client);
await client.end();

const PREPARED = { prepare: true } as const;
const CUSTOM = { plan_cache_mode: 'force_custom_plan', random_page_cost: '1.1', TimeZone: 'UTC' };
const AUTO = { ...CUSTOM, plan_cache_mode: 'auto' };

for (const workload of workloads.length > 0 ? workloads : (['create', 'upsert'] as const)) {
  for (const batch of batches.length > 0 ? batches : [1, 50]) {
    const document = WORKLOADS[workload].documents().canonical;
    const { request, source, variables } = operationSourceFields(schema, document, {
      variables: { input: input(workload, batch) },
    });
    const [field] = source!.prepareMutations(request, variables);
    const [write, readBack] = field!.statements();
    /** BEGIN, the write, `between` (if any), the read-back, ROLLBACK: in one write. */
    const operation =
      (between: typeof CUSTOM_PLANS | undefined) =>
      (sql: postgres.Sql): Promise<unknown> =>
        Promise.all([
          sql.unsafe('BEGIN'),
          sql.unsafe(write!.text, write!.values as never[], PREPARED),
          ...(between ? [sql.unsafe(between.text, between.values as never[], PREPARED)] : []),
          sql.unsafe(readBack!.text, readBack!.values as never[], PREPARED),
          sql.unsafe('ROLLBACK'),
        ]);
    const variant = (
      name: string,
      settings: Record<string, string>,
      run: (sql: postgres.Sql) => Promise<unknown>,
    ): Variant => ({
      name,
      text: '',
      values: [],
      prepare: true,
      settings,
      run,
    });
    await compareVariants(URL_, `${workload} batch ${batch}`, [
      variant('custom plans', CUSTOM, operation(undefined)),
      variant('auto', AUTO, operation(undefined)),
      variant('auto, custom read-back', AUTO, operation(CUSTOM_PLANS)),
      variant('auto, generic read-back', AUTO, operation(GENERIC_PLANS)),
    ]);
  }
}
