/**
 * What Q1 and Q3 (bench/pg/queries.js) cost the PostgreSQL backend in each shape a read could
 * take: Sluice's statement (a list whose rows hold a relation by `json_agg`, which writes `, ` and
 * a newline between rows that Node takes out; any other list by the compact
 * `array_to_json(array_agg(…))`), the same with every list `array_to_json` and with every list
 * `json_agg`, plain rows (what a server that writes the JSON itself would read), with custom
 * plans (re-planned per execution, Sluice's `plan_cache_mode = force_custom_plan`) and with the
 * server's default (`auto`: a generic plan after five executions); next to the hand-written
 * statement and to the statements a Mercurius + DataLoader server runs per request
 * (bench/pg/servers/mercurius.js: one per level). It prints the backend CPU per request and the
 * ratio to the first variant.
 *
 *   npx tsx test/pg/measure/readShapes.ts [10k 50k 200k]    (ROUNDS=5 MS_EACH=1500)
 */
import type postgres from 'postgres';
import {
  benchDatabaseUrl,
  compareVariants,
  handWritten,
  sluiceStatements,
  type Variant,
} from './backendCpu.js';

const sizes = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['10k', '50k', '200k'];
const CUSTOM = { plan_cache_mode: 'force_custom_plan' };
const AUTO = { plan_cache_mode: 'auto' };

/** The statement with every list `json_agg(x)`. */
const spacedLists = (text: string) =>
  text.replace(/array_to_json\(array_agg\(("s\d+"\.\*)\)\)/g, 'json_agg($1)');
/** The statement with every list `array_to_json(array_agg(x))`. */
const compactLists = (text: string) =>
  text.replace(/json_agg\(("s\d+"\.\*)\)/g, 'array_to_json(array_agg($1))');

const users = (sql: postgres.Sql, limit: number) =>
  sql`SELECT id, username, full_name FROM users ORDER BY id LIMIT ${limit}`;

/** Mercurius + DataLoader's Q3: one batched statement per level, per-parent limits by LATERAL. */
async function dataLoaderQ3(sql: postgres.Sql): Promise<unknown> {
  const top = await users(sql, 20);
  const posts = await sql`
    SELECT p.id, p.author_id, p.title FROM unnest(${top.map((u) => u['id'])}::int[]) AS k(id)
    CROSS JOIN LATERAL (
      SELECT id, author_id, title FROM posts WHERE author_id = k.id ORDER BY id LIMIT ${10}
    ) p`;
  const comments = await sql`
    SELECT c.id, c.post_id, c.author_id, c.content FROM unnest(${posts.map((p) => p['id'])}::int[]) AS k(id)
    CROSS JOIN LATERAL (
      SELECT id, post_id, author_id, content FROM comments WHERE post_id = k.id
      ORDER BY id LIMIT ${5}
    ) c`;
  const authors = [...new Set(comments.map((c) => c['author_id'] as number))];
  return sql`SELECT id, username, full_name FROM users WHERE id = ANY(${authors})`;
}

for (const size of sizes) {
  const url = benchDatabaseUrl(size);
  const statements = await sluiceStatements(url);
  for (const q of ['Q1', 'Q3'] as const) {
    const sluice = { ...statements[q], prepare: true };
    const spaced = { ...sluice, text: spacedLists(sluice.text) };
    const compact = { ...sluice, text: compactLists(sluice.text) };
    const variants: Variant[] = [
      { name: 'sluice, custom', ...sluice, settings: CUSTOM },
      { name: 'sluice, auto', ...sluice, settings: AUTO },
      { name: 'all array_to_json, custom', ...compact, settings: CUSTOM },
      { name: 'all json_agg, custom', ...spaced, settings: CUSTOM },
      handWritten(q),
    ];
    if (q === 'Q1') {
      const rows = { text: '', values: [], prepare: true };
      variants.push(
        { name: 'rows, custom', ...rows, settings: CUSTOM, run: (sql) => users(sql, 50) },
        { name: 'rows (DataLoader), auto', ...rows, settings: AUTO, run: (sql) => users(sql, 50) },
      );
    } else {
      variants.push({
        name: 'DataLoader (4), auto',
        text: '',
        values: [],
        prepare: true,
        settings: AUTO,
        run: dataLoaderQ3,
      });
    }
    await compareVariants(url, `${size} ${q}`, variants);
  }
}
