import { GraphQLError } from 'graphql';
import { ErrorCode, isAborted, type Abortable } from '../../engine/index.js';
import { abortError } from './abortError.js';

/** A query waiting for a connection, and when it gives up. */
interface Waiter {
  readonly dueAt: number;
  readonly abortable: Abortable | undefined;
  readonly grant: () => void;
  readonly fail: (error: unknown) => void;
}

/** How often the line is looked at for waiters whose request was given up. */
const ABANDON_SWEEP_MS = 50;

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
 * A waiter whose request is given up (`isAborted`) never takes a connection: it leaves the line
 * at the next look — one timer looks every ABANDON_SWEEP_MS while anyone waits — or when the slot
 * would pass to it, whichever is first, and rejects with the abort's error. Nothing listens to a
 * waiter's signal: under load half the requests wait, and making and following a signal for each
 * of them cost more than their query (profiles of bench/pg at twice as many clients as
 * connections). Once the task runs, cancelling it is the task's business (the driver's).
 */
export class ConnectionGate {
  private active = 0;
  private waiting: Waiter[] = [];
  private timer: NodeJS.Timeout | null = null;
  private sweeper: NodeJS.Timeout | null = null;

  constructor(
    private readonly max: number,
    private readonly acquireTimeoutMs: number,
  ) {}

  /**
   * Runs `task` on a free slot, or once one frees. `abortable` is looked at only if the task has
   * to wait (`aborted`, or its `signal` when it has no `aborted`).
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
    if (isAborted(abortable)) return Promise.reject(givenUpError(abortable));
    return new Promise<void>((grant, fail) => {
      const dueAt = performance.now() + this.acquireTimeoutMs;
      this.waiting.push({ dueAt, abortable, grant, fail });
      this.timer ??= this.armFor(this.acquireTimeoutMs);
      if (abortable !== undefined) this.sweeper ??= this.armSweep();
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
    for (;;) {
      const next = this.waiting.shift();
      if (next === undefined) {
        this.active--;
        return;
      }
      if (isAborted(next.abortable)) {
        next.fail(givenUpError(next.abortable));
        continue;
      }
      // The slot passes straight to the next in line (`active` stays as it is).
      return next.grant();
    }
  }

  private armSweep(): NodeJS.Timeout {
    const timer = setTimeout(() => this.sweep(), ABANDON_SWEEP_MS);
    timer.unref();
    return timer;
  }

  /** Fails the waiters whose request was given up; looks again while anyone waits. */
  private sweep(): void {
    this.sweeper = null;
    if (this.waiting.some((waiter) => isAborted(waiter.abortable))) {
      const kept: Waiter[] = [];
      for (const waiter of this.waiting) {
        if (isAborted(waiter.abortable)) waiter.fail(givenUpError(waiter.abortable));
        else kept.push(waiter);
      }
      this.waiting = kept;
    }
    if (this.waiting.some((waiter) => waiter.abortable !== undefined)) {
      this.sweeper = this.armSweep();
    }
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

/** The error a given-up waiter rejects with: its signal's (it has aborted, so reading it is cheap). */
function givenUpError(abortable: Abortable | undefined): GraphQLError {
  const signal = abortable?.signal;
  if (signal !== undefined) return abortError(signal);
  return new GraphQLError('The operation was given up before a database connection was free.', {
    extensions: { code: ErrorCode.TIMEOUT },
  });
}
