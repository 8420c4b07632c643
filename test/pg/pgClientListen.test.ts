import { expect, it } from 'vitest';
import { createPgClient } from '../../src/pg/driver/createPgClient.js';
import { createPostgresClient } from '../../src/pg/driver/createPostgresClient.js';
import { createTestDatabase } from './support/testDatabase.js';

/**
 * node-postgres's LISTEN connection is terminated: it must say so (onLost), then LISTEN again
 * and say that (onListen).
 */
it('node-postgres listen survives a lost connection', async () => {
  if (!process.env['DATABASE_URL']) return; // node-postgres, which PGlite is not: a server only
  const db = await createTestDatabase();
  const client = createPgClient(db.url!);
  const other = createPostgresClient(db.url!, { max: 1 });
  const heard: string[] = [];
  const events: string[] = [];
  let listens = 0;
  try {
    await client.listen!(
      'sluice_cache_invalidate',
      (p) => heard.push(p),
      () => events.push(`listen ${++listens}`),
      () => events.push('lost'),
    );
    expect(listens).toBe(1);
    await other.exec(`SELECT pg_terminate_backend(pid, 5000) FROM pg_stat_activity
      WHERE datname = current_database() AND query LIKE 'LISTEN%'`);
    for (let i = 0; i < 100 && listens < 2; i++) await new Promise((r) => setTimeout(r, 50));
    expect(listens).toBe(2);
    expect(events).toEqual(['listen 1', 'lost', 'listen 2']);
    await other.query(`SELECT pg_notify('sluice_cache_invalidate', 'x')`);
    for (let i = 0; i < 100 && heard.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
    expect(heard).toEqual(['x']);
  } finally {
    await other.end();
    await client.end().catch(() => {});
    await db.drop();
  }
});
