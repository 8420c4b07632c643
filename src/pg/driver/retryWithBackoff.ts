const FIRST_WAIT_MS = 100;
const MAX_WAIT_MS = 5_000;

/**
 * Calls `attempt` until it resolves, waiting 100 ms after the first failure and twice as long
 * after each next one, at most 5 s (on timers that hold no process open). `failed` hears each
 * failure before the wait. Gives up, resolving false, as soon as `stopped()` is true (looked at
 * before each attempt); true once an attempt succeeded.
 */
export async function retryWithBackoff(
  attempt: () => Promise<void>,
  stopped: () => boolean,
  failed?: (error: unknown) => unknown,
): Promise<boolean> {
  for (let wait = FIRST_WAIT_MS; !stopped(); wait = Math.min(wait * 2, MAX_WAIT_MS)) {
    try {
      await attempt();
      return true;
    } catch (error) {
      await failed?.(error);
      await new Promise((resolve) => setTimeout(resolve, wait).unref());
    }
  }
  return false;
}
