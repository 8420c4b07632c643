/**
 * What a request's role and settings (docs/auth.md, "Cost") cost PostgreSQL: Sluice's Q1 and Q3
 * statements (bench/pg/queries.js) alone, and as Sluice runs them with settings — BEGIN, the
 * settings statement, the statement and COMMIT, pipelined on one reserved connection — with the
 * claims only (as the superuser: no policy applies) and with the claims and the `sluice-rls`
 * contender's role (its per-row policies apply); then the same four messages around `SELECT 1`
 * against `SELECT 1` alone, what the transaction itself costs. Prints each variant's backend CPU
 * per request and its ratio to the first of its group.
 *
 *   npx tsx test/pg/measure/settingsCost.ts [10k]    (ROUNDS=5 MS_EACH=1500)
 *
 * The role and policies are made by bench/pg's `sluice-rls` contender at its start: run
 * `npm run bench:pg -- --contenders sluice-rls …` once on the size first.
 */
import type postgres from 'postgres';
import { SETTINGS_TEXT } from '../../../src/pg/compile/requestSettings.js';
import { benchDatabaseUrl, compareVariants, sluiceStatements } from './backendCpu.js';

const size = process.argv[2] ?? '10k';
const url = benchDatabaseUrl(size);
const ROLE = 'sluice_bench_reader';
const claims = { 'request.jwt.claims': JSON.stringify({ sub: '1', min_id: 0 }) };
const CUSTOM = { plan_cache_mode: 'force_custom_plan', random_page_cost: '1.1' };

/** One request as Sluice's postgres.js client runs it with settings (createPostgresClient.ts). */
const withSettings =
  (text: string, values: unknown[], settings: Record<string, string>) =>
  async (sql: postgres.Sql) => {
    const reserved = await sql.reserve();
    try {
      await Promise.all([
        reserved.unsafe('BEGIN', [], { prepare: false }),
        reserved.unsafe(SETTINGS_TEXT, [JSON.stringify(settings)], { prepare: true }),
        reserved.unsafe(text, values as never[], { prepare: true }).values(),
        reserved.unsafe('COMMIT', [], { prepare: false }),
      ]);
    } finally {
      reserved.release();
    }
  };

const statements = await sluiceStatements(url);
const groups: Array<[string, string, unknown[]]> = [
  [`${size} Q1`, statements.Q1.text, statements.Q1.values],
  [`${size} Q3`, statements.Q3.text, statements.Q3.values],
  [`${size} the transaction alone`, 'SELECT 1', []],
];
for (const [title, text, values] of groups) {
  const alone = { text, values, prepare: true, settings: CUSTOM };
  await compareVariants(url, title, [
    { name: 'alone', ...alone },
    { name: 'claims, no role', ...alone, run: withSettings(text, values, claims) },
    {
      name: 'claims and role',
      ...alone,
      run: withSettings(text, values, { ...claims, role: ROLE }),
    },
  ]);
}
