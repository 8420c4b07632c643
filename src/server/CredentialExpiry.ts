/** The longest delay `setTimeout` keeps (2^31 - 1 ms, about 24.8 days); a longer one fires at once. */
const MAX_DELAY_MS = 2 ** 31 - 1;

/**
 * A connection's credential deadline (`RequestScope.expireAt`): calls `onExpired` once, at the
 * earliest time it was given (ms since the epoch); a time already past calls it on the next turn.
 * A deadline beyond what one timer can wait is reached in steps. `cancel` stops it for good.
 */
export class CredentialExpiry {
  #at = Infinity;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #done = false;

  constructor(private readonly onExpired: () => void) {}

  expireAt(epochMs: number): void {
    // NaN and later times change nothing.
    if (this.#done || !(epochMs < this.#at)) return;
    this.#at = epochMs;
    this.#arm();
  }

  cancel(): void {
    this.#done = true;
    clearTimeout(this.#timer);
  }

  #arm(): void {
    clearTimeout(this.#timer);
    const delay = Math.max(0, this.#at - Date.now());
    this.#timer = setTimeout(
      () => {
        if (delay > MAX_DELAY_MS) return this.#arm();
        this.#done = true;
        this.onExpired();
      },
      Math.min(delay, MAX_DELAY_MS),
    );
    this.#timer.unref();
  }
}
