import postgres from 'postgres';
import { ConnectionGate } from './ConnectionGate.js';
import { RecyclingPool } from './RecyclingPool.js';
import { abortError } from './abortError.js';
import { CancelWatch, type CancellableQuery } from './CancelWatch.js';
import {
  MAX_PREPARED_STATEMENT_BYTES,
  MAX_PREPARED_STATEMENTS,
  assertChannel,
  sessionSettings,
  STATEMENT_TIMEOUT_MS,
  type ByteRows,
  type PoolOptions,
  type QueryRows,
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
  const pools = new RecyclingPool(() => postgres(url, config), {
    maxStatements: options.maxPreparedStatements ?? MAX_PREPARED_STATEMENTS,
    maxBytes: options.maxPreparedStatementBytes ?? MAX_PREPARED_STATEMENT_BYTES,
    // A retired pool's queries end within the statement timeout; then its connections close.
    drainSeconds: statementTimeoutMs > 0 ? statementTimeoutMs / 1000 + 5 : 60,
  });
  const start = (text: string, values: ReadonlyArray<unknown>) => {
    // admit() first: it may replace the current pool.
    const prepare = pools.admit(text);
    return pools.current.unsafe(text, values as never[], prepare ? PREPARED : UNNAMED);
  };
  // LISTEN holds a connection of its own (postgres.js keeps it beside the pool): made on first use,
  // apart from the recycled pools, whose connections are retired from time to time.
  let listener: postgres.Sql | undefined;
  return {
    driver: 'postgres',
    // postgres.js queries are promises: handed to the gate as they are, with no async wrapper
    // (each await is another trip through the microtask queue, per request).
    query: (text, values = [], queryOptions) => {
      const run = () => start(text, values).values() as unknown as CancellableQuery<QueryRows>;
      return queryOptions ? watch.run(queryOptions, run) : gate.run(run);
    },
    // .raw(): columns as Buffers sliced from what the socket received, with no text decoding.
    queryBytes: (text, values = [], queryOptions) => {
      const run = () => start(text, values).raw() as unknown as CancellableQuery<ByteRows>;
      return queryOptions ? watch.run(queryOptions, run) : gate.run(run);
    },
    // One connection for the whole transaction (postgres.js's begin: BEGIN, work, COMMIT or
    // ROLLBACK), holding one slot of the gate throughout.
    transaction: (work, queryOptions) => {
      const signal = queryOptions?.signal;
      const run = () =>
        pools.current.begin((tx) =>
          work({
            query: (text, values = []) => {
              if (signal?.aborted) return Promise.reject(abortError(signal));
              const prepare = pools.admit(text);
              const query = tx.unsafe(text, values as never[], prepare ? PREPARED : UNNAMED);
              return cancelOnAbort(
                query.values() as unknown as CancellableQuery<QueryRows>,
                signal,
              );
            },
          }),
        ) as Promise<never>;
      return gate.run(run, queryOptions);
    },
    async listen(channel, onNotify) {
      assertChannel(channel);
      listener ??= postgres(url, { ...config, max: 1 });
      const listening = await listener.listen(channel, onNotify);
      return () => listening.unlisten();
    },
    // BEGIN and the statements pipelined on one reserved connection (postgres.js sends what is
    // queued in the same tick in one write), COMMIT (or ROLLBACK) once they answered: decided in
    // Node, so an abort seen before it never commits.
    transactionBatch: (statements, queryOptions) => {
      const signal = queryOptions?.signal;
      const run = async () => {
        const prepare = statements.map((s) => pools.admit(s.text));
        const tx = await pools.current.reserve();
        try {
          const begin = tx.unsafe('BEGIN').execute();
          const sent = statements.map((s, i) =>
            // .raw(): a read-back's JSON is spliced into the response undecoded (as queryBytes).
            tx
              .unsafe(s.text, s.values as never[], prepare[i] ? PREPARED : UNNAMED)
              .raw()
              .execute(),
          );
          const outcomes = await Promise.allSettled([
            begin,
            ...sent.map((q) => cancelOnAbort(q as unknown as CancellableQuery<ByteRows>, signal)),
          ]);
          const failed = outcomes.findIndex((o) => o.status === 'rejected');
          if (failed >= 0 || signal?.aborted) {
            await tx.unsafe('ROLLBACK').catch(() => {});
            if (failed < 0) throw abortError(signal as AbortSignal);
            const reason = (outcomes[failed] as PromiseRejectedResult).reason as unknown;
            throw failed === 0 ? reason : new StatementFailure(failed - 1, reason);
          }
          await tx.unsafe('COMMIT');
          return outcomes
            .slice(1)
            .map((o) => (o as PromiseFulfilledResult<unknown>).value as ByteRows);
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
      await Promise.all([pools.end(5), listener?.end({ timeout: 5 })]);
    },
  };
}

function connectionSettings(options: PoolOptions): Record<string, string> {
  return { application_name: 'sluice', ...sessionSettings(options) };
}

/**
 * A statement of a transaction: when the signal aborts while it runs, the backend is told to
 * cancel it and the promise rejects with the signal's reason (the transaction then rolls back).
 */
function cancelOnAbort<T>(query: CancellableQuery<T>, signal: AbortSignal | undefined): Promise<T> {
  if (signal === undefined) return query;
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => {
      query.cancel();
      reject(abortError(signal));
    };
    signal.addEventListener('abort', onAbort, { once: true });
    query.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}
