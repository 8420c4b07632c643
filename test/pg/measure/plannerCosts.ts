/**
 * random_page_cost and the statements Sluice generates (SqlClient.ts, SESSION_SETTINGS): each
 * to-one relation is a primary-key lookup per row, which PostgreSQL's default page costs (made for
 * spinning disks) plan as a sequential scan when the table is small. This program runs the
 * hand-written Q1/Q3 statements and Sluice's (bench/pg/queries.js, custom plans as Sluice runs
 * them) with the server's random_page_cost and with Sluice's 1.1, and prints the backend CPU per
 * execution and the ratio to the first variant.
 *
 *   npx tsx test/pg/measure/plannerCosts.ts [10k 50k 200k]    (ROUNDS=5 MS_EACH=1500)
 */
import { bench, benchDatabaseUrl, compareVariants, sluiceStatements } from './backendCpu.js';

const sizes = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['10k', '50k', '200k'];
const CUSTOM = { plan_cache_mode: 'force_custom_plan' };

for (const size of sizes) {
  const url = benchDatabaseUrl(size);
  const statements = await sluiceStatements(url);
  for (const q of ['Q1', 'Q3'] as const) {
    const hand = { text: bench.HANDWRITTEN_SQL[q].sql, values: [], prepare: true };
    const sluice = { ...statements[q], prepare: true };
    await compareVariants(url, `${size} ${q}`, [
      { name: 'hand-written, server cost', ...hand, settings: {} },
      { name: 'hand-written, 1.1', ...hand, settings: { random_page_cost: '1.1' } },
      { name: 'sluice, server cost', ...sluice, settings: CUSTOM },
      { name: 'sluice, 1.1', ...sluice, settings: { ...CUSTOM, random_page_cost: '1.1' } },
    ]);
  }
}
