import postgres from 'postgres';
import { ConnectionGate } from './ConnectionGate.js';
import { SESSION_SETTINGS, type PoolOptions, type SqlClient } from './SqlClient.js';

/**
 * A pooled client on postgres.js (chosen over node-postgres by measurement, see docs/pg.md).
 * Statements are prepared once per connection and reused; results come back as arrays.
 */
export function createPostgresClient(url: string, options: PoolOptions = {}): SqlClient {
  const max = options.max ?? 10;
  const gate = new ConnectionGate(max, options.acquireTimeoutMs ?? 5_000);
  const sql = postgres(url, {
    max,
    prepare: true,
    onnotice: () => {},
    connection: connectionSettings(options),
    transform: { undefined: null },
  });
  return {
    driver: 'postgres',
    query: (text, values = []) =>
      gate.run(async () => {
        const rows = await sql.unsafe(text, values as never[], { prepare: true }).values();
        return rows as unknown as ReadonlyArray<ReadonlyArray<unknown>>;
      }),
    exec: (script) =>
      gate.run(async () => {
        await sql.unsafe(script).simple();
      }),
    end: () => sql.end({ timeout: 5 }),
  };
}

function connectionSettings(options: PoolOptions): Record<string, string> {
  const settings: Record<string, string> = { ...SESSION_SETTINGS, application_name: 'sluice' };
  if (options.statementTimeoutMs)
    settings['statement_timeout'] = String(options.statementTimeoutMs);
  return settings;
}
