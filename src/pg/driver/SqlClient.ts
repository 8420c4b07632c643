/**
 * The one thing the PostgreSQL layer needs from a driver: run a statement with bind parameters and
 * hand back its rows as arrays. Every implementation (postgres.js, node-postgres, PGlite) prepares
 * statements and applies SESSION_SETTINGS on each connection (DESIGN.md: PostgreSQL's JIT can
 * spend a second compiling a generated statement that runs in milliseconds).
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

/**
 * Settings every Sluice connection runs with (sent as startup parameters where the driver can).
 *
 * `plan_cache_mode = force_custom_plan`: every value of a Sluice statement is a bind parameter,
 * LIMITs included. After five executions PostgreSQL may switch a prepared statement to a generic
 * plan, which does not know the LIMIT and can walk the wrong index for a nested, per-parent
 * `LIMIT $n` (Q3 of bench/pg at 50k rows: 2.6× the backend CPU of the same SQL with literal
 * limits). Custom plans are made with the actual values at a planning cost per execution
 * (measured with test/pg/measure/limitPlans.ts; figures in docs/pg.md).
 */
export const SESSION_SETTINGS = {
  jit: 'off',
  TimeZone: 'UTC',
  plan_cache_mode: 'force_custom_plan',
} as const;

export interface PoolOptions {
  /** Most connections open at once. Default 10. */
  readonly max?: number;
  /** How long a query may wait for a free connection before it fails. Default 5,000 ms. */
  readonly acquireTimeoutMs?: number;
  /** `statement_timeout` for every connection, in ms (0 = none). Default 0. */
  readonly statementTimeoutMs?: number;
  /** How long opening a connection may take before it fails. Default 30,000 ms. */
  readonly connectTimeoutMs?: number;
}
