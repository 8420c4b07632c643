/** One thing being waited for (a request body, an operation): when it is due, and what then. */
export interface Deadline {
  readonly dueAt: number;
  /** Null once it finished in time or fired (which also lets its closure be collected). */
  onExpire: (() => void) | null;
  /** Its place in the queue; -1 once it left it. */
  index: number;
}

/**
 * One time limit for many waits — every request body being read, every asynchronous operation —
 * checked by ONE interval timer instead of a timer per request: setTimeout + clearTimeout per
 * request showed in profiles of the server, and so did a Set's add + delete, while an array push
 * is close to free. A wait that ends leaves the queue at once (its slot takes the last entry), so
 * the queue holds only the waits under way: a finished request's deadline is garbage as soon as
 * the request is, instead of outliving it until the next sweep (which, at thousands of requests
 * a second, made the garbage collector copy and promote them). A deadline fires between
 * `timeoutMs` and `timeoutMs` plus one sweep period (a quarter of `timeoutMs`, 10 ms to 1 s) after
 * its start. The timer runs only while the queue held entries at its last look, and never holds
 * the process open.
 */
export class Deadlines {
  private readonly queue: Deadline[] = [];
  private timer: NodeJS.Timeout | null = null;
  private readonly periodMs: number;

  constructor(readonly timeoutMs: number) {
    this.periodMs = Math.min(1000, Math.max(10, Math.floor(timeoutMs / 4)));
  }

  /** Starts watching a wait that started at `startedAt` (performance.now()). */
  add(startedAt: number, onExpire: () => void): Deadline {
    const deadline: Deadline = {
      dueAt: startedAt + this.timeoutMs,
      onExpire,
      index: this.queue.length,
    };
    this.queue.push(deadline);
    if (this.timer === null) {
      this.timer = setInterval(() => this.sweep(), this.periodMs);
      this.timer.unref();
    }
    return deadline;
  }

  /** It finished (or failed otherwise): its deadline no longer fires, and leaves the queue. */
  settle(deadline: Deadline): void {
    deadline.onExpire = null;
    this.remove(deadline);
  }

  /** Waits under way. */
  get size(): number {
    return this.queue.length;
  }

  /** True while the sweep timer runs. */
  get active(): boolean {
    return this.timer !== null;
  }

  /** Fires what is due at `now`. Run by the timer; callable by tests. */
  sweep(now = performance.now()): void {
    const expired: Deadline[] = [];
    // Backwards: removing an entry moves the last one into its slot, which was already looked at.
    for (let i = this.queue.length - 1; i >= 0; i--) {
      const deadline = this.queue[i]!;
      if (deadline.dueAt > now) continue;
      this.remove(deadline);
      expired.push(deadline);
    }
    if (this.queue.length === 0 && this.timer !== null) {
      clearInterval(this.timer);
      this.timer = null;
    }
    // In the order they fell due (the queue's order is not theirs).
    expired.sort((a, b) => a.dueAt - b.dueAt);
    for (const deadline of expired) {
      const onExpire = deadline.onExpire;
      deadline.onExpire = null;
      onExpire?.();
    }
  }

  private remove(deadline: Deadline): void {
    const index = deadline.index;
    if (index < 0) return;
    deadline.index = -1;
    const last = this.queue.pop()!;
    if (last !== deadline) {
      this.queue[index] = last;
      last.index = index;
    }
  }
}
