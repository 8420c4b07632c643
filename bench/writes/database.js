// The CoffeeBeanery database: created once, its tables rebuilt at the start of every run, its
// rows reset (fixture.js) before every measured write run.
import pg from 'pg';
import { applyDatabaseSettings, databaseUrl } from '../pg/database.js';
import { COUNTS_SQL, TABLES, resetSql, schemaSql } from './fixture.js';

export const DATABASE = 'sluice_bench_coffee';

/**
 * Creates the database if needed, applies the settings every contender's sessions share
 * (bench/pg/database.js, plus `TimeZone = UTC`: timestamps read back in one zone, whatever the
 * driver), rebuilds the tables and fills them. Returns `{ name, url }`.
 */
export async function prepareCoffeeDatabase(serverUrl) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [
      DATABASE,
    ]);
    if (rowCount === 0) await admin.query(`CREATE DATABASE "${DATABASE}"`);
    await applyDatabaseSettings(admin, DATABASE);
    await admin.query(`ALTER DATABASE "${DATABASE}" SET TimeZone = 'UTC'`);
  } finally {
    await admin.end();
  }
  const url = databaseUrl(serverUrl, DATABASE);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (const statement of schemaSql()) await client.query(statement);
    await resetFixture(client);
  } finally {
    await client.end();
  }
  return { name: DATABASE, url };
}

/** Puts the fixture back (fixture.js resetSql) and checks its row counts. */
export async function resetFixture(client) {
  for (const statement of resetSql()) await client.query(statement);
  const { rows } = await client.query(COUNTS_SQL);
  const expected = TABLES.map((t) => t.rows);
  if (JSON.stringify(rows[0].counts) !== JSON.stringify(expected)) {
    throw new Error(`fixture counts ${rows[0].counts}, expected ${expected}`);
  }
}

/** Drops the database (used with --drop). */
export async function dropCoffeeDatabase(serverUrl) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS "${DATABASE}" WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}
