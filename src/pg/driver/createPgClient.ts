import { createHash } from 'node:crypto';
import pg from 'pg';
import { ConnectionGate } from './ConnectionGate.js';
import { compileSql } from '../sql/compileSql.js';
import { identifier, sql } from '../sql/sql.js';
import {
  assertChannel,
  MAX_PREPARED_STATEMENTS,
  sessionSettings,
  type PoolOptions,
  type QueryOptions,
  type SqlClient,
  type SqlTransaction,
} from './SqlClient.js';
import { SetupError } from './setupStatement.js';
import { retryWithBackoff } from './retryWithBackoff.js';

/**
 * A pooled client on node-postgres, kept for the driver comparison (test/pg/measure/drivers.ts)
 * and for apps that already use `pg`. Named statements make node-postgres prepare once per
 * connection; it keeps every one for the connection's life, so only the first
 * `maxPreparedStatements` distinct texts get a name and the rest run unnamed (bounded, and enough
 * for a comparison; the postgres.js client recycles its connections instead, see
 * createPostgresClient.ts).
 */
export function createPgClient(url: string, options: PoolOptions = {}): SqlClient {
  const max = options.max ?? 10;
  const gate = new ConnectionGate(max, options.acquireTimeoutMs ?? 5_000);
  const settings = sessionSettings(options);
  const pool = new pg.Pool({
    connectionString: url,
    max,
    application_name: 'sluice',
    // libpq's options string: spaces and backslashes in a value are escaped with a backslash.
    options: Object.entries(settings)
      .map(([k, v]) => `-c ${k}=${v.replace(/[\\ ]/g, '\\$&')}`)
      .join(' '),
  });
  const names = new Map<string, string>();
  const maxNames = options.maxPreparedStatements ?? MAX_PREPARED_STATEMENTS;
  const nameOf = (text: string): string | undefined => {
    let name = names.get(text);
    if (name === undefined && names.size < maxNames) {
      name = 's' + createHash('sha1').update(text).digest('hex').slice(0, 20);
      names.set(text, name);
    }
    return name;
  };
  /** Runs a statement on the pool or on one connection, named (prepared) while names last. */
  const runNamed = async (
    on: pg.Pool | pg.PoolClient,
    text: string,
    values: ReadonlyArray<unknown>,
  ): Promise<unknown[][]> => {
    const name = nameOf(text);
    const result = await on.query({
      ...(name === undefined ? {} : { name }),
      text,
      values: values as unknown[],
      rowMode: 'array',
    });
    return result.rows as unknown[][];
  };
  const listeners = new Set<pg.Client>();
  // A setup (QueryOptions.setup) runs first, after BEGIN. node-postgres sends a connection's
  // statements one after the other, so here it costs a round trip of its own.
  const transaction = <T>(
    work: (tx: SqlTransaction) => Promise<T>,
    queryOptions: QueryOptions | undefined,
  ): Promise<T> =>
    gate.run(async () => {
      const connection = await pool.connect();
      let failed = false;
      try {
        await connection.query('BEGIN');
        const setup = queryOptions?.setup;
        if (setup !== undefined) {
          try {
            await runNamed(connection, setup.text, setup.values);
          } catch (error) {
            throw new SetupError(error);
          }
        }
        const result = await work({
          query: (text, values = []) => runNamed(connection, text, values),
        });
        await connection.query('COMMIT');
        return result;
      } catch (error) {
        failed = true;
        await connection.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        connection.release(failed);
      }
    }, queryOptions);
  return {
    driver: 'pg',
    // A signal takes the query out of the pool's line; node-postgres has no cancel of its own, so
    // a statement already running runs to its end (or to statement_timeout).
    query: (text, values = [], queryOptions) =>
      queryOptions?.setup !== undefined
        ? transaction((tx) => tx.query(text, values), queryOptions)
        : gate.run(() => runNamed(pool, text, values), queryOptions),
    transaction,
    async listen(channel, onNotify, onListen, onLost) {
      assertChannel(channel);
      let closed = false;
      let current: pg.Client | undefined;
      // One connection of its own; when it is lost ('error' then 'end'), another is made and
      // LISTENs again (retried with back-off); onLost says notifications are being missed, onListen
      // that they were.
      const open = async (): Promise<void> => {
        const client = new pg.Client({ connectionString: url, application_name: 'sluice' });
        client.on('error', () => {});
        client.on('notification', (message) => {
          if (message.channel === channel) onNotify(message.payload ?? '');
        });
        let ready = false;
        client.on('end', () => {
          listeners.delete(client);
          if (!ready || closed || current !== client) return;
          onLost?.();
          void reopen();
        });
        current = client;
        listeners.add(client);
        await client.connect();
        await client.query(compileSql(sql`LISTEN ${identifier(channel)}`).text);
        ready = true;
      };
      const reopen = () =>
        retryWithBackoff(
          async () => {
            await open();
            onListen?.();
          },
          () => closed,
          () => current?.end().catch(() => {}),
        );
      await open();
      onListen?.();
      return async () => {
        closed = true;
        const client = current;
        if (client !== undefined) {
          listeners.delete(client);
          await client.end();
        }
      };
    },
    exec: (script) =>
      gate.run(async () => {
        await pool.query(script);
      }),
    end: async () => {
      await Promise.all([pool.end(), ...[...listeners].map((client) => client.end())]);
    },
  };
}
