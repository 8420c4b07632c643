// Creates, reuses and drops the benchmark databases `sluice_bench_<size>` on the PostgreSQL server.
// A database is reused only if the fingerprint of the SQL that built it (stored as the database's
// comment) equals the fingerprint of data.js now, so an edited data set is never measured stale.
import { createHash } from 'node:crypto';
import pg from 'pg';
import { schemaSql, seedSql, SIZES } from './data.js';

/** Name of the database of one size; sizes come from SIZES only, so the name is a safe identifier. */
export function databaseName(size) {
  if (!Object.hasOwn(SIZES, size)) throw new Error(`unknown size ${size}`);
  return `sluice_bench_${size}`;
}

/** The URL of database `name` on the server of `serverUrl`. */
export function databaseUrl(serverUrl, name) {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Expected row counts of a size. */
export function rowCounts(size) {
  const { users, postsPerUser, commentsPerPost } = SIZES[size];
  return { users, posts: users * postsPerUser, comments: users * postsPerUser * commentsPerPost };
}

/**
 * Settings every session of a benchmark database gets, whatever the contender's driver sets, so
 * every contender's statements are planned and run alike:
 * - `jit = off`: generated SQL must not meet the JIT, which can spend a second compiling a
 *   statement that runs in milliseconds;
 * - `random_page_cost = 1.1`: the value for data in memory or on SSDs, which Sluice's own
 *   connections set (src/pg/driver/SqlClient.ts); with the server's default (4) a primary-key
 *   lookup in a small table is planned as a sequential scan, which at 10k made the one-statement
 *   Q3 (hand-written and Sluice alike) cost 1.8x the backend CPU.
 */
export async function applyDatabaseSettings(admin, name) {
  await admin.query(`ALTER DATABASE "${name}" SET jit = off`);
  await admin.query(`ALTER DATABASE "${name}" SET random_page_cost = 1.1`);
}

/**
 * Makes sure database `sluice_bench_<size>` holds the data of `size`: reuses it when its
 * fingerprint matches (unless `fresh`), else drops and rebuilds it. Returns `{ name, url, built, ms }`.
 */
export async function prepareDatabase({ serverUrl, size, fresh, log }) {
  const name = databaseName(size);
  const statements = [...schemaSql(), ...seedSql(SIZES[size])];
  const fingerprint = `sluice-bench ${createHash('sha256').update(statements.join(';\n')).digest('hex')}`;
  const started = performance.now();
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    const { rows } = await admin.query(
      `SELECT shobj_description(oid, 'pg_database') AS comment FROM pg_database WHERE datname = $1`,
      [name],
    );
    if (rows.length === 1 && rows[0].comment === fingerprint && !fresh) {
      await applyDatabaseSettings(admin, name);
      return {
        name,
        url: databaseUrl(serverUrl, name),
        built: false,
        ms: performance.now() - started,
      };
    }
    log(`building ${name} …`);
    // WITH (FORCE) ends leftover sessions of an earlier, interrupted run (PostgreSQL ≥ 13).
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.query(`CREATE DATABASE "${name}"`);
    await applyDatabaseSettings(admin, name);
  } finally {
    await admin.end();
  }
  const url = databaseUrl(serverUrl, name);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (const statement of statements) await client.query(statement);
    // Visibility map and hint bits set now, not during the first measured seconds.
    await client.query('VACUUM (ANALYZE) users, posts, comments');
    const expected = rowCounts(size);
    const { rows } = await client.query(
      `SELECT (SELECT count(*) FROM users)::int AS users, (SELECT count(*) FROM posts)::int AS posts,
              (SELECT count(*) FROM comments)::int AS comments`,
    );
    if (JSON.stringify(rows[0]) !== JSON.stringify(expected)) {
      throw new Error(
        `${name}: row counts ${JSON.stringify(rows[0])}, expected ${JSON.stringify(expected)}`,
      );
    }
    // Marked complete only once fully built, so an interrupted build is rebuilt next time.
    await client.query(`COMMENT ON DATABASE "${name}" IS '${fingerprint}'`);
  } finally {
    await client.end();
  }
  return { name, url, built: true, ms: performance.now() - started };
}

/** Drops the database of `size` (used with --drop). */
export async function dropDatabase({ serverUrl, size }) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS "${databaseName(size)}" WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}

/** PIDs of the client backends connected to database `name` (the contender's pool). */
export async function backendPids(admin, name) {
  const { rows } = await admin.query(
    `SELECT pid FROM pg_stat_activity WHERE datname = $1 AND backend_type = 'client backend'`,
    [name],
  );
  return rows.map((r) => r.pid);
}

/** How many backends of database `name` are running a statement right now. */
export async function activeBackends(admin, name) {
  const { rows } = await admin.query(
    `SELECT count(*)::int AS n FROM pg_stat_activity
     WHERE datname = $1 AND backend_type = 'client backend' AND state = 'active'`,
    [name],
  );
  return rows[0].n;
}
