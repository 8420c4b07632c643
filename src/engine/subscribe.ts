import { createSourceEventStream, type ExecutionArgs, type ExecutionResult } from 'graphql';
import { execute, type PromiseOrValue } from './execute.js';

/**
 * A drop-in for graphql-js 16's `subscribe`. The source event stream comes from graphql-js's
 * `createSourceEventStream` (same argument coercion, same errors); every event is then executed
 * through Sluice's cached plan for the document, with the event as root value.
 */
export async function subscribe(
  args: ExecutionArgs,
): Promise<AsyncGenerator<ExecutionResult, void, void> | ExecutionResult> {
  if (arguments.length >= 2) {
    throw new Error(
      'graphql@16 dropped long-deprecated support for positional arguments, please pass an object instead.',
    );
  }
  const resultOrStream = await createSourceEventStream(args);
  if (!isAsyncIterable(resultOrStream)) return resultOrStream;
  return mapAsyncIterator(resultOrStream, (payload) => execute({ ...args, rootValue: payload }));
}

export function isAsyncIterable(value: unknown): value is AsyncIterable<unknown> {
  return (
    typeof (value as { [Symbol.asyncIterator]?: unknown } | null)?.[Symbol.asyncIterator] ===
    'function'
  );
}

/**
 * graphql-js's mapAsyncIterator: maps every value of an async iterable, closing the source when
 * the mapping fails or the consumer returns early.
 */
export function mapAsyncIterator<T, U>(
  iterable: AsyncIterable<T>,
  callback: (value: T) => PromiseOrValue<U>,
): AsyncGenerator<U, void, void> {
  const iterator = iterable[Symbol.asyncIterator]();

  async function mapResult(result: IteratorResult<T>): Promise<IteratorResult<U, void>> {
    if (result.done) return result as IteratorResult<U, void>;
    try {
      return { value: await callback(result.value), done: false };
    } catch (error) {
      await returnIgnoringErrors();
      throw error;
    }
  }

  async function returnIgnoringErrors(): Promise<void> {
    if (typeof iterator.return === 'function') {
      try {
        await iterator.return();
      } catch {
        // Keep the original error when closing the source also fails.
      }
    }
  }

  return {
    async next() {
      return mapResult(await iterator.next());
    },
    async return(): Promise<IteratorResult<U, void>> {
      return typeof iterator.return === 'function'
        ? mapResult(await iterator.return())
        : { value: undefined, done: true };
    },
    async throw(error?: unknown) {
      if (typeof iterator.throw === 'function') return mapResult(await iterator.throw(error));
      await returnIgnoringErrors();
      throw error;
    },
    [Symbol.asyncIterator]() {
      return this;
    },
  } as AsyncGenerator<U, void, void>;
}
