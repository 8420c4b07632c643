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

/** The next event's body, "done" when the stream ended, or "timeout" when none comes within `ms`. */
export async function nextBody(stream: Stream, ms = 20_000): Promise<string> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<string>(
    (resolve) => (timer = setTimeout(() => resolve('timeout'), ms)),
  );
  const next = stream.next().then((r) => (r.done ? 'done' : r.value.body));
  try {
    return await Promise.race([next, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
