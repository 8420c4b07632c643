import { describe, expect, it } from 'vitest';
import { connect } from '../../src/pg/driver/connect.js';
import type { SqlClient } from '../../src/pg/driver/SqlClient.js';
import { useTestDatabase } from './support/testDatabase.js';

const db = useTestDatabase();

const SHOW = `SELECT current_setting('plan_cache_mode'), current_setting('TimeZone'),
  current_setting('jit'), current_setting('random_page_cost'), current_setting('work_mem')`;

/** What every connection of `client` answers: several queries at once, so a pool uses several. */
async function settingsOf(client: SqlClient): Promise<unknown[]> {
  const answers = await Promise.all(Array.from({ length: 6 }, () => client.query(SHOW)));
  const distinct = new Set(answers.map((rows) => JSON.stringify(rows)));
  expect(distinct.size).toBe(1);
  return answers[0]![0] as unknown[];
}

describe('session settings', () => {
  it('runs every connection with jit off, UTC, custom plans and SSD page costs (see SqlClient.ts)', async () => {
    const [planCacheMode, timeZone, jit, randomPageCost] = await settingsOf(db.client);
    expect([planCacheMode, timeZone, jit, randomPageCost]).toEqual([
      'force_custom_plan',
      'UTC',
      'off',
      '1.1',
    ]);
  });

  it("takes a pool's own settings over Sluice's, and null for the server's value", async () => {
    // PGlite (no URL) is one database per client, so this test makes its own on either kind.
    const client = await connect({
      url: db.url,
      max: 2,
      settings: { random_page_cost: null, work_mem: '8MB', jit: 'on' },
    });
    try {
      const [, , jit, randomPageCost, workMem] = await settingsOf(client);
      expect([jit, randomPageCost, workMem]).toEqual(['on', '4', '8MB']);
    } finally {
      await client.end();
    }
  });
});
