/**
 * What the drivers share to run a setup statement before a query or a transaction's work
 * (QueryOptions.setup): telling its failure apart from the statement's.
 */

/**
 * What a query or transaction rejects with when its setup statement failed: the driver's error
 * as `error`, told apart from a failure of the statement itself (a role PostgreSQL refused is
 * not a constraint the write broke, and is never retried).
 */
export class SetupError extends Error {
  constructor(readonly error: unknown) {
    super(error instanceof Error ? error.message : String(error));
    this.name = 'SetupError';
  }
}

/**
 * The results of a setup, the statement after it and the transaction's end, in order: the
 * first failure (the setup's when it failed, wrapped), else the statement's rows.
 */
export function settledStatement<T>(
  setup: PromiseSettledResult<unknown>,
  statement: PromiseSettledResult<T>,
  rest: ReadonlyArray<PromiseSettledResult<unknown>> = [],
): T {
  if (setup.status === 'rejected') throw new SetupError(setup.reason);
  if (statement.status === 'rejected') throw statement.reason;
  for (const result of rest) if (result.status === 'rejected') throw result.reason;
  return statement.value;
}

/**
 * Runs `work` right after the setup was sent (not awaited: the two are pipelined), and answers
 * with the setup's failure when it failed (SetupError), else with work's outcome.
 */
export function afterSetup<T>(applied: Promise<unknown>, work: () => Promise<T>): Promise<T> {
  applied.catch(() => {}); // followed below; handled now, so it is never reported unhandled
  let result: Promise<T>;
  try {
    result = work();
  } catch (error) {
    result = Promise.reject(error);
  }
  return Promise.allSettled([applied, result]).then(([set, done]) => settledStatement(set, done));
}

/** `promise`'s outcome, never rejected; its `then` is called now (a postgres.js query then starts). */
export function settle<T>(promise: PromiseLike<T>): Promise<PromiseSettledResult<T>> {
  return Promise.resolve(
    promise.then(
      (value): PromiseSettledResult<T> => ({ status: 'fulfilled', value }),
      (reason: unknown): PromiseSettledResult<T> => ({ status: 'rejected', reason }),
    ),
  );
}
