import { GraphQLError } from 'graphql';
import { ErrorCode } from '../../engine/index.js';
import { abortError } from './abortError.js';

/** A query waiting for a connection, and when it gives up. */
interface Waiter {
  readonly dueAt: number;
  readonly grant: () => void;
  readonly fail: (error: unknown) => void;
}

/**
 * A bounded pool's admission control: at most `max` queries hold a connection at once; the others
 * wait in line, and one that waits longer than `acquireTimeoutMs` fails with a clear error instead
 * of queueing forever (postgres.js queues without a limit, so the pool's bound is enforced here).
 *
 * Every waiter has the same timeout and the line is first in, first out, so the head of the line
 * is always the next to expire: ONE timer, armed for the head, serves the whole line (a timer per
 * waiting query showed in profiles under load). A query that finds a free connection makes no
 * promise of its own beyond its task's.
 *
 * A waiter given an AbortSignal leaves the line as soon as it aborts (the operation was given up:
 * it must not take a connection later, nor wait out the acquire timeout). Once the task runs, the
 * signal is the task's business (the driver cancels the statement).
 */
export class ConnectionGate {
  private active = 0;
  private readonly waiting: Waiter[] = [];
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly max: number,
    private readonly acquireTimeoutMs: number,
  ) {}

  run<T>(task: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    if (signal?.aborted) return Promise.reject(abortError(signal));
    if (this.active < this.max) {
      this.active++;
      return this.holding(task);
    }
    if (signal === undefined) {
      return new Promise<void>((grant, fail) => {
        this.waiting.push({ dueAt: performance.now() + this.acquireTimeoutMs, grant, fail });
        this.timer ??= this.armFor(this.acquireTimeoutMs);
      }).then(() => this.holding(task));
    }
    return this.waitOrAbort(signal).then(() => this.holding(task));
  }

  /** Waits in line like any waiter, and leaves the line if `signal` aborts first. */
  private waitOrAbort(signal: AbortSignal): Promise<void> {
    return new Promise<void>((grant, fail) => {
      const onAbort = () => {
        const at = this.waiting.indexOf(waiter);
        if (at >= 0) this.waiting.splice(at, 1);
        fail(abortError(signal));
      };
      const waiter: Waiter = {
        dueAt: performance.now() + this.acquireTimeoutMs,
        grant: () => {
          signal.removeEventListener('abort', onAbort);
          grant();
        },
        fail: (error) => {
          signal.removeEventListener('abort', onAbort);
          fail(error);
        },
      };
      signal.addEventListener('abort', onAbort, { once: true });
      this.waiting.push(waiter);
      this.timer ??= this.armFor(this.acquireTimeoutMs);
    });
  }

  /** Runs `task` on a slot already counted in `active`, and frees it when the task settles. */
  private holding<T>(task: () => Promise<T>): Promise<T> {
    let running: Promise<T>;
    try {
      running = task();
    } catch (error) {
      this.release();
      return Promise.reject(error);
    }
    return running.then(
      (value) => {
        this.release();
        return value;
      },
      (error: unknown) => {
        this.release();
        throw error;
      },
    );
  }

  private release(): void {
    const next = this.waiting.shift();
    if (next === undefined) {
      this.active--;
      return;
    }
    // The slot passes straight to the next in line (`active` stays as it is).
    next.grant();
  }

  private armFor(ms: number): NodeJS.Timeout {
    return setTimeout(() => this.expire(), Math.max(0, ms));
  }

  /** Fails the waiters that are due, then arms the timer for the new head of the line. */
  private expire(): void {
    this.timer = null;
    const now = performance.now();
    while (this.waiting.length > 0 && this.waiting[0]!.dueAt <= now) {
      this.waiting.shift()!.fail(acquireTimeoutError(this.max, this.acquireTimeoutMs));
    }
    const head = this.waiting[0];
    if (head !== undefined) this.timer = this.armFor(head.dueAt - now);
  }
}

/** DATABASE_BUSY: the database is fine but fully used; the server answers 503 + Retry-After. */
export function acquireTimeoutError(max: number, ms: number): GraphQLError {
  return new GraphQLError(
    `No database connection became free within ${ms} ms (all ${max} connections of the pool are busy).`,
    { extensions: { code: ErrorCode.DATABASE_BUSY } },
  );
}
