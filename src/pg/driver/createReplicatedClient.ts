import { classifyDatabaseError } from './classifyDatabaseError.js';
import { ErrorCode } from '../../engine/index.js';
import type { ByteRows, QueryOptions, SqlClient } from './SqlClient.js';

export interface ReplicaOptions {
  /**
   * How long a replica that could not be reached is left out before it is tried again.
   * Default 5,000 ms.
   */
  readonly retryAfterMs?: number;
  /** Told each time a replica is left out (for the server's log). */
  readonly onReplicaDown?: (replica: number, error: unknown) => void;
}

/** `canceling statement due to conflict with recovery`: a hot standby gave up a query. */
const RECOVERY_CONFLICT = '40001';

/**
 * One client over a primary and its read replicas. Statements outside a transaction (`query`,
 * `queryBytes`: the reads, reflection, readiness) go to the replicas in turn; transactions (every
 * mutation, and all it reads) and scripts go to the primary. A mutation that is one statement
 * runs outside a transaction, through `primary` (compileMutations.ts), so a replica never sees a
 * write.
 *
 * A replica that cannot be reached (its connection refused, closed, or the server shutting down)
 * is left out for `retryAfterMs` and the statement runs on the next one, then on the primary: a
 * read is safe to run again. A statement a hot standby cancels for a conflict with recovery runs
 * again on the primary. Any other error is the statement's and is not retried.
 *
 * A replica lags its primary: a read right after a mutation may not see it yet (the mutation's
 * own answer is read on the primary, in its transaction or its statement, and always does).
 * `primary` is there for the statements of such mutations, and for reads that must see a commit
 * a notification announced (change events, live queries).
 */
export function createReplicatedClient(
  primary: SqlClient,
  replicas: ReadonlyArray<SqlClient>,
  options: ReplicaOptions = {},
): SqlClient {
  if (replicas.length === 0) return primary;
  const retryAfterMs = options.retryAfterMs ?? 5_000;
  const downUntil = replicas.map(() => 0);
  let next = 0;

  /** Runs `run` on a replica that is up, else on the primary. */
  async function read<T>(
    run: (client: SqlClient) => Promise<T>,
    queryOptions: QueryOptions | undefined,
  ): Promise<T> {
    const now = performance.now();
    for (let tried = 0; tried < replicas.length; tried++) {
      const at = next;
      next = (next + 1) % replicas.length;
      if (downUntil[at]! > now) continue;
      try {
        return await run(replicas[at]!);
      } catch (error) {
        if (queryOptions?.signal?.aborted) throw error;
        if (isRecoveryConflict(error)) return run(primary);
        if (classifyDatabaseError(error).code !== ErrorCode.DATABASE_UNAVAILABLE) throw error;
        downUntil[at] = performance.now() + retryAfterMs;
        options.onReplicaDown?.(at, error);
      }
    }
    return run(primary);
  }

  const client: SqlClient = {
    driver: primary.driver,
    primary,
    query: (text, values, queryOptions) =>
      read((c) => c.query(text, values, queryOptions), queryOptions),
    exec: (script) => primary.exec(script),
    end: async () => {
      await Promise.all([primary.end(), ...replicas.map((replica) => replica.end())]);
    },
  };
  const { queryBytes } = primary;
  if (queryBytes && replicas.every((replica) => replica.queryBytes)) {
    client.queryBytes = (text, values, queryOptions): Promise<ByteRows> =>
      read((c) => c.queryBytes!(text, values, queryOptions), queryOptions);
  }
  if (primary.transaction) client.transaction = primary.transaction.bind(primary);
  if (primary.transactionBatch) client.transactionBatch = primary.transactionBatch.bind(primary);
  // Notifications are the primary's: a standby cannot run NOTIFY, nor hear one sent there.
  if (primary.listen) client.listen = primary.listen.bind(primary);
  return client;
}

function isRecoveryConflict(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === RECOVERY_CONFLICT;
}
