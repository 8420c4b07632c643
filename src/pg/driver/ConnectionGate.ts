import { GraphQLError } from 'graphql';
import { ErrorCode, type Abortable } from '../../engine/index.js';
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
 * A waiter whose signal aborts leaves the line at once (the operation was given up: it must not
 * take a connection later, nor wait out the acquire timeout). The signal is read only by a task
 * that has to wait; once the task runs, the signal is the task's business (the driver cancels the
 * statement).
 */
export class ConnectionGate {
  private active = 0;
  private readonly waiting: Waiter[] = [];
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly max: number,
    private readonly acquireTimeoutMs: number,
  ) {}

  /**
   * Runs `task` on a free slot, or once one frees. `abortable.signal` is read only if the task has
   * to wait (it may be a getter that makes the signal on first access).
   */
  run<T>(task: () => Promise<T>, abortable?: Abortable): Promise<T> {
    const admitted = this.admit(abortable);
    return admitted === undefined ? this.holding(task) : admitted.then(() => this.holding(task));
  }

  /**
   * Like `run`, for a task that frees the slot itself: it must call `release` exactly once, when
   * it is done with the connection (a task that waits for its query's outcome anyway saves a
   * promise per query this way).
   */
  runReleasing<T>(task: (release: () => void) => Promise<T>, abortable?: Abortable): Promise<T> {
    const admitted = this.admit(abortable);
    return admitted === undefined
      ? this.releasing(task)
      : admitted.then(() => this.releasing(task));
  }

  /** Takes a free slot now (undefined), or gives the wait in line for one. */
  private admit(abortable: Abortable | undefined): Promise<void> | undefined {
    if (this.active < this.max) {
      this.active++;
      return undefined;
    }
    const signal = abortable?.signal;
    if (signal?.aborted) return Promise.reject(abortError(signal));
    if (signal !== undefined) return this.waitOrAbort(signal);
    return new Promise<void>((grant, fail) => {
      this.waiting.push({ dueAt: performance.now() + this.acquireTimeoutMs, grant, fail });
      this.timer ??= this.armFor(this.acquireTimeoutMs);
    });
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
    return running.then(this.releaseWith, this.releaseFailing) as Promise<T>;
  }

  /** Runs `task` on a slot already counted in `active`; the task frees it. */
  private releasing<T>(task: (release: () => void) => Promise<T>): Promise<T> {
    try {
      return task(this.releaseOnce);
    } catch (error) {
      this.release();
      return Promise.reject(error);
    }
  }

  // Made once, not per task.
  private readonly releaseOnce = (): void => this.release();
  private readonly releaseWith = (value: unknown): unknown => {
    this.release();
    return value;
  };
  private readonly releaseFailing = (error: unknown): never => {
    this.release();
    throw error;
  };

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
