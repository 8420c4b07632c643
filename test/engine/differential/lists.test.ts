import { buildSchema } from 'graphql';
import { describe, expect, it } from 'vitest';
import { expectSameAsGraphQLJS } from '../support/expectSameAsGraphQLJS.js';

// Spec §6.4.3 CompleteValue, list case: any iterable object is a list (graphql-js accepts every
// object with Symbol.iterator); a string is not, and neither is an array-like object.
const schema = buildSchema(`
  type Query {
    strings: [String]
    ints: [Int]
    nested: [[Int]]
    things: [Thing]
  }
  type Thing { name: String }
`);

function* generate(log: unknown[]) {
  for (const name of ['g1', 'g2', 'g3']) {
    log.push(`yield ${name}`);
    yield {
      name: () => {
        log.push(`resolve ${name}`);
        return name;
      },
    };
  }
}

describe('lists from any iterable', () => {
  it('accepts arrays, Sets, Map.values(), generators, typed arrays and String objects', async () => {
    const report = await expectSameAsGraphQLJS({
      schema,
      rootValue: {
        strings: new Set(['a', 'b', 'a']),
        ints: new Int16Array([1, -2, 3]),
        // An iterator is used up by one run: resolve a fresh one each time.
        nested: () =>
          new Map<string, Iterable<number>>([
            ['x', [1, 2]],
            ['y', new Set([3])],
          ]).values(),
        things: [{ name: 'plain' }],
      },
      query: '{ strings ints nested things { name } }',
    });
    expect(report.result?.errors).toBeUndefined();
    await expectSameAsGraphQLJS({
      schema,
      rootValue: { strings: new String('hé'), ints: [], nested: [[], new Set()] },
      query: '{ strings ints nested }',
    });
  });

  it('completes items while it iterates (generators are consumed lazily)', async () => {
    await expectSameAsGraphQLJS((log) => ({
      schema,
      rootValue: { things: () => generate(log) },
      query: '{ things { name } }',
    }));
  });

  it('iterates an array (or a subclass) with an iterator of its own through that iterator', async () => {
    const own = <T>(items: T[], yielded: T[]): T[] =>
      Object.defineProperty(items, Symbol.iterator, {
        value: function* () {
          yield* yielded;
        },
      });
    // A subclass whose iterator walks backwards.
    class Reversed<T> extends Array<T> {}
    Object.defineProperty(Reversed.prototype, Symbol.iterator, {
      value: function* (this: unknown[]) {
        for (let i = this.length - 1; i >= 0; i--) yield this[i];
      },
    });
    const reversed = Reversed.from([{ name: 'first' }, { name: 'second' }, { name: 'third' }]);
    await expectSameAsGraphQLJS({
      schema,
      rootValue: {
        ints: own([1, 2, 3], [9]),
        strings: new Reversed<string>().concat([]),
        things: own([{ name: 'a' }, { name: 'b' }], [{ name: 'z' }]),
        nested: [own([1, 2], [7, 8, 9]), [3]],
        again: reversed,
      },
      query: '{ ints things { name } nested again: things { name } }',
    });
    await expectSameAsGraphQLJS({
      schema,
      rootValue: { things: reversed },
      query: '{ things { name } }',
    });
  });

  it('reads the `then` of a thenable item as graphql-js does (to check, then to call)', async () => {
    const item = (log: unknown[], name: string) => ({
      get then() {
        log.push(`then ${name}`);
        return (resolve: (value: unknown) => void) => resolve({ name });
      },
    });
    const report = await expectSameAsGraphQLJS((log) => ({
      schema,
      rootValue: { things: [{ name: 'plain' }, item(log, 'a'), item(log, 'b')] },
      query: '{ things { name } }',
    }));
    expect(report.log).toEqual(['then a', 'then a', 'then b', 'then b']);
  });

  it('reports a string, a number, a plain object and an array-like as not iterable', async () => {
    const report = await expectSameAsGraphQLJS({
      schema,
      rootValue: { strings: 'abc', ints: 12, nested: { length: 1, 0: [1] }, things: { name: 'x' } },
      query: '{ strings ints nested things { name } }',
    });
    expect(report.result?.errors).toHaveLength(4);
  });

  it('reports a Map (entries are lists, not strings) item by item', async () => {
    await expectSameAsGraphQLJS({
      schema,
      rootValue: { strings: new Map([['k', 'v']]), nested: new Map([['k', 'v']]) },
      query: '{ strings nested }',
    });
  });

  it('turns an iterator that throws midway into an error on the list field', async () => {
    await expectSameAsGraphQLJS({
      schema,
      rootValue: {
        *ints() {
          yield 1;
          throw new Error('iterator broke');
        },
        strings: ['fine'],
      },
      query: '{ ints strings }',
    });
  });

  it('keeps nulls inside nullable lists and nested lists', async () => {
    await expectSameAsGraphQLJS({
      schema,
      rootValue: {
        ints: [1, null, undefined, 4],
        nested: [null, [null, 2], []],
        things: [null, {}],
      },
      query: '{ ints nested things { name } }',
    });
  });

  it('awaits a promised iterable, but does not accept async iterables', async () => {
    await expectSameAsGraphQLJS({
      schema,
      rootValue: {
        strings: () => Promise.resolve(new Set(['promised', 'set'])),
        async *ints() {
          yield 1;
        },
      },
      query: '{ strings ints }',
    });
  });
});
