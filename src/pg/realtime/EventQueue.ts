import type { GraphQLError } from 'graphql';

/**
 * One change event for one subscriber: a row's JSON (created, updated), a deleted row's key, a
 * gap (notifications missed: the subscriber must refetch), or a failed fetch.
 */
export type ChangeEvent =
  | { readonly json: string }
  | { readonly key: Readonly<Record<string, unknown>> }
  | { readonly missed: true }
  | { readonly error: GraphQLError };

/** Most events a subscriber's queue holds; past it they are dropped for one `missed`. */
export const MAX_QUEUED_EVENTS = 1_000;

/**
 * A subscriber's events as an async generator the engine maps through its plan. Bounded: a
 * subscriber that does not keep up loses its queued events for one gap event (it refetches)
 * rather than growing memory. With `latest`, it holds one event at most, the newest (a live
 * query's client needs its current result, not the ones it was too slow to take). Calls of
 * `next()` made before an event comes are answered in order, one event each. `return()` ends it,
 * answers every pending `next()` with done, and calls `onEnd` once.
 */
export class EventQueue implements AsyncGenerator<ChangeEvent, void, void> {
  private readonly queued: ChangeEvent[] = [];
  /** The next() calls not answered yet, oldest first: each takes one event, in order. */
  private readonly waiting: Array<(result: IteratorResult<ChangeEvent, void>) => void> = [];
  private ended = false;

  constructor(
    private readonly onEnd: () => void,
    private readonly latest = false,
  ) {}

  push(event: ChangeEvent): void {
    if (this.ended) return;
    const waiting = this.waiting.shift();
    if (waiting !== undefined) {
      waiting({ value: event, done: false });
      return;
    }
    if (this.latest) {
      this.queued[0] = event;
      return;
    }
    if (this.queued.length >= MAX_QUEUED_EVENTS) {
      this.queued.length = 0;
      this.queued.push({ missed: true });
      return;
    }
    // Two gaps in a row say no more than one.
    const last = this.queued[this.queued.length - 1];
    if ('missed' in event && last !== undefined && 'missed' in last) return;
    this.queued.push(event);
  }

  next(): Promise<IteratorResult<ChangeEvent, void>> {
    const event = this.queued.shift();
    if (event !== undefined) return Promise.resolve({ value: event, done: false });
    if (this.ended) return Promise.resolve({ value: undefined, done: true });
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  return(): Promise<IteratorResult<ChangeEvent, void>> {
    if (!this.ended) {
      this.ended = true;
      this.queued.length = 0;
      for (const waiting of this.waiting.splice(0)) waiting({ value: undefined, done: true });
      this.onEnd();
    }
    return Promise.resolve({ value: undefined, done: true });
  }

  throw(error: unknown): Promise<IteratorResult<ChangeEvent, void>> {
    void this.return();
    return Promise.reject(error);
  }

  [Symbol.asyncIterator](): this {
    return this;
  }

  async [Symbol.asyncDispose](): Promise<void> {
    await this.return();
  }
}
