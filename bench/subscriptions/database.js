// The benchmark's database, made afresh at every run: `users` and `posts` (author_id → users),
// and the trigger the typical stack listens to. Sluice's own triggers are installed by its
// contender (`sluice db triggers --apply`), as an application would.
import pg from 'pg';

export const DATABASE = 'sluice_bench_subscriptions';

/** The NOTIFY channel of the typical stack's trigger; its payload is `{"op":…,"id":…}`. */
export const TYPICAL_CHANNEL = 'sluice_bench_post_events';

/** application_name of the driver's connection: its backend is not the contender's. */
export const DRIVER_APPLICATION = 'sluice_bench_driver';

const USERS = 100;

const SCHEMA_SQL = `
  CREATE TABLE users (id integer PRIMARY KEY, username text NOT NULL);
  CREATE TABLE posts (
    id serial PRIMARY KEY,
    title text NOT NULL,
    author_id integer NOT NULL REFERENCES users (id),
    sent_at_ms double precision NOT NULL
  );
  CREATE INDEX ON posts (author_id);
  INSERT INTO users (id, username) SELECT i, 'user' || i FROM generate_series(1, ${USERS}) AS i;
  CREATE FUNCTION sluice_bench_notify() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    PERFORM pg_notify('${TYPICAL_CHANNEL}', json_build_object('op', TG_OP, 'id', NEW.id)::text);
    RETURN NULL;
  END $$;
  CREATE TRIGGER sluice_bench_notify AFTER INSERT OR UPDATE ON posts
    FOR EACH ROW EXECUTE FUNCTION sluice_bench_notify();
  ALTER DATABASE ${DATABASE} SET jit = off;
`;

/** The URL of the benchmark database on the server of `serverUrl`. */
export function databaseUrl(serverUrl) {
  const url = new URL(serverUrl);
  url.pathname = `/${DATABASE}`;
  return url.toString();
}

/** Drops and creates the database; returns its URL. */
export async function createDatabase(serverUrl) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${DATABASE}`);
  } finally {
    await admin.end();
  }
  const url = databaseUrl(serverUrl);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(SCHEMA_SQL);
  } finally {
    await client.end();
  }
  return url;
}

/** Drops the database (--drop). */
export async function dropDatabase(serverUrl) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}

/** PIDs of the backends serving the contender: every client backend of the database but the driver's. */
export async function contenderBackends(admin) {
  const { rows } = await admin.query(
    `SELECT pid FROM pg_stat_activity
      WHERE datname = $1 AND backend_type = 'client backend' AND application_name <> $2`,
    [DATABASE, DRIVER_APPLICATION],
  );
  return rows.map((r) => r.pid);
}
