/**
 * Per-parent limits without LIMIT: could a nested list's `LIMIT $n` be written so that its
 * statement keeps a generic plan? A generic plan does not know `$n` and prices a LIMIT as keeping
 * a tenth of the rows, which can make it walk the wrong index (docs/pg.md, "Generic plans and
 * LIMIT parameters"), so Sluice re-plans such statements on every execution. Numbering each
 * parent's rows with `row_number()` and keeping those `<= $n` has no LIMIT to misprice, and
 * PostgreSQL 15 stops the window early (its "run condition"). This program rewrites each nested
 * `WHERE … ORDER BY … LIMIT $n` of Sluice's Q2 and Q3 statements that way and measures, next to
 * the hand-written statement (literal limits, planned once):
 *
 *   custom plans       Sluice's statement, plan_cache_mode = force_custom_plan (what runs today)
 *   generic plan       the same statement under force_generic_plan
 *   row_number         the rewritten statement under force_generic_plan
 *
 * PostgreSQL backend CPU per execution from /proc, one connection per variant, interleaved rounds
 * (backendCpu.ts). Needs bench/pg's databases (`npm run bench:pg` builds and keeps them).
 *
 *   npx tsx test/pg/measure/windowLimits.ts [10k 50k 200k]    (ROUNDS=5 MS_EACH=1500)
 */
import postgres from 'postgres';
import { bench, benchDatabaseUrl, compareVariants, sluiceStatements } from './backendCpu.js';

const sizes = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['10k', '50k', '200k'];

/** A nested level as Sluice compiles it: one table, the parent's key, the order, the limit. */
const NESTED_LIMIT =
  /FROM ("\w+"\."\w+") AS "(t\d+)" WHERE ("t\d+"\."\w+" = "t\d+"\."\w+") ORDER BY ("t\d+"\."\w+" ASC) LIMIT (\$\d+)\)/g;

/** `statement` with every nested LIMIT written as a row_number() bound; throws if none is. */
function numbered(statement: string): string {
  let count = 0;
  const text = statement.replace(
    NESTED_LIMIT,
    (_, table: string, alias: string, parent: string, order: string, limit: string) => {
      count++;
      return `FROM (SELECT "${alias}".*, row_number() OVER (ORDER BY ${order}) AS "n" FROM ${table} AS "${alias}" WHERE ${parent}) AS "${alias}" WHERE "${alias}"."n" <= ${limit} ORDER BY ${order})`;
    },
  );
  if (count === 0) throw new Error(`no nested LIMIT found in: ${statement}`);
  return text;
}

/** Refuses to measure a rewrite that answers differently. */
async function sameAnswer(
  url: string,
  statement: { text: string; values: unknown[] },
  rewritten: string,
): Promise<void> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const answer = async (text: string) =>
      JSON.stringify(await sql.unsafe(text, statement.values as never[]));
    if ((await answer(statement.text)) !== (await answer(rewritten))) {
      throw new Error(`the rewritten statement answers differently: ${rewritten}`);
    }
  } finally {
    await sql.end({ timeout: 5 });
  }
}

for (const size of sizes) {
  const url = benchDatabaseUrl(size);
  const statements = await sluiceStatements(url);
  for (const q of ['Q2', 'Q3'] as const) {
    const sluice = statements[q];
    const rewritten = numbered(sluice.text);
    await sameAnswer(url, sluice, rewritten);
    await compareVariants(url, `${size} ${q}`, [
      {
        name: 'hand-written',
        text: bench.HANDWRITTEN_SQL[q].sql,
        values: [],
        prepare: true,
        settings: {},
      },
      {
        name: 'custom plans',
        ...sluice,
        prepare: true,
        settings: { plan_cache_mode: 'force_custom_plan' },
      },
      {
        name: 'generic plan',
        ...sluice,
        prepare: true,
        settings: { plan_cache_mode: 'force_generic_plan' },
      },
      {
        name: 'row_number, generic plan',
        text: rewritten,
        values: sluice.values,
        prepare: true,
        settings: { plan_cache_mode: 'force_generic_plan' },
      },
    ]);
  }
}
