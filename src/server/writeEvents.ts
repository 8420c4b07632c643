import type { ExecuteOutcome } from '../engine/index.js';

const DONE: IteratorReturnResult<undefined> = { done: true, value: undefined };

/**
 * A subscription's events written by the transport itself: `write` gets each event's text as it
 * comes. The protocol library iterates the iterator returned, which yields nothing and keeps the
 * library's state of the operation: it ends when the events end (the library completes the
 * operation), rejects with what they threw (the library sends the error), and its `return()`
 * (the client completed the operation, or the socket closed) closes the engine's source, after
 * which nothing more is written. Writing starts with the library's first `next()`, once it holds
 * the operation. Per event, one await instead of the library's promises and serialisation.
 */
export function writeEvents(
  events: AsyncGenerator<ExecuteOutcome, void, void>,
  write: (text: string) => void,
): AsyncIterableIterator<never> {
  let stopped = false;
  let written: Promise<IteratorResult<never, undefined>> | undefined;
  const pump = async (): Promise<IteratorResult<never, undefined>> => {
    for (;;) {
      const event = await events.next();
      if (event.done || stopped) return DONE;
      write(event.value.body);
    }
  };
  const stop = async () => {
    stopped = true;
    await events.return();
  };
  const iterator: AsyncIterableIterator<never> = {
    next: () => (written ??= pump()),
    async return() {
      await stop();
      return DONE;
    },
    async throw(error: unknown) {
      await stop();
      throw error;
    },
    [Symbol.asyncIterator]: () => iterator,
  };
  return iterator;
}
