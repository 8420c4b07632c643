/**
 * The one thing the PostgreSQL layer needs from a driver: run a statement with bind parameters and
 * hand back its rows as arrays. Every implementation (postgres.js, node-postgres, PGlite) prepares
 * statements and sets `jit = off` and `TimeZone = UTC` on each connection (DESIGN.md: PostgreSQL's
 * JIT can spend a second compiling a generated statement that runs in milliseconds).
 */
export interface SqlClient {
  /** "postgres", "pg" or "pglite": for logs and `explain`. */
  readonly driver: string;
  /** Runs one statement (extended protocol, prepared). Rows come back as arrays of column values. */
  query(text: string, values?: ReadonlyArray<unknown>): Promise<QueryRows>;
  /** Runs a script of several statements without parameters (schema setup, seeds). */
  exec(script: string): Promise<void>;
  /** Closes every connection. */
  end(): Promise<void>;
}

export type QueryRows = ReadonlyArray<ReadonlyArray<unknown>>;

/** Settings every Sluice connection runs with (sent as startup parameters where the driver can). */
export const SESSION_SETTINGS = { jit: 'off', TimeZone: 'UTC' } as const;

export interface PoolOptions {
  /** Most connections open at once. Default 10. */
  readonly max?: number;
  /** How long a query may wait for a free connection before it fails. Default 5,000 ms. */
  readonly acquireTimeoutMs?: number;
  /** `statement_timeout` for every connection, in ms (0 = none). Default 0. */
  readonly statementTimeoutMs?: number;
}
