import { abortError } from './abortError.js';
import type { ConnectionGate } from './ConnectionGate.js';

/** A postgres.js query, as far as cancelling it goes (fields of its Query object). */
export interface CancellableQuery<T> extends Promise<T> {
  cancel(): unknown;
  /** Set once a connection has taken the query (null while it waits for one or connects). */
  readonly state?: unknown;
  /** True while the query is the one its connection is running. */
  readonly active?: boolean;
  /** postgres.js's own cancel, which (unlike `cancel()`) returns the cancel request's promise. */
  canceller?: ((query: CancellableQuery<T>) => Promise<void>) | null;
}

/** How often a query given up while its connection is still being opened checks again. */
const RETRY_MS = 5;

/**
 * Runs a query through the gate so that `signal` gives it up. Aborted while waiting for a slot:
 * it leaves the line (ConnectionGate). Aborted while running: the promise rejects at once, and the
 * backend is sent a cancel request; the slot stays taken until the statement has stopped and the
 * cancel request is done, so the next query on that connection is neither queued behind a
 * statement still running nor hit by a cancel meant for this one.
 *
 * postgres.js's `cancel()` of a query that no connection has taken yet, or that is still waiting
 * for its new connection to open, leaves that connection stuck (it is never handed back to the
 * pool), so the cancel waits until the query runs, or ends on its own.
 */
export function runCancellable<T>(
  gate: ConnectionGate,
  signal: AbortSignal,
  start: () => CancellableQuery<T>,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let query: CancellableQuery<T> | undefined;
    let finished = false;
    let cancelling: Promise<void> | undefined;
    const onAbort = () => {
      reject(abortError(signal));
      if (query) cancelling = cancelWhenRunning(query, () => finished);
    };
    signal.addEventListener('abort', onAbort, { once: true });
    const task = (): Promise<T> => {
      // The slot came through just as the signal aborted: do not start the statement.
      if (signal.aborted) return Promise.reject(abortError(signal));
      const running = (query = start());
      return new Promise<T>((done, fail) => {
        running.then(
          (value) => {
            finished = true;
            if (cancelling) void cancelling.then(() => done(value));
            else done(value);
          },
          (error: unknown) => {
            finished = true;
            if (cancelling) void cancelling.then(() => fail(error));
            else fail(error);
          },
        );
      });
    };
    gate.run(task, signal).then(
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

/** Sends the cancel request once the query is running; resolves when it is done (or moot). */
function cancelWhenRunning<T>(query: CancellableQuery<T>, finished: () => boolean): Promise<void> {
  return new Promise<void>((resolve) => {
    const attempt = () => {
      if (finished()) return resolve();
      if (query.state == null || !query.active) return void setTimeout(attempt, RETRY_MS);
      const canceller = query.canceller;
      if (typeof canceller !== 'function') {
        query.cancel();
        return resolve();
      }
      query.canceller = null;
      canceller(query).then(resolve, resolve);
    };
    attempt();
  });
}
