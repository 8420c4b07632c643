/**
 * Per-parent limits planned once: could a nested list's `LIMIT $n` be written so that its
 * statement keeps a generic plan? A generic plan does not know `$n` and prices a LIMIT as keeping
 * a tenth of the rows, which can make it walk the wrong index (docs/pg.md, "Measurements",
 * "Generic plans and LIMIT parameters"), so Sluice re-plans such statements on every
 * execution. This program rewrites each nested `WHERE … ORDER BY … LIMIT $n` of Sluice's Q2
 * and Q3 statements two ways that leave no LIMIT to misprice, checks that the answers are
 * unchanged, and measures, next to the hand-written statement (literal limits, planned once):
 *
 *   custom plans       Sluice's statement, plan_cache_mode = force_custom_plan (what runs today)
 *   generic plan       the same statement under force_generic_plan
 *   row_number         each parent's rows numbered in order, those `<= $n` kept (PostgreSQL 15
 *                      stops the window at the bound), under force_generic_plan
 *   OFFSET 0 fence     each parent's rows read in a subquery planned apart, ordered and limited
 *                      outside it, under force_generic_plan
 *
 * PostgreSQL backend CPU per execution from /proc, one connection per variant, interleaved rounds
 * (backendCpu.ts). Needs bench/pg's databases (`npm run bench:pg` builds and keeps them).
 *
 *   npx tsx test/pg/measure/windowLimits.ts [10k 50k 200k]    (ROUNDS=5 MS_EACH=1500)
 */
import postgres from 'postgres';
import { benchDatabaseUrl, compareVariants, handWritten, sluiceStatements } from './backendCpu.js';

const sizes = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['10k', '50k', '200k'];

/** A nested level as Sluice compiles it: one table, the parent's key, the order, the limit. */
const NESTED_LIMIT =
  /FROM ("\w+"\."\w+") AS "(t\d+)" WHERE ("t\d+"\."\w+" = "t\d+"\."\w+") ORDER BY ("t\d+"\."\w+" ASC) LIMIT (\$\d+)\)/g;

type Level = (table: string, alias: string, parent: string, order: string, limit: string) => string;

/** `statement` with every nested level written by `level`; throws if there is none. */
function rewrite(statement: string, level: Level): string {
  let count = 0;
  const text = statement.replace(NESTED_LIMIT, (_, ...parts: string[]) => {
    count++;
    return level(parts[0]!, parts[1]!, parts[2]!, parts[3]!, parts[4]!);
  });
  if (count === 0) throw new Error(`no nested LIMIT found in: ${statement}`);
  return text;
}

/** Each parent's rows numbered in the list's order, those `<= $n` kept. */
const numbered: Level = (table, alias, parent, order, limit) =>
  `FROM (SELECT "${alias}".*, row_number() OVER (ORDER BY ${order}) AS "n" FROM ${table} AS "${alias}" WHERE ${parent}) AS "${alias}" WHERE "${alias}"."n" <= ${limit} ORDER BY ${order})`;

/**
 * Each parent's rows read in a subquery that `OFFSET 0` keeps apart, ordered and limited
 * outside it: the subquery's plan cannot follow the order's index, whatever the LIMIT.
 */
const fenced: Level = (table, alias, parent, order, limit) =>
  `FROM (SELECT * FROM ${table} AS "${alias}" WHERE ${parent} OFFSET 0) AS "${alias}" ORDER BY ${order} LIMIT ${limit})`;

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
    const rewritten = rewrite(sluice.text, numbered);
    const fence = rewrite(sluice.text, fenced);
    await sameAnswer(url, sluice, rewritten);
    await sameAnswer(url, sluice, fence);
    await compareVariants(url, `${size} ${q}`, [
      handWritten(q),
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
      {
        name: 'OFFSET 0 fence, generic plan',
        text: fence,
        values: sluice.values,
        prepare: true,
        settings: { plan_cache_mode: 'force_generic_plan' },
      },
    ]);
  }
}
