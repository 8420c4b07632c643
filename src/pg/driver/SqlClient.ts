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
  /**
   * Like `query`, with every column as the UTF-8 bytes PostgreSQL sent (null for SQL NULL),
   * undecoded. Optional: a driver that decodes anyway (PGlite) leaves it out.
   */
  queryBytes?(text: string, values?: ReadonlyArray<unknown>): Promise<ByteRows>;
  /** Runs a script of several statements without parameters (schema setup, seeds). */
  exec(script: string): Promise<void>;
  /** Closes every connection. */
  end(): Promise<void>;
}

export type QueryRows = ReadonlyArray<ReadonlyArray<unknown>>;
export type ByteRows = ReadonlyArray<ReadonlyArray<Uint8Array | null>>;

/**
 * Settings every Sluice connection runs with (sent as startup parameters where the driver can).
 *
 * `plan_cache_mode = force_custom_plan`: every value of a Sluice statement is a bind parameter,
 * LIMITs included. After five executions PostgreSQL may switch a prepared statement to a generic
 * plan, which does not know the LIMIT and can walk the wrong index for a nested, per-parent
 * `LIMIT $n` (Q3 of bench/pg at 50k rows: 2.6× the backend CPU of the same SQL with literal
 * limits). Custom plans are made with the actual values at a planning cost per execution
 * (measured with test/pg/measure/limitPlans.ts; figures in docs/pg.md).
 *
 * `random_page_cost = 1.1` (PostgreSQL's default, 4, prices spinning disks): with it the planner
 * sees a primary-key lookup in a small table as cheaper than a sequential scan. A generated
 * statement makes one such lookup per row of a to-one relation (Q3 of bench/pg: 1,000 per
 * request), and at 100 users the default plan scans the table each time: the statement costs
 * 1.8× the backend CPU (test/pg/measure/plannerCosts.ts; docs/pg.md). 1.1 is the usual value
 * for SSDs and for databases that fit in memory; `PoolOptions.settings` changes or drops it.
 */
export const SESSION_SETTINGS: Readonly<Record<string, string>> = {
  jit: 'off',
  TimeZone: 'UTC',
  plan_cache_mode: 'force_custom_plan',
  random_page_cost: '1.1',
};

/** SESSION_SETTINGS with a pool's own `settings` over them (null: leave the server's value). */
export function sessionSettings(options: PoolOptions): Record<string, string> {
  const merged: Record<string, string | null> = { ...SESSION_SETTINGS, ...options.settings };
  const settings: Record<string, string> = {};
  for (const [name, value] of Object.entries(merged)) if (value !== null) settings[name] = value;
  if (options.statementTimeoutMs)
    settings['statement_timeout'] = String(options.statementTimeoutMs);
  return settings;
}

export interface PoolOptions {
  /** Most connections open at once. Default 10. */
  readonly max?: number;
  /** How long a query may wait for a free connection before it fails. Default 5,000 ms. */
  readonly acquireTimeoutMs?: number;
  /** `statement_timeout` for every connection, in ms (0 = none). Default 0. */
  readonly statementTimeoutMs?: number;
  /** How long opening a connection may take before it fails. Default 30,000 ms. */
  readonly connectTimeoutMs?: number;
  /**
   * Run-time settings for every connection, over SESSION_SETTINGS: a value replaces Sluice's, null
   * keeps the server's own (e.g. `{ random_page_cost: null }`).
   */
  readonly settings?: Readonly<Record<string, string | null>>;
}
