import { existsSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createPgliteClient } from '../../src/pg/driver/createPgliteClient.js';
import { clusterCache } from '../../src/pg/driver/pgliteClusterCache.js';

/** PGlite starts from a cached dump of a fresh cluster instead of running initdb each time. */
describe('PGlite cluster cache', () => {
  const tables = (client: Awaited<ReturnType<typeof createPgliteClient>>) =>
    client.query(`SELECT count(*)::int FROM pg_tables WHERE schemaname = 'public'`);

  it('keeps a fresh cluster: what one database creates never reaches the next', async () => {
    const first = await createPgliteClient();
    await first.exec('CREATE TABLE leak (id int)');
    expect(await tables(first)).toEqual([[1]]);
    await first.end();
    const cache = clusterCache();
    expect(cache && existsSync(cache.file)).toBe(true);
    const second = await createPgliteClient();
    expect(await tables(second)).toEqual([[0]]);
    expect(await second.query(`SELECT current_setting('plan_cache_mode')`)).toEqual([
      ['force_custom_plan'],
    ]);
    await second.end();
  }, 300_000);

  it('runs initdb instead when the cached dump is damaged, and replaces it', async () => {
    const cache = clusterCache();
    if (!cache) throw new Error('node_modules/.cache must be writable for this test');
    writeFileSync(cache.file, 'not a tarball');
    const client = await createPgliteClient();
    expect(await client.query('SELECT 1 + 1')).toEqual([[2]]);
    await client.end();
    expect(cache.read()?.size ?? 0).toBeGreaterThan(1_000_000);
  }, 300_000);
});
