import { createHash } from 'node:crypto';
import pg from 'pg';
import { ConnectionGate } from './ConnectionGate.js';
import { sessionSettings, type PoolOptions, type SqlClient } from './SqlClient.js';

/**
 * A pooled client on node-postgres, kept for the driver comparison (test/pg/measure/drivers.ts)
 * and for apps that already use `pg`. Named statements make node-postgres prepare once per
 * connection.
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
  const nameOf = (text: string) => {
    let name = names.get(text);
    if (name === undefined) {
      name = 's' + createHash('sha1').update(text).digest('hex').slice(0, 20);
      names.set(text, name);
    }
    return name;
  };
  return {
    driver: 'pg',
    query: (text, values = []) =>
      gate.run(async () => {
        const result = await pool.query({
          name: nameOf(text),
          text,
          values: values as unknown[],
          rowMode: 'array',
        });
        return result.rows as unknown[][];
      }),
    exec: (script) =>
      gate.run(async () => {
        await pool.query(script);
      }),
    end: () => pool.end(),
  };
}
