import { buildSchema } from 'graphql';
import { describe, expect, it } from 'vitest';
import { expectSameAsGraphQLJS } from '../support/expectSameAsGraphQLJS.js';

// Which errors a response keeps depends on when each branch settles: once a position is nulled,
// later errors under it are dropped (graphql-js 16.15). So the promise chains must take as many
// ticks as graphql-js's. Cases mix values, throwing and rejecting resolvers, promises and nulls
// in non-null positions, at random (a fixed seed) and one found by shrinking a random failure.
const schema = buildSchema(`
  type Query { items: [Item] one: Item }
  type Item { id: ID a: String b: String! c: Int kids: [Item] nn: Item! maybe: Item }
`);
const query = `{
  items { id a b c kids { id b nn { a b } maybe { id c } } nn { b c } }
  one { id nn { b } }
}`;

/** A deterministic random generator (a linear congruential one), so every run sees the same cases. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    return state / 0x7fffffff;
  };
}

type Value = unknown;

function item(next: () => number, depth: number, path: string): Record<string, Value> {
  const leaf = (value: Value, at: string): Value => {
    const k = next();
    if (k < 0.15)
      return () => {
        throw new Error(`thrown at ${at}`);
      };
    if (k < 0.3) return () => Promise.resolve(value);
    if (k < 0.4) return () => Promise.reject(new Error(`rejected at ${at}`));
    if (k < 0.5) return null;
    return value;
  };
  const later = (value: Value) => () => Promise.resolve(value);
  const object: Record<string, Value> = {
    id: leaf(`id ${path}`, `${path}.id`),
    a: leaf('a', `${path}.a`),
    b: leaf('b', `${path}.b`),
    c: leaf(1, `${path}.c`),
  };
  if (depth > 0) {
    const kids = Array.from({ length: 1 + Math.floor(next() * 3) }, (_, i) =>
      item(next, depth - 1, `${path}.${i}`),
    );
    object['kids'] = next() < 0.7 ? kids : next() < 0.5 ? null : later(kids.slice(0, 1));
    const nn = item(next, depth - 1, `${path}.nn`);
    object['nn'] = next() < 0.8 ? nn : next() < 0.5 ? null : later(null);
    const maybe = item(next, depth - 1, `${path}.maybe`);
    object['maybe'] = next() < 0.5 ? maybe : later(maybe);
  }
  return object;
}

describe('error order with promises, throws and nulled positions', () => {
  it('keeps the errors graphql-js keeps when a sync error waits for pending siblings', async () => {
    // items.0 is nulled by nn.b's rejection before kids.0.nn.b's error (held back until
    // kids.0.nn.a's promise settles) arrives, so graphql-js drops the latter.
    const report = await expectSameAsGraphQLJS({
      schema,
      rootValue: {
        items: [
          {
            b: 'b',
            kids: [{ b: 'b', nn: { a: () => Promise.resolve('a') } }],
            nn: { b: () => Promise.reject(new Error('rejected')) },
          },
        ],
      },
      query: '{ items { b kids { b nn { a b } } nn { b } } }',
    });
    expect(report.result?.errors?.map((error) => error.path?.join('.'))).toEqual(['items.0.nn.b']);
  });

  it('matches graphql-js on 60 random mixes', async () => {
    const next = random(1);
    for (let n = 0; n < 60; n++) {
      const rootValue = {
        items: Array.from({ length: 3 }, (_, i) => item(next, 2, `items.${i}`)),
        one: item(next, 2, 'one'),
      };
      await expectSameAsGraphQLJS({ schema, rootValue, query });
    }
  });
});
