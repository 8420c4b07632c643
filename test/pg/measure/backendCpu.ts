/**
 * What the statement measurements (limitPlans.ts, plannerCosts.ts) share: the benchmark's
 * operations compiled by Sluice, and the CPU time a PostgreSQL backend spends per execution of a
 * statement, read from /proc (other load on a shared machine disturbs it far less than
 * throughput). Programs, not tests.
 */
import { readFileSync } from 'node:fs';
import postgres from 'postgres';
import { operationSourceFields } from '../../../src/pg/compile/operationSourceFields.js';
import { bindValues } from '../../../src/pg/compile/Param.js';
import { createPostgresClient } from '../../../src/pg/driver/createPostgresClient.js';
import { reflect } from '../../../src/pg/reflect.js';

export const SERVER = process.env['DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const ROUNDS = Number(process.env['ROUNDS'] ?? 5);
export const MS_EACH = Number(process.env['MS_EACH'] ?? 1500);

/** bench/pg's operations that have a hand-written statement. */
export type Query = 'Q1' | 'Q2' | 'Q3';

interface Benchmark {
  readonly QUERIES: Record<Query, { documents: { canonical: string } }>;
  readonly HANDWRITTEN_SQL: Record<Query, { sql: string }>;
}
export const bench = (await import(
  /* @vite-ignore */ new URL('../../../bench/pg/queries.js', import.meta.url).href
)) as Benchmark;

/** The URL of a bench/pg database (`npm run bench:pg` builds and keeps them). */
export function benchDatabaseUrl(size: string): string {
  const url = new URL(SERVER);
  url.pathname = `/sluice_bench_${size.replace(/[^0-9a-z]/g, '')}`;
  return url.toString();
}

/** Sluice's statement for Q1, Q2 and Q3 on the database at `url`, with its bound values. */
export async function sluiceStatements(
  url: string,
): Promise<Record<Query, { text: string; values: unknown[] }>> {
  const client = createPostgresClient(url, { max: 1 });
  const { schema } = await reflect(client);
  await client.end();
  const compile = (q: Query) => {
    const { request, source, variables } = operationSourceFields(
      schema,
      bench.QUERIES[q].documents.canonical,
    );
    const statement = source!.statementFor(request, variables);
    return { text: statement.text, values: bindValues(statement.values, variables) };
  };
  return { Q1: compile('Q1'), Q2: compile('Q2'), Q3: compile('Q3') };
}

/** The hand-written endpoint's statement for `q` (literal limits, prepared: planned once). */
export function handWritten(q: Query): Variant {
  return {
    name: 'hand-written',
    text: bench.HANDWRITTEN_SQL[q].sql,
    values: [],
    prepare: true,
    settings: {},
  };
}

/** User + system CPU ms of a process so far (proc(5); USER_HZ is 100). */
export function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

export interface Variant {
  readonly name: string;
  readonly text: string;
  readonly values: unknown[];
  readonly prepare: boolean;
  /** Run-time settings of the variant's connection (jit is always off). */
  readonly settings: Record<string, string>;
  /** Runs one request's statements instead of `text` (several statements, as a DataLoader does). */
  readonly run?: (sql: postgres.Sql) => Promise<unknown>;
}

/** Backend CPU µs per execution of `variant`, running it back to back for MS_EACH. */
export async function backendCpuPerExecution(url: string, variant: Variant): Promise<number> {
  const sql = postgres(url, {
    max: 1,
    onnotice: () => {},
    connection: { jit: 'off', ...variant.settings },
  });
  try {
    const [row] = await sql`SELECT pg_backend_pid() AS pid`;
    const pid = Number(row?.['pid']);
    const run = variant.run
      ? () => variant.run!(sql)
      : () => sql.unsafe(variant.text, variant.values as never[], variant);
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

/**
 * Measures the variants in ROUNDS interleaved rounds and prints each one's median backend CPU
 * per execution and its ratio to the first variant.
 */
export async function compareVariants(
  url: string,
  title: string,
  variants: ReadonlyArray<Variant>,
): Promise<void> {
  const results = new Map<string, number[]>(variants.map((v) => [v.name, []]));
  for (let round = 0; round < ROUNDS; round++) {
    for (let k = 0; k < variants.length; k++) {
      const variant = variants[(k + round) % variants.length]!;
      results.get(variant.name)!.push(await backendCpuPerExecution(url, variant));
    }
  }
  const reference = median(results.get(variants[0]!.name)!);
  console.log(`\n${title}: PostgreSQL backend CPU per execution (median of ${ROUNDS} rounds)`);
  for (const variant of variants) {
    const all = results.get(variant.name)!;
    const m = median(all);
    console.log(
      `  ${variant.name.padEnd(26)} ${m.toFixed(0).padStart(7)} µs  ${(m / reference).toFixed(2)}× ${variants[0]!.name}   rounds: ${all.map((t) => t.toFixed(0)).join(' ')}`,
    );
  }
}
