import type { Abortable } from '../../engine/index.js';
import { abortError } from './abortError.js';
import type { ConnectionGate } from './ConnectionGate.js';

/** A postgres.js query, as far as cancelling it goes (fields of its Query object). */
export interface CancellableQuery<T> extends Promise<T> {
  cancel(): unknown;
  /** Set once a connection has taken the query (null while it waits for one or connects). */
  readonly state?: unknown;
  /** True while the query is the one its connection is running. */
  readonly active?: boolean;
  /**
   * True while a new statement with parameters is being described (postgres.js sends Bind and
   * Execute once the description is back): the backend waits for them, idle, and a cancel
   * request reaching it then is dropped.
   */
  readonly describeFirst?: boolean;
  /** postgres.js's own cancel, which (unlike `cancel()`) returns the cancel request's promise. */
  canceller?: ((query: CancellableQuery<T>) => Promise<void>) | null;
}

/** How often a query given up while its connection is still being opened checks again. */
const RETRY_MS = 5;

/** How often the running queries are looked at; a query is watched from its second look on. */
const SWEEP_MS = 50;

/**
 * The running queries of one client that a signal may give up, looked at every SWEEP_MS while
 * there are any: one timer for all of them, not one per query.
 *
 * Most statements end in a millisecond or two, and following a signal (or making one: the server
 * makes it on first access) costs more than running such a query. So a query reads
 * `abortable.signal` only once it has run between one and two sweeps (50–100 ms); one that ends
 * sooner never looks at it. Aborted while waiting for a slot: the query leaves the line
 * (ConnectionGate, which asks a waiting query whether it was given up). Aborted while running: the
 * backend is sent a cancel request, and the query rejects with the abort's error once PostgreSQL
 * has stopped it; the slot stays taken until then and until the cancel request is done, so the
 * next query on that connection is neither queued behind a statement still running nor hit by a
 * cancel meant for this one.
 *
 * postgres.js's `cancel()` of a query that no connection has taken yet, or that is still waiting
 * for its new connection to open, leaves that connection stuck (it is never handed back to the
 * pool), so the cancel waits until the query runs, or ends on its own.
 */
export class CancelWatch {
  private sweeps = 0;
  /** Every record made: one per query running at once, so at most the gate's size. */
  private readonly records: Watched[] = [];
  private readonly free: Watched[] = [];
  private running = 0;
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly gate: ConnectionGate) {}

  run<T>(abortable: Abortable, start: () => CancellableQuery<T>): Promise<T> {
    return this.gate.runReleasing((release) => {
      const query = start();
      const watched = this.free.pop() ?? this.record();
      watched.begin(query as CancellableQuery<unknown>, abortable, this.sweeps, release);
      this.running++;
      this.timer ??= this.arm();
      // Handlers made once per record: a query costs no closure of its own here.
      return query.then(watched.onValue, watched.onError) as Promise<T>;
    }, abortable);
  }

  /** The record's query settled and its slot is free: the record serves the next query. */
  done(watched: Watched): void {
    this.running--;
    this.free.push(watched);
  }

  private record(): Watched {
    const watched = new Watched(this);
    this.records.push(watched);
    return watched;
  }

  private arm(): NodeJS.Timeout {
    const timer = setTimeout(() => this.sweep(), SWEEP_MS);
    timer.unref();
    return timer;
  }

  private sweep(): void {
    this.timer = undefined;
    const now = ++this.sweeps;
    // Started before the previous sweep: it has run at least SWEEP_MS.
    for (const watched of this.records) if (watched.startedAt <= now - 2) watched.follow();
    if (this.running > 0) this.timer = this.arm();
  }
}

/**
 * The record of one running query, reused for the next query once this one is done (its
 * handlers are made once). `query` is undefined while the record is free.
 */
class Watched {
  /** The sweep count when the query started; Infinity while free or once followed. */
  startedAt = Infinity;
  private query: CancellableQuery<unknown> | undefined;
  private abortable: Abortable | undefined;
  private release: (() => void) | undefined;
  private signal: AbortSignal | undefined;
  private given: unknown;
  private cancelling: Promise<void> | undefined;

  constructor(private readonly watch: CancelWatch) {}

  begin(
    query: CancellableQuery<unknown>,
    abortable: Abortable,
    sweeps: number,
    release: () => void,
  ): void {
    this.query = query;
    this.abortable = abortable;
    this.startedAt = sweeps;
    this.release = release;
  }

  /** Reads the signal and follows it; called by the watch once the query has run a while. */
  follow(): void {
    this.startedAt = Infinity;
    const signal = this.abortable?.signal;
    if (signal === undefined) return;
    if (signal.aborted) return this.abort(signal);
    this.signal = signal;
    signal.addEventListener('abort', this.onAbort, { once: true });
  }

  readonly onValue = (value: unknown): unknown => {
    const cancelling = this.settle();
    if (cancelling) return this.givenUp(cancelling);
    this.free();
    return value;
  };

  readonly onError = (error: unknown): Promise<never> => {
    const cancelling = this.settle();
    if (cancelling) return this.givenUp(cancelling);
    this.free();
    return Promise.reject(error);
  };

  private readonly onAbort = () => {
    if (this.signal) this.abort(this.signal);
  };

  /** The query settled: stops following; returns the cancel request under way, if any. */
  private settle(): Promise<void> | undefined {
    this.startedAt = Infinity;
    this.query = undefined;
    this.signal?.removeEventListener('abort', this.onAbort);
    this.signal = undefined;
    return this.cancelling;
  }

  /**
   * Once the cancel request is done: frees the slot and the record, and rejects with the abort's
   * error — also when the statement ended on its own before the cancel reached it.
   */
  private givenUp(cancelling: Promise<void>): Promise<never> {
    const given = this.given;
    return cancelling.then(() => {
      this.free();
      throw given;
    });
  }

  private free(): void {
    const release = this.release;
    this.abortable = this.release = this.given = this.cancelling = undefined;
    release?.();
    this.watch.done(this);
  }

  private abort(signal: AbortSignal): void {
    const query = this.query;
    if (query === undefined || this.cancelling) return;
    this.given = abortError(signal);
    this.cancelling = cancelWhenRunning(query, () => this.query !== query);
  }
}

/**
 * Sends the cancel request once the query is running; resolves when it is done (or moot): the
 * backend has been signalled, so a statement sent after that is not hit by it.
 */
export function cancelWhenRunning<T>(
  query: CancellableQuery<T>,
  finished: () => boolean,
): Promise<void> {
  return new Promise<void>((resolve) => {
    const attempt = () => {
      if (finished()) return resolve();
      if (query.state == null || !query.active || query.describeFirst)
        return void setTimeout(attempt, RETRY_MS);
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
