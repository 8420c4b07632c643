import postgres from 'postgres';
import { ConnectionGate } from './ConnectionGate.js';
import { createPgListener, type PgListener } from './createPgListener.js';
import { batchPlans, genericPlanPools, type PlanSwitch } from './genericPlanPools.js';
import { RecyclingPool } from './RecyclingPool.js';
import { abortError } from './abortError.js';
import { afterSetup, SetupError, settle, settledStatement } from './setupStatement.js';
import { CancelWatch, cancelWhenRunning, type CancellableQuery } from './CancelWatch.js';
import {
  MAX_PREPARED_STATEMENT_BYTES,
  MAX_PREPARED_STATEMENTS,
  assertChannel,
  sessionSettings,
  STATEMENT_TIMEOUT_MS,
  type ByteRows,
  type PoolOptions,
  type QueryOptions,
  type QueryRows,
  type BatchStatement,
  type SetupStatement,
  type SqlClient,
  StatementFailure,
} from './SqlClient.js';

const PREPARED = { prepare: true } as const;
const UNNAMED = { prepare: false } as const;

/**
 * A pooled client on postgres.js (chosen over node-postgres by measurement, see docs/pg.md).
 * Statements are prepared once per connection and reused, up to `maxPreparedStatements` per
 * connection (RecyclingPool.ts); results come back as arrays. A query given a signal is cancelled
 * on the server when it aborts (CancelWatch.ts).
 */
export function createPostgresClient(url: string, options: PoolOptions = {}): SqlClient {
  const max = options.max ?? 10;
  const gate = new ConnectionGate(max, options.acquireTimeoutMs ?? 5_000);
  const watch = new CancelWatch(gate);
  const config: postgres.Options<Record<string, postgres.PostgresType>> = {
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
  };
  const statementTimeoutMs = options.statementTimeoutMs ?? STATEMENT_TIMEOUT_MS;
  const recycling = (settings: postgres.Options<Record<string, postgres.PostgresType>>) =>
    new RecyclingPool(() => postgres(url, settings), {
      maxStatements: options.maxPreparedStatements ?? MAX_PREPARED_STATEMENTS,
      maxBytes: options.maxPreparedStatementBytes ?? MAX_PREPARED_STATEMENT_BYTES,
      // A retired pool's queries end within the statement timeout; then its connections close.
      drainSeconds: statementTimeoutMs > 0 ? statementTimeoutMs / 1000 + 5 : 60,
    });
  const pools = recycling(config);
  // Statements marked genericPlan run on connections of their own with plan_cache_mode = auto
  // (genericPlanPools.ts), within the same gate: never more than `max` busy at once.
  const generic = genericPlanPools(options, pools, (settings) =>
    recycling({ ...config, connection: { ...config.connection, ...settings } }),
  );
  const poolOf = (queryOptions: QueryOptions | undefined) =>
    queryOptions?.genericPlan === true ? generic : pools;
  const start = (
    text: string,
    values: ReadonlyArray<unknown>,
    queryOptions: QueryOptions | undefined,
  ) => {
    const chosen = poolOf(queryOptions);
    // admit() first: it may replace the current pool.
    const prepare = chosen.admit(text);
    return chosen.current.unsafe(text, values as never[], prepare ? PREPARED : UNNAMED);
  };
  // LISTEN holds a connection of its own, beside the pool: made on first use, apart from the
  // recycled pools, whose connections are retired from time to time.
  let listener: PgListener | undefined;
  /**
   * A statement after its setup (QueryOptions.setup), in a transaction on a reserved connection:
   * BEGIN, the setup, the statement and COMMIT go out in one write (postgres.js pipelines the
   * queries of a connection, and coalesces their messages until the next turn of the event
   * loop), so the four cost one round trip. A failure aborts the transaction, and COMMIT then
   * rolls it back; every answer is awaited before the connection is handed back.
   */
  const scoped = <T>(
    text: string,
    values: ReadonlyArray<unknown>,
    queryOptions: QueryOptions,
    setup: SetupStatement,
    raw: boolean,
  ): Promise<T> => {
    // A prepared statement whose result type a DDL changed fails, once per connection that
    // prepared it, with "cached plan must not change result type" (postgres.js's own retry runs
    // in the aborted transaction, then drops the statement): the transaction, rolled back, is
    // run again, at most once per connection of the pool.
    const attempt = (left: number): Promise<T> =>
      scopedOnce<T>(text, values, queryOptions, setup, raw).catch((error: unknown) => {
        const e = error as { code?: unknown; routine?: unknown } | null;
        if (left === 0 || e?.code !== '0A000' || e.routine !== 'RevalidateCachedQuery') throw error;
        return attempt(left - 1);
      });
    return attempt(max);
  };
  const scopedOnce = <T>(
    text: string,
    values: ReadonlyArray<unknown>,
    queryOptions: QueryOptions,
    setup: SetupStatement,
    raw: boolean,
  ): Promise<T> =>
    gate.run(async () => {
      const pools = poolOf(queryOptions);
      // The setup admitted again after the statement: both are counted on the pool that runs them.
      pools.admit(setup.text);
      const prepare = pools.admit(text);
      const prepareSetup = pools.admit(setup.text);
      const sql = await pools.current.reserve();
      try {
        // A postgres.js query is sent when first awaited (`then`): so one after the other, here.
        const began = settle(sql.unsafe('BEGIN', [], UNNAMED));
        const set = settle(
          cancelOnAbort(
            sql.unsafe(
              setup.text,
              setup.values as never[],
              prepareSetup ? PREPARED : UNNAMED,
            ) as unknown as CancellableQuery<unknown>,
            queryOptions.signal,
          ),
        );
        const statement = sql.unsafe(text, values as never[], prepare ? PREPARED : UNNAMED);
        const ran = settle(
          cancelOnAbort(
            (raw ? statement.raw() : statement.values()) as unknown as CancellableQuery<T>,
            queryOptions.signal,
          ),
        );
        const committed = settle(sql.unsafe('COMMIT', [], UNNAMED));
        const begin = await began;
        if (begin.status === 'rejected') throw begin.reason;
        const [applied, result, commit] = [await set, await ran, await committed];
        // A COMMIT that failed before it ran (a cancel request meant for the statement that
        // arrived once it had ended) leaves the transaction open and aborted: ended here, so the
        // connection goes back to the pool outside any transaction.
        if (commit.status === 'rejected') await sql.unsafe('ROLLBACK', [], UNNAMED).catch(() => {});
        return settledStatement(applied, result, [commit]);
      } finally {
        sql.release();
      }
    }, queryOptions);
  return {
    driver: 'postgres',
    // postgres.js queries are promises: handed to the gate as they are, with no async wrapper
    // (each await is another trip through the microtask queue, per request).
    query: (text, values = [], queryOptions) => {
      const setup = queryOptions?.setup;
      if (setup !== undefined) return scoped(text, values, queryOptions!, setup, false);
      const run = () =>
        start(text, values, queryOptions).values() as unknown as CancellableQuery<QueryRows>;
      return (queryOptions ? watch.run(queryOptions, run) : gate.run(run)).then(compact);
    },
    // .raw(): columns as Buffers sliced from what the socket received, with no text decoding.
    queryBytes: (text, values = [], queryOptions) => {
      const setup = queryOptions?.setup;
      if (setup !== undefined) return scoped(text, values, queryOptions!, setup, true);
      const run = () =>
        start(text, values, queryOptions).raw() as unknown as CancellableQuery<ByteRows>;
      return (queryOptions ? watch.run(queryOptions, run) : gate.run(run)).then(compact);
    },
    // One connection for the whole transaction (postgres.js's begin: BEGIN, work, COMMIT or
    // ROLLBACK), holding one slot of the gate throughout.
    // With a setup, it is sent before work's first statement and pipelined with it.
    transaction: (work, queryOptions) => {
      const signal = queryOptions?.signal;
      const setup = queryOptions?.setup;
      const run = () =>
        pools.current.begin((tx) => {
          const query = (text: string, values: ReadonlyArray<unknown> = []) => {
            if (signal?.aborted) return Promise.reject(abortError(signal));
            const prepare = pools.admit(text);
            const sent = tx.unsafe(text, values as never[], prepare ? PREPARED : UNNAMED);
            return cancelOnAbort(sent.values() as unknown as CancellableQuery<QueryRows>, signal);
          };
          if (setup === undefined) return work({ query });
          return afterSetup(query(setup.text, setup.values), () => work({ query }));
        }) as Promise<never>;
      return gate.run(run, queryOptions);
    },
    // A lost connection is made anew and every channel listened again (createPgListener.ts).
    async listen(channel, onNotify, onListen, onLost) {
      assertChannel(channel);
      listener ??= createPgListener(url, config);
      return listener.listen(channel, onNotify, onListen, onLost);
    },
    // BEGIN, the statements and COMMIT pipelined on one reserved connection (postgres.js sends
    // what is queued in the same tick in one write): one round trip. A failing statement aborts
    // the transaction, and PostgreSQL answers the COMMIT with a rollback; an abort cancels the
    // statement running, to the same effect. Whether it committed is read from COMMIT's answer.
    // A setup (the request's settings) goes right after BEGIN; a batch that starts with
    // generic-plan statements runs on those connections, switching modes where a statement needs
    // another (batchPlans in genericPlanPools.ts).
    transactionBatch: (batch, queryOptions) => {
      const signal = queryOptions?.signal;
      const plans = batchPlans(batch, generic !== pools);
      const { statements, origins } = batchStatements(batch, queryOptions?.setup, plans.switches);
      const chosen = plans.generic ? generic : pools;
      const run = async () => {
        // Given up before it began: nothing is sent.
        if (signal?.aborted) throw abortError(signal);
        const prepare = statements.map((s) => chosen.admit(s.text));
        const tx = await chosen.current.reserve();
        try {
          const begin = tx.unsafe('BEGIN').execute();
          const sent = statements.map((s, i) =>
            // .raw(): a read-back's JSON is spliced into the response undecoded (as queryBytes).
            tx
              .unsafe(s.text, s.values as never[], prepare[i] ? PREPARED : UNNAMED)
              .raw()
              .execute(),
          );
          const commit = tx.unsafe('COMMIT').execute();
          const outcomes = await Promise.allSettled([
            begin,
            ...sent.map((q) => cancelOnAbort(q as unknown as CancellableQuery<ByteRows>, signal)),
            commit,
          ]);
          const ended = outcomes[outcomes.length - 1] as PromiseSettledResult<unknown>;
          // A COMMIT that failed before it ran (a cancel request meant for the last statement
          // that reached it once it had ended) leaves the transaction open and aborted.
          if (ended.status === 'rejected') await tx.unsafe('ROLLBACK').catch(() => {});
          return batchOutcome(outcomes, origins, batch.length, signal);
        } finally {
          tx.release();
        }
      };
      return gate.run(run, queryOptions);
    },
    exec: (script) =>
      gate.run(async () => {
        await pools.current.unsafe(script).simple();
      }),
    end: async () => {
      await Promise.all([pools.end(5), generic === pools ? null : generic.end(5), listener?.end()]);
    },
  };
}

function connectionSettings(options: PoolOptions): Record<string, string> {
  return { application_name: 'sluice', ...sessionSettings(options) };
}

/**
 * The rows of a statement, without the holes postgres.js (3.4.9) may put before them: it does
 * not reset a connection's row counter when a statement fails after sending rows (upstream
 * issue porsager/postgres#1119), so the next statement on that connection, whoever sent it,
 * gets its rows after as many empty slots. A statement's answer completing resets the counter,
 * so what starts with BEGIN (transactions, batches, statements with settings) is not hit; the
 * answers of `query` and `queryBytes` go through this.
 */
function compact<T>(rows: T): T {
  const list = rows as unknown as ReadonlyArray<unknown>;
  return list.length > 0 && !(0 in list) ? (list.filter(() => true) as unknown as T) : rows;
}

/**
 * A statement of a transaction: when the signal aborts while it runs, the backend is sent a cancel
 * request, and the promise rejects with the signal's reason (the transaction then rolls back)
 * once the statement has ended and the cancel request is done. Not sooner: the caller's next
 * statement on the connection (its ROLLBACK, or the next request's BEGIN once the connection is
 * handed back) must not be the one a late cancel request stops; a stopped ROLLBACK would leave
 * the connection in an aborted transaction, and the next request's BEGIN would fail.
 *
 * Only a statement postgres.js has handed to the connection and is running (cancelWhenRunning)
 * is cancelled. One still queued behind the reserved connection's earlier statements is left in
 * that queue: postgres.js's `cancel` looks for it in the pool's queue, marks it cancelled where it
 * is, and the connection then stops at it, never sending what follows (the ROLLBACK or COMMIT):
 * the transaction would stay open, holding its locks and its connection. Left queued, it runs
 * after the cancelled one, fails at once in the aborted transaction (or, if nothing before it was
 * running, runs, is cancelled in turn, or is rolled back).
 */

function cancelOnAbort<T>(query: CancellableQuery<T>, signal: AbortSignal | undefined): Promise<T> {
  if (signal === undefined) return query;
  return new Promise<T>((resolve, reject) => {
    let settled = false;
    let cancelling: Promise<void> | undefined;
    const onAbort = () => {
      cancelling = cancelWhenRunning(query, () => settled);
    };
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
    const end = (outcome: () => void) => {
      settled = true;
      signal.removeEventListener('abort', onAbort);
      if (cancelling === undefined) return outcome();
      void cancelling.then(() => reject(abortError(signal)));
    };
    query.then(
      (value) => end(() => resolve(value)),
      (error: unknown) => end(() => reject(error)),
    );
  });
}

/** Where a statement sent in a transaction batch comes from: the setup, or a batch index. */
const SETUP = -1;

/**
 * The statements a transaction batch sends after BEGIN: the setup, then the batch's, with each
 * plan switch before the statement it is for. `origins` gives each one's batch index (SETUP for
 * the setup; a plan switch counts as the statement it precedes, whose failure it would be).
 */
function batchStatements(
  batch: ReadonlyArray<BatchStatement>,
  setup: SetupStatement | undefined,
  switches: ReadonlyArray<PlanSwitch>,
): { readonly statements: SetupStatement[]; readonly origins: number[] } {
  const statements: SetupStatement[] = [];
  const origins: number[] = [];
  if (setup !== undefined) {
    statements.push(setup);
    origins.push(SETUP);
  }
  let next = 0;
  batch.forEach((statement, i) => {
    const planSwitch = switches[next];
    if (planSwitch?.at === i) {
      statements.push(planSwitch.statement);
      origins.push(i);
      next++;
    }
    statements.push(statement);
    origins.push(i);
  });
  return { statements, origins };
}

/**
 * A transaction batch's answer from its outcomes (BEGIN, each statement sent, COMMIT): the rows
 * of each batch statement once COMMIT committed; else the first failure — BEGIN's or the
 * setup's as they are, a statement's as a StatementFailure, COMMIT's own as the failure of
 * statement `count` — or the abort's error when the request was given up.
 */
function batchOutcome(
  outcomes: ReadonlyArray<PromiseSettledResult<unknown>>,
  origins: ReadonlyArray<number>,
  count: number,
  signal: AbortSignal | undefined,
): ByteRows[] {
  const ended = outcomes[outcomes.length - 1] as PromiseSettledResult<unknown>;
  const committed =
    ended.status === 'fulfilled' && (ended.value as { command?: unknown }).command === 'COMMIT';
  const failed = outcomes.findIndex((o) => o.status === 'rejected');
  if (committed && failed < 0) {
    const rows: ByteRows[] = new Array<ByteRows>(count);
    // The statement of each index is the last one sent with it (after the plan switch).
    origins.forEach((origin, i) => {
      if (origin >= 0) rows[origin] = (outcomes[i + 1] as PromiseFulfilledResult<ByteRows>).value;
    });
    return rows;
  }
  if (failed === 0) throw (outcomes[0] as PromiseRejectedResult).reason;
  if (failed > 0 && failed <= origins.length) {
    const reason = (outcomes[failed] as PromiseRejectedResult).reason as unknown;
    const origin = origins[failed - 1] as number;
    // The setup's failure is the request's, not a statement's.
    if (origin === SETUP) throw new SetupError(reason);
    throw new StatementFailure(origin, reason);
  }
  // Every statement answered and COMMIT did not commit: it failed (a deferred constraint), or the
  // request was given up and a cancel request reached the COMMIT.
  if (signal?.aborted) throw abortError(signal);
  if (ended.status === 'rejected') throw new StatementFailure(count, ended.reason);
  throw new Error('The transaction was rolled back.');
}
