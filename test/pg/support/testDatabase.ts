import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import { createPgliteClient } from '../../../src/pg/driver/createPgliteClient.js';
import { createPostgresClient } from '../../../src/pg/driver/createPostgresClient.js';
import type { SqlClient } from '../../../src/pg/driver/SqlClient.js';

export interface TestDatabase {
  readonly client: SqlClient;
  /** The URL of the fresh database on a real server; undefined on PGlite. */
  readonly url: string | undefined;
  drop(): Promise<void>;
}

/**
 * A fresh, empty database for one test file: with `DATABASE_URL` set, `CREATE DATABASE
 * sluice_test_<random>` on that server (dropped afterwards, with FORCE); without, a new in-memory
 * PGlite. Tests never see another file's leftovers.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env['DATABASE_URL'];
  if (!serverUrl) {
    const client = await createPgliteClient();
    return { client, url: undefined, drop: () => client.end() };
  }
  const name = `sluice_test_${randomBytes(6).toString('hex')}`;
  const admin = createPostgresClient(serverUrl, { max: 1 });
  // `name` is made here from hex digits only; CREATE DATABASE takes no bind parameters.
  await admin.exec(`CREATE DATABASE "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const client = createPostgresClient(url.toString(), { max: 4 });
  return {
    client,
    url: url.toString(),
    async drop() {
      await client.end();
      await admin.exec(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
    },
  };
}

const SETUP_TIMEOUT_MS = 300_000;

/** Registers beforeAll/afterAll hooks that create the database, run `setup`, and drop it. */
export function useTestDatabase(setup?: (client: SqlClient) => Promise<void>): {
  readonly client: SqlClient;
  readonly url: string | undefined;
} {
  let db: TestDatabase | undefined;
  // Starting PGlite (WebAssembly) takes seconds, and minutes on a loaded 2-core machine.
  beforeAll(async () => {
    db = await createTestDatabase();
    if (setup) await setup(db.client);
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await db?.drop();
  }, SETUP_TIMEOUT_MS);
  return {
    get client() {
      if (!db) throw new Error('The test database is created in beforeAll');
      return db.client;
    },
    get url() {
      return db?.url;
    },
  };
}
