/**
 * Generic plans and LIMIT parameters: Sluice binds every LIMIT as a parameter; after five
 * executions of a prepared statement PostgreSQL may switch to a generic plan that, not knowing the
 * LIMIT, walks the wrong index. This program runs Sluice's Q1/Q3 statements (bench/pg/queries.js)
 * in each way that keeps every value a parameter, next to the hand-written statement with literal
 * limits:
 *
 *   hand-written     literal LIMITs, named prepared statement (the practical limit)
 *   prepared         named prepared statement, plan_cache_mode = auto (Sluice before the change)
 *   custom-plan      the same with plan_cache_mode = force_custom_plan (re-planned per execution)
 *   unnamed          an unnamed statement per execution (postgres.js prepare: false: parse + plan)
 *
 * It prints the CPU time the PostgreSQL backend spends per execution and the ratio to
 * hand-written. One connection per variant, statements run back to back, rounds interleaved.
 *
 *   npx tsx test/pg/measure/limitPlans.ts [10k 50k 200k]    (ROUNDS=5 MS_EACH=1500)
 */
import { benchDatabaseUrl, compareVariants, handWritten, sluiceStatements } from './backendCpu.js';

const sizes = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['10k', '50k', '200k'];

for (const size of sizes) {
  const url = benchDatabaseUrl(size);
  const statements = await sluiceStatements(url);
  for (const q of ['Q1', 'Q3'] as const) {
    const sluice = statements[q];
    await compareVariants(url, `${size} ${q}`, [
      handWritten(q),
      { name: 'prepared', ...sluice, prepare: true, settings: {} },
      {
        name: 'custom-plan',
        ...sluice,
        prepare: true,
        settings: { plan_cache_mode: 'force_custom_plan' },
      },
      { name: 'unnamed', ...sluice, prepare: false, settings: {} },
    ]);
  }
}
