import { PGlite } from '@electric-sql/pglite';
import { SESSION_SETTINGS, type SqlClient } from './SqlClient.js';

/**
 * PostgreSQL in-process (WebAssembly), the embedded default when no database URL is given: the
 * same compiler and the same SQL as a real server. PGlite has a single backend, so there is no
 * pool; it queues statements itself. `dataDir` keeps the database on disk (default: in memory).
 */
export async function createPgliteClient(options: { dataDir?: string } = {}): Promise<SqlClient> {
  const db = options.dataDir === undefined ? new PGlite() : new PGlite(options.dataDir);
  await db.waitReady;
  for (const [name, setting] of Object.entries(SESSION_SETTINGS)) {
    await db.query('SELECT set_config($1, $2, false)', [name, setting]);
  }
  return {
    driver: 'pglite',
    async query(text, values = []) {
      const result = await db.query<unknown[]>(text, values as unknown[], { rowMode: 'array' });
      return result.rows;
    },
    async exec(script) {
      await db.exec(script);
    },
    end: () => db.close(),
  };
}
