import { describe, expect, it } from 'vitest';
import { connect, type ConnectOptions } from '../../src/pg/driver/connect.js';
import type { SqlClient } from '../../src/pg/driver/SqlClient.js';
import { useTestDatabase } from './support/testDatabase.js';

const db = useTestDatabase();
const onServer = Boolean(process.env['DATABASE_URL']);

const PREPARED = 'SELECT count(*)::int FROM pg_prepared_statements';

/** The prepared statements of the connection that runs this (max: 1, so the only one). */
async function preparedCount(client: SqlClient): Promise<number> {
  return (await client.query(PREPARED))[0]![0] as number;
}

async function withClient<T>(
  options: ConnectOptions,
  use: (client: SqlClient) => Promise<T>,
): Promise<T> {
  // One connection: every statement lands on it, the strictest case for the bound.
  const client = await connect({ url: db.url, max: 1, ...options });
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

describe('prepared statements per connection', () => {
  it('stay within maxPreparedStatements however many distinct statements run', async () => {
    await withClient({ maxPreparedStatements: 100 }, async (client) => {
      let most = 0;
      for (let i = 0; i < 3_000; i++) {
        await client.query(`SELECT $1::int + ${i} AS n`, [1]);
        if (i % 250 === 249) most = Math.max(most, await preparedCount(client));
      }
      most = Math.max(most, await preparedCount(client));
      // postgres.js prepares one statement of its own per connection (its array-type lookup).
      expect(most).toBeLessThanOrEqual(101);
    });
  }, 120_000);

  it('stay within maxPreparedStatementBytes of text', async () => {
    // Each statement is about 1 kB; 10 kB hold at most 10 of them.
    const padding = 'x'.repeat(1_000);
    await withClient(
      { maxPreparedStatements: 1_000, maxPreparedStatementBytes: 10_000 },
      async (client) => {
        let most = 0;
        for (let i = 0; i < 200; i++) {
          await client.query(`SELECT $1::int + ${i} AS n, '${padding}' AS pad`, [1]);
          most = Math.max(most, await preparedCount(client));
        }
        expect(most).toBeLessThanOrEqual(11);
      },
    );
  }, 120_000);

  if (onServer) {
    it('keeps a statement that runs again prepared, and answers it alike', async () => {
      await withClient({ maxPreparedStatements: 100 }, async (client) => {
        const text = 'SELECT $1::int * 2 AS doubled';
        for (const n of [1, 2, 3]) expect(await client.query(text, [n])).toEqual([[n * 2]]);
        const rows = await client.query(
          'SELECT count(*)::int FROM pg_prepared_statements WHERE statement = $1',
          [text],
        );
        expect(rows).toEqual([[1]]);
      });
    });

    it('prepares nothing with maxPreparedStatements: 0', async () => {
      await withClient({ maxPreparedStatements: 0 }, async (client) => {
        for (let i = 0; i < 50; i++) await client.query(`SELECT $1::int + ${i}`, [1]);
        expect(await preparedCount(client)).toBeLessThanOrEqual(1);
      });
    });

    it('closes the connections of a replaced pool, so the backends stay within max', async () => {
      const name = `sluice_recycle_${process.pid}`;
      await withClient(
        { max: 3, maxPreparedStatements: 20, settings: { application_name: name } },
        async (client) => {
          for (let i = 0; i < 600; i += 3) {
            await Promise.all(
              [0, 1, 2].map((k) => client.query(`SELECT $1::int + ${i + k}, pg_sleep(0.001)`, [1])),
            );
          }
          // A replaced pool closes its connections as their queries finish: wait a bounded while.
          const backends = async () =>
            (
              await db.client.query(
                'SELECT count(*)::int FROM pg_stat_activity WHERE application_name = $1',
                [name],
              )
            )[0]![0] as number;
          let count = await backends();
          for (let tries = 0; count > 3 && tries < 100; tries++) {
            await new Promise((r) => setTimeout(r, 50));
            count = await backends();
          }
          expect(count).toBeLessThanOrEqual(3);
          expect(count).toBeGreaterThan(0);
        },
      );
    }, 120_000);
  }
});
