/**
 * A clock for async fixtures that counts macrotask turns ("ticks") instead of milliseconds.
 *
 * Between two ticks the microtask queue drains completely, so whatever promise chains an executor
 * builds internally, everything a resolver result triggers happens before the next tick. Events
 * placed on different ticks therefore happen in the same order in graphql-js and in Sluice, on a
 * busy machine too (wall-clock timers chained after each other can swap under load). Events on
 * the same tick are ordered by microtasks, which depends on how an executor chains promises.
 */
let now = 0;
const waiting = new Map<number, (() => void)[]>();
let running = false;

function advance(): void {
  now += 1;
  const due = waiting.get(now) ?? [];
  waiting.delete(now);
  for (const wake of due) wake();
  if (waiting.size > 0) setImmediate(advance);
  else running = false;
}

/** Resolves `ticks` macrotask turns from now (at least one). */
export function tick(ticks = 1): Promise<void> {
  const at = now + Math.max(1, Math.floor(ticks));
  return new Promise((resolve) => {
    const list = waiting.get(at) ?? [];
    list.push(resolve);
    waiting.set(at, list);
    if (!running) {
      running = true;
      setImmediate(advance);
    }
  });
}

/** Resolves to `value` after `ticks` ticks. */
export async function later<T>(ticks: number, value: T): Promise<T> {
  await tick(ticks);
  return value;
}

/** Rejects with `error` after `ticks` ticks. */
export async function failLater(ticks: number, error: unknown): Promise<never> {
  await tick(ticks);
  throw error;
}

/** Resolves once no fixture is waiting on the clock any more (and one more turn has passed). */
export async function settled(): Promise<void> {
  while (waiting.size > 0) await tick(1);
  await new Promise((resolve) => setImmediate(resolve));
}
