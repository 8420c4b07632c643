import { buildSchema } from 'graphql';
import { describe, expect, it } from 'vitest';
import { expectSameAsGraphQLJS } from '../support/expectSameAsGraphQLJS.js';
import { failLater, later } from '../support/timing.js';

// graphql-js's executeField/completeValue: a thrown value, a returned Error and a rejected
// promise all become field errors; non-Error values are wrapped ("Unexpected error value: ...").
const schema = buildSchema(`
  type Query {
    s1: String s2: String s3: String s4: String s5: String s6: String s7: String s8: String
    list: [String]
    obj: Obj
  }
  type Obj { a: String b: String! }
`);

class DomainError extends Error {
  override name = 'DomainError';
  code = 'DOMAIN';
}

const nonErrors: unknown[] = [
  'a string',
  42,
  null,
  undefined,
  { message: 'looks like an error' },
  [1, 2],
  true,
];

describe('resolvers that fail', () => {
  it('throw Error instances, subclasses and errors with extra properties', async () => {
    await expectSameAsGraphQLJS({
      schema,
      rootValue: {
        s1: () => {
          throw new Error('plain');
        },
        s2: () => {
          throw new DomainError('domain');
        },
        s3: () => {
          throw new TypeError('type');
        },
        s4: () => {
          throw new AggregateError([new Error('inner')], 'aggregate');
        },
        s5: () => {
          throw Object.assign(new Error('with cause', { cause: new Error('the cause') }), {
            extra: 1,
          });
        },
      },
      query: '{ s1 s2 s3 s4 s5 }',
    });
  });

  it('return Error instances (sync, async, as list items, for non-null fields)', async () => {
    const report = await expectSameAsGraphQLJS({
      schema,
      rootValue: {
        s1: new Error('returned'),
        s2: () => Promise.resolve(new DomainError('resolved to an error')),
        list: ['ok', new Error('item'), Promise.resolve(new Error('async item'))],
        obj: { a: new Error('a'), b: () => new Error('b, non-null') },
      },
      query: '{ s1 s2 list obj { a b } }',
    });
    // s1, s2, two list items, obj.a, then obj.b (which nulls obj).
    expect(report.result?.errors).toHaveLength(6);
  });

  it('return rejected promises, immediately or later', async () => {
    await expectSameAsGraphQLJS({
      schema,
      rootValue: {
        s1: () => Promise.reject(new Error('rejected now')),
        s2: () => failLater(2, new DomainError('rejected later')),
        s3: async () => {
          await later(1, null);
          throw new Error('async function threw');
        },
        list: () => [later(1, 'a'), failLater(3, new Error('item rejected')), 'c'],
        obj: () => failLater(1, new Error('object rejected')),
      },
      query: '{ s1 s2 s3 list obj { a } }',
    });
  });

  it('throw or reject values that are not Errors', async () => {
    const rootValue: Record<string, () => unknown> = {};
    nonErrors.forEach((value, n) => {
      rootValue[`s${n + 1}`] = () => {
        throw value;
      };
    });
    rootValue['s8'] = () => Promise.reject(Symbol.for('sym'));
    rootValue['list'] = () => [Promise.reject('rejected string'), Promise.reject(undefined)];
    await expectSameAsGraphQLJS({ schema, rootValue, query: '{ s1 s2 s3 s4 s5 s6 s7 s8 list }' });
  });

  it('return thenables that are not promises', async () => {
    const thenable = (value: unknown, fail = false) => ({
      then(resolve: (v: unknown) => unknown, reject: (e: unknown) => unknown) {
        return later(1, null).then(() => (fail ? reject(value) : resolve(value)));
      },
    });
    await expectSameAsGraphQLJS({
      schema,
      rootValue: {
        s1: () => thenable('from a thenable'),
        s2: () => thenable(new Error('thenable rejected'), true),
        list: () => [thenable('x'), 'y'],
      },
      query: '{ s1 s2 list }',
    });
  });
});
