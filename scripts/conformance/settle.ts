export const isPromiseLike = (value: unknown): value is PromiseLike<unknown> =>
  typeof (value as { then?: unknown } | null)?.then === 'function';

/**
 * Awaits a value that may be a promise, but never longer than `ms`: an engine that forgets to
 * settle a promise must show up as a failed case, not as a runner that hangs. (A synchronous
 * infinite loop cannot be caught from inside; it would need a worker per case, which would make
 * the run slower than the two-minute budget allows.)
 */
export async function settle<T>(value: T | PromiseLike<T>, ms: number): Promise<T> {
  if (!isPromiseLike(value)) return value;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`did not settle within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([value, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** The message of anything thrown, for a failure line. */
export const messageOf = (error: unknown): string =>
  error instanceof Error ? `${error.name}: ${error.message}` : `non-Error thrown: ${String(error)}`;
