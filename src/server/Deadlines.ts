/** One thing being waited for (a request body, an operation): when it is due, and what then. */
export interface Deadline {
  readonly dueAt: number;
  /** Null once it finished in time (which also lets its closure be collected). */
  onExpire: (() => void) | null;
}

/**
 * One time limit for many waits — every request body being read, every asynchronous operation —
 * checked by ONE interval timer instead of a timer per request: setTimeout + clearTimeout per
 * request showed in profiles of the server, and so did a Set's add + delete, while an array push
 * is close to free. Each sweep fires the expired deadlines and keeps only the pending ones, so the
 * queue never holds more than the waits under way plus those of one period. A deadline fires
 * between `timeoutMs` and `timeoutMs` plus one sweep period (a quarter of `timeoutMs`, 10 ms to
 * 1 s) after its start. The timer runs only while the queue holds entries, and never holds the
 * process open.
 */
export class Deadlines {
  private queue: Deadline[] = [];
  private timer: NodeJS.Timeout | null = null;
  private readonly periodMs: number;

  constructor(readonly timeoutMs: number) {
    this.periodMs = Math.min(1000, Math.max(10, Math.floor(timeoutMs / 4)));
  }

  /** Starts watching a wait that started at `startedAt` (performance.now()). */
  add(startedAt: number, onExpire: () => void): Deadline {
    const deadline: Deadline = { dueAt: startedAt + this.timeoutMs, onExpire };
    this.queue.push(deadline);
    if (this.timer === null) {
      this.timer = setInterval(() => this.sweep(), this.periodMs);
      this.timer.unref();
    }
    return deadline;
  }

  /** It finished (or failed otherwise): its deadline no longer fires. */
  settle(deadline: Deadline): void {
    deadline.onExpire = null;
  }

  /** Entries queued, pending or settled since the last sweep. */
  get size(): number {
    return this.queue.length;
  }

  /** True while the sweep timer runs. */
  get active(): boolean {
    return this.timer !== null;
  }

  /** Fires what is due at `now` and drops what settled. Run by the timer; callable by tests. */
  sweep(now = performance.now()): void {
    const pending: Deadline[] = [];
    const expired: Array<() => void> = [];
    for (const deadline of this.queue) {
      const onExpire = deadline.onExpire;
      if (onExpire === null) continue;
      if (deadline.dueAt > now) {
        pending.push(deadline);
      } else {
        deadline.onExpire = null;
        expired.push(onExpire);
      }
    }
    this.queue = pending;
    if (pending.length === 0 && this.timer !== null) {
      clearInterval(this.timer);
      this.timer = null;
    }
    for (const onExpire of expired) onExpire();
  }
}
