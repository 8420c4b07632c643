import type { PromiseOrValue } from './runJSON.js';

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
