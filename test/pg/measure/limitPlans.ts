/**
 * Generic plans and LIMIT parameters (/work/briefs/requests-pgbench.md §1): Sluice binds every
 * LIMIT as a parameter; after five executions of a prepared statement PostgreSQL may switch to a
 * generic plan that, not knowing the LIMIT, walks the wrong index. This program runs Sluice's
 * Q1/Q3 statements (bench/pg/queries.js) in each way that keeps every value a parameter, next to
 * the hand-written statement with literal limits:
 *
 *   hand-written     literal LIMITs, named prepared statement (the practical limit)
 *   prepared         named prepared statement, plan_cache_mode = auto (Sluice before the change)
 *   custom-plan      the same with plan_cache_mode = force_custom_plan (re-planned per execution)
 *   unnamed          an unnamed statement per execution (postgres.js prepare: false: parse + plan)
 *
 * It prints the CPU time the PostgreSQL backend spends per execution (from /proc, so other load
 * on the shared machine disturbs it far less than throughput) and the ratio to hand-written.
 * One connection per variant, statements run back to back, rounds interleaved. A program, not a
 * test.
 *
 *   npx tsx test/pg/measure/limitPlans.ts [10k 50k 200k]    (ROUNDS=5 MS_EACH=1500)
 */
import { readFileSync } from 'node:fs';
import postgres from 'postgres';
import { operationSourceFields } from '../../../src/pg/compile/operationSourceFields.js';
import { bindValues } from '../../../src/pg/compile/Param.js';
import { createPostgresClient } from '../../../src/pg/driver/createPostgresClient.js';
import { reflect } from '../../../src/pg/reflect.js';

const SERVER = process.env['DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ROUNDS = Number(process.env['ROUNDS'] ?? 5);
const MS_EACH = Number(process.env['MS_EACH'] ?? 1500);
const sizes = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['10k', '50k', '200k'];

interface Benchmark {
  readonly QUERIES: Record<'Q1' | 'Q3', { documents: { canonical: string } }>;
  readonly HANDWRITTEN_SQL: Record<'Q1' | 'Q3', { sql: string }>;
}
const bench = (await import(
  /* @vite-ignore */ new URL('../../../bench/pg/queries.js', import.meta.url).href
)) as Benchmark;

/** User + system CPU ms of a process so far (proc(5); USER_HZ is 100). */
function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

interface Variant {
  readonly name: string;
  readonly text: string;
  readonly values: unknown[];
  readonly prepare: boolean;
  readonly settings: Record<string, string>;
}

/** Backend CPU µs per execution of `variant`, running it back to back for MS_EACH. */
async function measure(url: string, variant: Variant): Promise<number> {
  const sql = postgres(url, {
    max: 1,
    onnotice: () => {},
    connection: { jit: 'off', ...variant.settings },
  });
  try {
    const [row] = await sql`SELECT pg_backend_pid() AS pid`;
    const pid = Number(row?.['pid']);
    const run = () => sql.unsafe(variant.text, variant.values as never[], variant);
    for (let i = 0; i < 10; i++) await run(); // past the 5 custom plans of plan_cache_mode=auto
    const start = cpuMs(pid);
    const end = performance.now() + MS_EACH;
    let n = 0;
    while (performance.now() < end) {
      await run();
      n++;
    }
    return ((cpuMs(pid) - start) * 1000) / n;
  } finally {
    await sql.end({ timeout: 5 });
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]!;

for (const size of sizes) {
  const url = new URL(SERVER);
  url.pathname = `/sluice_bench_${size.replace(/[^0-9a-z]/g, '')}`;
  const client = createPostgresClient(url.toString(), { max: 1 });
  const { schema } = await reflect(client);
  await client.end();
  for (const q of ['Q1', 'Q3'] as const) {
    const { request, source, variables } = operationSourceFields(
      schema,
      bench.QUERIES[q].documents.canonical,
    );
    const statement = source!.statementFor(request, variables);
    const values = bindValues(statement.values, variables);
    const sluice = { text: statement.text, values };
    const variants: Variant[] = [
      {
        name: 'hand-written',
        text: bench.HANDWRITTEN_SQL[q].sql,
        values: [],
        prepare: true,
        settings: {},
      },
      { name: 'prepared', ...sluice, prepare: true, settings: {} },
      {
        name: 'custom-plan',
        ...sluice,
        prepare: true,
        settings: { plan_cache_mode: 'force_custom_plan' },
      },
      { name: 'unnamed', ...sluice, prepare: false, settings: {} },
    ];
    const results = new Map<string, number[]>(variants.map((v) => [v.name, []]));
    for (let round = 0; round < ROUNDS; round++) {
      for (let k = 0; k < variants.length; k++) {
        const variant = variants[(k + round) % variants.length]!;
        results.get(variant.name)!.push(await measure(url.toString(), variant));
      }
    }
    const reference = median(results.get('hand-written')!);
    console.log(
      `\n${size} ${q}: PostgreSQL backend CPU per execution (median of ${ROUNDS} rounds)`,
    );
    for (const variant of variants) {
      const all = results.get(variant.name)!;
      const m = median(all);
      console.log(
        `  ${variant.name.padEnd(13)} ${m.toFixed(0).padStart(7)} µs  ${(m / reference).toFixed(2)}× hand-written   rounds: ${all.map((t) => t.toFixed(0)).join(' ')}`,
      );
    }
  }
}
