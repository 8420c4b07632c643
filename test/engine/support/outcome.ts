/** How a call ended: a value or an error, synchronously or through a promise. */
export type Outcome =
  | { readonly kind: 'value'; readonly sync: boolean; readonly value: unknown }
  | { readonly kind: 'error'; readonly sync: boolean; readonly error: unknown };

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return (
    (typeof value === 'object' || typeof value === 'function') &&
    value !== null &&
    typeof (value as { then?: unknown }).then === 'function'
  );
}

/** Calls `run` and records whether it returned or threw, and whether it did so synchronously. */
export async function captureOutcome(run: () => unknown): Promise<Outcome> {
  let returned: unknown;
  try {
    returned = run();
  } catch (error) {
    return { kind: 'error', sync: true, error };
  }
  if (!isThenable(returned)) return { kind: 'value', sync: true, value: returned };
  try {
    return { kind: 'value', sync: false, value: await returned };
  } catch (error) {
    return { kind: 'error', sync: false, error };
  }
}
