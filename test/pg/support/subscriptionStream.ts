import type { Engine, ExecuteOutcome } from '../../../src/engine/index.js';

/** A subscription's events as the engine gives them. */
export type Stream = AsyncGenerator<ExecuteOutcome, void, void>;

/** Subscribes through the engine's request entry; a refused document or request throws. */
export async function subscribeTo(
  engine: Engine,
  query: string,
  request: { variables?: Record<string, unknown>; contextValue?: unknown } = {},
): Promise<Stream> {
  const prepared = engine.prepare(query);
  if (!prepared.ok) throw new Error(JSON.stringify(prepared));
  const stream = await prepared.subscribe(request);
  if (!(Symbol.asyncIterator in stream)) throw new Error(stream.body);
  return stream;
}

/**
 * Each stream's next() that a timeout left unanswered: the next call of nextBody takes its answer
 * rather than asking again, so a stream has one pending next() at most and no event is taken by
 * a call that has already given up.
 */
const pending = new WeakMap<Stream, Promise<string>>();

/** The next event's body, "done" when the stream ended, or "timeout" when none comes within `ms`. */
export async function nextBody(stream: Stream, ms = 20_000): Promise<string> {
  let next = pending.get(stream);
  if (next === undefined) {
    next = stream.next().then((r) => (r.done ? 'done' : r.value.body));
    pending.set(stream, next);
  }
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>(
    (resolve) => (timer = setTimeout(() => resolve('timeout'), ms)),
  );
  try {
    const body = await Promise.race([next, timeout]);
    if (body !== 'timeout') pending.delete(stream);
    return body;
  } finally {
    clearTimeout(timer);
  }
}
