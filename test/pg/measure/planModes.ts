/**
 * What each read of bench/pg (Q1, Q2, Q3) costs the PostgreSQL backend per request under each
 * plan cache mode: Sluice's statement re-planned per execution (`force_custom_plan`), with the
 * server's default (`auto`: a generic plan after five executions), and with custom plans asked
 * for by the request itself (`set_config('plan_cache_mode', …, true)` in a transaction of its
 * own, pipelined: BEGIN, the setting, the statement, COMMIT); next to the statements a Mercurius
 * + DataLoader server runs for the same operation (bench/pg/servers/mercurius.js, `auto`).
 * Backend CPU per request from /proc, median of ROUNDS interleaved rounds (backendCpu.ts).
 *
 *   npx tsx test/pg/measure/planModes.ts [10k 50k 200k]    (ROUNDS=5 MS_EACH=1500)
 */
import type postgres from 'postgres';
import { operationSourceFields } from '../../../src/pg/compile/operationSourceFields.js';
import { bindValues } from '../../../src/pg/compile/Param.js';
import { createPostgresClient } from '../../../src/pg/driver/createPostgresClient.js';
import { reflect } from '../../../src/pg/reflect.js';
import { benchDatabaseUrl, compareVariants, type Variant } from './backendCpu.js';

interface Operations {
  readonly QUERIES: Record<'Q1' | 'Q2' | 'Q3', { documents: { canonical: string } }>;
}
const { QUERIES } = (await import(
  /* @vite-ignore */ new URL('../../../bench/pg/queries.js', import.meta.url).href
)) as Operations;

const sizes = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['10k', '50k', '200k'];
const CUSTOM = { plan_cache_mode: 'force_custom_plan', random_page_cost: '1.1' };
const AUTO = { plan_cache_mode: 'auto', random_page_cost: '1.1' };
const PREPARED = { prepare: true } as const;

/** The statement after `SET LOCAL plan_cache_mode = force_custom_plan`, all in one write. */
const customInTransaction =
  (text: string, values: unknown[]) =>
  (sql: postgres.Sql): Promise<unknown> =>
    Promise.all([
      sql.unsafe('BEGIN'),
      sql.unsafe("SELECT set_config('plan_cache_mode', 'force_custom_plan', true)", [], PREPARED),
      sql.unsafe(text, values as never[], PREPARED),
      sql.unsafe('COMMIT'),
    ]);

const ids = (rows: ReadonlyArray<Record<string, unknown>>) => rows.map((r) => r['id'] as number);
const postsOf = (sql: postgres.Sql, authors: number[]) => sql`
  SELECT p.id, p.author_id, p.title FROM unnest(${authors}::int[]) AS k(id)
  CROSS JOIN LATERAL (
    SELECT id, author_id, title FROM posts WHERE author_id = k.id ORDER BY id LIMIT ${10}
  ) p`;
const commentsOf = (sql: postgres.Sql, posts: number[]) => sql`
  SELECT c.id, c.post_id, c.author_id, c.content FROM unnest(${posts}::int[]) AS k(id)
  CROSS JOIN LATERAL (
    SELECT id, post_id, author_id, content FROM comments WHERE post_id = k.id
    ORDER BY id LIMIT ${5}
  ) c`;

/**
 * Q3 in one statement of plain rows: a `LEFT JOIN LATERAL` per level, each LIMIT per parent row,
 * the author joined by key; what a server that assembles the tree in Node would read.
 */
const Q3_LATERAL_ROWS = `SELECT u.id, u.username, p.id, p.title, c.id, c.content, a.id, a.username
FROM (SELECT id, username FROM users ORDER BY id LIMIT $3) u
LEFT JOIN LATERAL (SELECT id, title FROM posts WHERE author_id = u.id ORDER BY id LIMIT $2) p ON true
LEFT JOIN LATERAL (
  SELECT id, content, author_id FROM comments WHERE post_id = p.id ORDER BY id LIMIT $1
) c ON true
LEFT JOIN users a ON a.id = c.author_id
ORDER BY u.id, p.id, c.id`;

/** Mercurius + DataLoader's statements per operation (one per level, per-parent LIMIT by LATERAL). */
const dataLoader: Record<'Q1' | 'Q2' | 'Q3', (sql: postgres.Sql) => Promise<unknown>> = {
  Q1: (sql) => sql`SELECT id, username, full_name FROM users ORDER BY id LIMIT ${50}`,
  Q2: async (sql) => {
    const user = await sql`SELECT id, username, full_name FROM users WHERE id = ANY(${[42]})`;
    const posts = await postsOf(sql, ids(user));
    return commentsOf(sql, ids(posts));
  },
  Q3: async (sql) => {
    const users = await sql`SELECT id, username, full_name FROM users ORDER BY id LIMIT ${20}`;
    const posts = await postsOf(sql, ids(users));
    const comments = await commentsOf(sql, ids(posts));
    const authors = [...new Set(comments.map((c) => c['author_id'] as number))];
    return sql`SELECT id, username, full_name FROM users WHERE id = ANY(${authors})`;
  },
};

for (const size of sizes) {
  const url = benchDatabaseUrl(size);
  const client = createPostgresClient(url, { max: 1 });
  const { schema } = await reflect(client);
  await client.end();
  for (const q of ['Q1', 'Q2', 'Q3'] as const) {
    const { request, source, variables } = operationSourceFields(
      schema,
      QUERIES[q].documents.canonical,
    );
    const statement = source!.statementFor(request, variables);
    const sluice = { text: statement.text, values: bindValues(statement.values, variables) };
    const none = { text: '', values: [], prepare: true };
    const variants: Variant[] = [
      { name: 'sluice, custom', ...sluice, prepare: true, settings: CUSTOM },
      { name: 'sluice, auto', ...sluice, prepare: true, settings: AUTO },
      {
        name: 'sluice, custom by SET LOCAL',
        ...none,
        settings: AUTO,
        run: customInTransaction(sluice.text, sluice.values),
      },
      { name: 'DataLoader, auto', ...none, settings: AUTO, run: dataLoader[q] },
    ];
    if (q === 'Q3') {
      const lateral = { text: Q3_LATERAL_ROWS, values: [5, 10, 20], prepare: true };
      variants.push(
        { name: 'LATERAL rows, custom', ...lateral, settings: CUSTOM },
        { name: 'LATERAL rows, auto', ...lateral, settings: AUTO },
      );
    }
    await compareVariants(url, `${size} ${q}`, variants);
  }
}
