import { describe, expect, it } from 'vitest';
import { useTestDatabase } from './support/testDatabase.js';

const db = useTestDatabase();

describe('session settings', () => {
  it('runs every connection with jit off, UTC and custom plans (see SqlClient.ts)', async () => {
    // Several rounds, so that with a pool more than one connection answers.
    const queries = Array.from({ length: 6 }, () =>
      db.client.query(
        `SELECT current_setting('plan_cache_mode'), current_setting('TimeZone'), current_setting('jit')`,
      ),
    );
    for (const rows of await Promise.all(queries)) {
      expect(rows).toEqual([['force_custom_plan', 'UTC', 'off']]);
    }
  });
});
