import postgres from 'postgres';
import { ConnectionGate } from './ConnectionGate.js';
import { sessionSettings, type PoolOptions, type SqlClient } from './SqlClient.js';

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
    ...(options.connectTimeoutMs ? { connect_timeout: options.connectTimeoutMs / 1000 } : {}),
    onnotice: () => {},
    connection: connectionSettings(options),
    transform: { undefined: null },
    types: {
      // postgres.js turns date/timestamp parameters into a JS Date (rounding microseconds to
      // milliseconds and reading zone-less text in the local time zone). Sluice sends the text
      // it was given, and PostgreSQL parses it.
      sluiceTimes: {
        to: 1184,
        from: [1082, 1114, 1184],
        serialize: (x: unknown) => (x instanceof Date ? x.toISOString() : String(x)),
        parse: (x: string) => x,
      },
    },
  });
  return {
    driver: 'postgres',
    // postgres.js queries are promises: handed to the gate as they are, with no async wrapper
    // (each await is another trip through the microtask queue, per request).
    query: (text, values = []) =>
      gate.run(
        () =>
          sql.unsafe(text, values as never[], { prepare: true }).values() as unknown as Promise<
            ReadonlyArray<ReadonlyArray<unknown>>
          >,
      ),
    // .raw(): columns as Buffers sliced from what the socket received, with no text decoding.
    queryBytes: (text, values = []) =>
      gate.run(
        () =>
          sql.unsafe(text, values as never[], { prepare: true }).raw() as unknown as Promise<
            ReadonlyArray<ReadonlyArray<Uint8Array | null>>
          >,
      ),
    exec: (script) =>
      gate.run(async () => {
        await sql.unsafe(script).simple();
      }),
    end: () => sql.end({ timeout: 5 }),
  };
}

function connectionSettings(options: PoolOptions): Record<string, string> {
  return { application_name: 'sluice', ...sessionSettings(options) };
}
