/**
 * The one thing the PostgreSQL layer needs from a driver: run a statement with bind parameters and
 * hand back its rows as arrays. Every implementation (postgres.js, node-postgres, PGlite) prepares
 * statements and applies SESSION_SETTINGS on each connection (docs/pg.md, "Connections"), among
 * them `jit = off`: PostgreSQL's JIT can spend a second compiling a generated statement that runs
 * in milliseconds.
 */
export interface SqlClient {
  /** "postgres", "pg" or "pglite": for logs and `explain`. */
  readonly driver: string;
  /** Runs one statement (extended protocol, prepared). Rows come back as arrays of column values. */
  query(text: string, values?: ReadonlyArray<unknown>, options?: QueryOptions): Promise<QueryRows>;
  /**
   * Like `query`, with every column as the UTF-8 bytes PostgreSQL sent (null for SQL NULL),
   * undecoded. Optional: a driver that decodes anyway (PGlite) leaves it out.
   */
  queryBytes?(
    text: string,
    values?: ReadonlyArray<unknown>,
    options?: QueryOptions,
  ): Promise<ByteRows>;
  /**
   * Runs `work` in one transaction on one connection (READ COMMITTED): committed when it resolves,
   * rolled back when it rejects. Statements run one after the other through `tx`. The signal, when
   * it aborts, stops the statement running (where the driver can) and rejects. Optional: a client
   * without it serves no mutations.
   */
  transaction?<T>(work: (tx: SqlTransaction) => Promise<T>, options?: QueryOptions): Promise<T>;
  /**
   * `LISTEN` on `channel` (a lower-case SQL identifier) on a connection of its own, calling
   * `onNotify` with each notification's payload, until the returned function is called or the
   * client ends. Optional: a client without it cannot hear other processes' notifications.
   * `onListen` is called each time the LISTEN is in place: once before the promise settles, and
   * again whenever the connection was lost and the LISTEN made anew (a PostgreSQL restart): the
   * notifications sent in between were missed. `onLost` is called when the connection is lost,
   * before it is made anew: until the next `onListen`, notifications are missed.
   */
  listen?(
    channel: string,
    onNotify: (payload: string) => void,
    onListen?: () => void,
    onLost?: () => void,
  ): Promise<() => Promise<void>>;
  /**
   * Runs `statements` in one transaction on one connection, like `transaction` running them one
   * after the other, but sent together: BEGIN, every statement and COMMIT in one write (one round
   * trip, whatever the number of statements). Resolves with each statement's rows, their columns
   * as `queryBytes` gives them (UTF-8 bytes, null for NULL), once the transaction committed. A
   * failing statement aborts the transaction (the statements after it fail too, unseen) and
   * PostgreSQL ends it at the COMMIT with a rollback; the promise then rejects with a
   * StatementFailure naming the statement (a failing COMMIT: index `statements.length`). When
   * the signal aborts, the statement running is cancelled, which rolls the transaction back the
   * same way, and the promise rejects with the abort's error; once the last statement has ended,
   * the COMMIT stands. Statements marked `genericPlan` at the start of the batch may run under
   * generic plans (BatchStatement.genericPlan). Optional: without it, callers use `transaction`.
   */
  transactionBatch?(
    statements: ReadonlyArray<BatchStatement>,
    options?: QueryOptions,
  ): Promise<ByteRows[]>;
  /**
   * Set on a client over read replicas (createReplicatedClient): the primary alone. A mutation
   * of one statement, sent outside a transaction, runs there (a replica refuses writes), and so
   * do reads that must see a commit a notification announced (change events, live queries),
   * since a replica may not have replayed it yet. A client that sends statements outside a
   * transaction anywhere but to a primary must set it.
   */
  readonly primary?: SqlClient | undefined;
  /** Runs a script of several statements without parameters (schema setup, seeds). */
  exec(script: string): Promise<void>;
  /** Closes every connection. */
  end(): Promise<void>;
}

/** The statements of one transaction (SqlClient.transaction), on its connection. */
export interface SqlTransaction {
  query(text: string, values?: ReadonlyArray<unknown>): Promise<QueryRows>;
}

/** A statement of SqlClient.transactionBatch. */
export interface BatchStatement {
  readonly text: string;
  readonly values: ReadonlyArray<unknown>;
  /**
   * The statement's plan hardly depends on its values, nor do those of what it fires (the
   * foreign-key checks of the rows it inserts): it may run under a generic plan, like
   * `QueryOptions.genericPlan`. postgres.js runs a batch that starts with such statements on a
   * connection with `plan_cache_mode = auto`, and switches the transaction's mode before each
   * statement that needs another (batchPlans in genericPlanPools.ts). Other drivers ignore it.
   */
  readonly genericPlan?: boolean | undefined;
  /**
   * The statement's plan depends on none of its values but the arrays of keys its rows are found
   * by (a mutation's read-back with no parameter in its selection), whose length a custom plan
   * would count and a generic one takes for ten: planning it again for each execution buys
   * nothing. postgres.js runs it under `plan_cache_mode = force_generic_plan` in a batch on a
   * generic-plan connection (batchPlans in genericPlanPools.ts). Other drivers ignore it.
   */
  readonly fixedPlan?: boolean | undefined;
}

/** The error of statement `index` of a transactionBatch (the database's, as `error`). */
export class StatementFailure extends Error {
  constructor(
    readonly index: number,
    readonly error: unknown,
  ) {
    super(error instanceof Error ? error.message : String(error));
  }
}

export interface QueryOptions {
  /**
   * Gives the query up when it aborts: a query still waiting for a connection leaves the line, a
   * running one is cancelled on the server (postgres.js; PGlite runs in-process and cannot be
   * interrupted, see docs/pg.md), and the promise rejects at once with a GraphQLError (the
   * signal's reason when it is one, else TIMEOUT). The connection is free again once the server
   * has stopped the statement.
   *
   * Read lazily, and it may be a getter that makes the signal on first access: postgres.js and
   * node-postgres read it only for a query that has to wait for a connection, or that is still
   * running after 50–100 ms; a query that ends sooner is never cancelled.
   */
  readonly signal?: AbortSignal | undefined;
  /**
   * Whether the query was given up, answered without making `signal` (Abortable.aborted): a
   * query waiting for a connection is asked this, not its signal. Optional: where it is absent,
   * `signal.aborted` says it.
   */
  readonly aborted?: boolean | undefined;
  /**
   * A statement to run first, in the same transaction: the request's settings (`set_config(…,
   * true)`, see compile/requestSettings.ts). With it, `query` and `queryBytes` run the setup and
   * the statement in a transaction of their own, sent together where the driver can pipeline
   * (postgres.js: BEGIN, setup, statement and COMMIT in one write, one round trip); the rows are
   * the statement's. `transaction` runs it before `work`'s first statement, pipelined with it.
   * When the setup fails, that is the error (the statement after it fails only because the
   * transaction is aborted). Without it a query is one statement, with no transaction.
   */
  readonly setup?: SetupStatement | undefined;
  /**
   * The statement's plan hardly depends on its values (a compiled statement that binds no value
   * per row of a nested level: `Statement.genericPlan` in compile/createPgSource.ts): postgres.js
   * runs it on a connection with `plan_cache_mode = auto`, where PostgreSQL may keep a generic plan
   * and skip the planning of each execution (docs/pg.md, "Generic plans where no value is bound
   * per parent row"). Other drivers, and a pool whose `settings` name `plan_cache_mode`, ignore
   * it.
   */
  readonly genericPlan?: boolean | undefined;
}

/** A statement with its bind values (QueryOptions.setup). */
export interface SetupStatement {
  readonly text: string;
  readonly values: ReadonlyArray<unknown>;
}

export type QueryRows = ReadonlyArray<ReadonlyArray<unknown>>;
export type ByteRows = ReadonlyArray<ReadonlyArray<Uint8Array | null>>;

/**
 * Settings every Sluice connection runs with (sent as startup parameters where the driver can).
 *
 * `plan_cache_mode = force_custom_plan`: every value of a Sluice statement is a bind parameter,
 * a request's LIMITs included (the default page size is written out). After five executions
 * PostgreSQL may switch a prepared statement to a generic plan, which does not know the LIMIT
 * and can walk the wrong index for a nested, per-parent `LIMIT $n` (Q3 of bench/pg at 50k rows:
 * 2.6× the backend CPU of the same SQL with literal limits). Custom plans are made with the
 * actual values at a planning cost per execution (measured with test/pg/measure/limitPlans.ts;
 * figures in docs/pg.md). A statement that binds no value per row of a nested level has no such
 * LIMIT and runs on connections with `auto` (QueryOptions.genericPlan).
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
  const timeout = options.statementTimeoutMs ?? STATEMENT_TIMEOUT_MS;
  if (timeout > 0) settings['statement_timeout'] = String(timeout);
  return settings;
}

/**
 * PoolOptions.statementTimeoutMs's default: the server's default operation timeout
 * (src/server, 30 s). A statement nobody waits for any more must not hold a connection forever.
 */
export const STATEMENT_TIMEOUT_MS = 30_000;

/**
 * PoolOptions.maxPreparedStatements's default. A prepared statement costs its backend memory for
 * the connection's life: 33 kB for a 404-byte Sluice statement, 134 kB for a 3 kB one
 * (test/pg/measure/preparedStatements.ts). At this bound one backend peaked at 35 MB with small
 * statements, while an application with a few hundred operations and their variable shapes never
 * reaches it and never reconnects.
 */
export const MAX_PREPARED_STATEMENTS = 1_000;

/**
 * PoolOptions.maxPreparedStatementBytes's default: the count alone would let 1,000 statements of
 * 3 kB cost a backend 130 MB. With 1 MiB a backend peaked at 57 MB (1 kB statements, where both
 * bounds meet) and 51 MB (3 kB ones).
 */
export const MAX_PREPARED_STATEMENT_BYTES = 1024 * 1024;

export interface PoolOptions {
  /**
   * Most statements running at once, each on a connection. Default 10. postgres.js keeps up to
   * this many connections for each plan cache mode (QueryOptions.genericPlan): `2 × max` open at
   * most, `max` busy.
   */
  readonly max?: number;
  /** How long a query may wait for a free connection before it fails. Default 5,000 ms. */
  readonly acquireTimeoutMs?: number;
  /**
   * `statement_timeout` of every connection, in ms (0 = none): PostgreSQL cancels a statement
   * that runs longer (DATABASE_TIMEOUT). Default 30,000 ms; a server sets it just under its
   * operation timeout. PGlite cannot time a statement out (docs/pg.md).
   */
  readonly statementTimeoutMs?: number;
  /**
   * Most distinct statements a connection keeps prepared (postgres.js). Past the bound, the pool
   * is replaced by a fresh one and the old connections close once their queries are done (see
   * RecyclingPool.ts). 0 prepares nothing (every statement unnamed: for a PgBouncer in transaction
   * mode). Default 1,000. node-postgres: the first this many distinct texts are prepared.
   */
  readonly maxPreparedStatements?: number;
  /**
   * Most bytes of statement text a connection keeps prepared, the same way (postgres.js); a
   * statement longer than this alone runs unnamed. Default 1 MiB.
   */
  readonly maxPreparedStatementBytes?: number;
  /** How long opening a connection may take before it fails. Default 30,000 ms. */
  readonly connectTimeoutMs?: number;
  /**
   * Run-time settings for every connection, over SESSION_SETTINGS: a value replaces Sluice's, null
   * keeps the server's own (e.g. `{ random_page_cost: null }`).
   */
  readonly settings?: Readonly<Record<string, string | null>>;
}

/** A channel name `listen` takes: an unquoted SQL identifier PostgreSQL keeps as it is. */
export function assertChannel(channel: string): void {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(channel))
    throw new Error(`Invalid LISTEN channel ${JSON.stringify(channel)}: use [a-z_][a-z0-9_]*`);
}
