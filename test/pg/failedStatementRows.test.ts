import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresClient } from '../../src/pg/driver/createPostgresClient.js';
import type { SqlClient } from '../../src/pg/driver/SqlClient.js';
import { useTestDatabase } from './support/testDatabase.js';

/**
 * A statement that fails after sending some of its rows must not change what the next statement
 * on the same connection answers (postgres.js 3.4.9 kept counting rows across the failure, and
 * the next statement's rows came after empty slots). On a server, one connection so that "the
 * next" is that connection's; on PGlite, the embedded client.
 */
const db = useTestDatabase();
let client: SqlClient;
beforeAll(() => {
  client = db.url === undefined ? db.client : createPostgresClient(db.url, { max: 1 });
});
afterAll(async () => {
  if (client !== db.client) await client.end();
});

/** Sends rows 1 and 2, then fails (division by zero) at row 3. */
const FAILS_MID_ROWS = 'SELECT 10 / (3 - i) AS v FROM generate_series(1, 3) AS i';
const text = (rows: ReadonlyArray<ReadonlyArray<unknown>>) =>
  rows.map((row) => row.map((v) => (v instanceof Uint8Array ? Buffer.from(v).toString() : v)));

async function failMidRows(): Promise<void> {
  await expect(client.query(FAILS_MID_ROWS)).rejects.toThrow(/division by zero/);
}

describe('after a statement failed partway through its rows', () => {
  it('the next query answers its own rows', async () => {
    await failMidRows();
    expect(await client.query('SELECT 1 AS a UNION ALL SELECT 2')).toEqual([[1], [2]]);
  });

  it('so does the next bytes query (on a client that has them)', async () => {
    await failMidRows();
    const rows = client.queryBytes
      ? text(await client.queryBytes('SELECT 7 AS a UNION ALL SELECT 8'))
      : await client.query("SELECT '7' AS a UNION ALL SELECT '8'");
    expect(rows).toEqual([['7'], ['8']]);
  });
});
