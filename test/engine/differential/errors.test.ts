import { buildSchema, GraphQLError } from 'graphql';
import { describe, expect, it } from 'vitest';
import { expectSameAsGraphQLJS } from '../support/expectSameAsGraphQLJS.js';
import { failLater, later } from '../support/timing.js';

// Spec §7.1.2 Errors: message, locations and path; the order of `errors` is the order in which
// graphql-js collected them (document order when synchronous, completion order when not). Since
// graphql 16.15 (CollectedErrors), an error under a position that was already nulled is dropped.
const schema = buildSchema(`
  type Query {
    a: String
    b: String
    c: String
    obj: Obj
    objs: [Obj]
    sureObjs: [Obj!]
    sure: Obj!
  }
  type Obj { ok: String nn: String! child: Obj list: [String] }
`);

const boom = (message: string) => () => {
  throw new Error(message);
};

describe('errors: message, locations, path and order', () => {
  it('collects synchronous errors of siblings and list items in document order', async () => {
    const report = await expectSameAsGraphQLJS({
      schema,
      rootValue: {
        c: boom('c'),
        a: boom('a'),
        b: 'fine',
        objs: [{ ok: boom('ok0') }, { ok: 'fine', list: ['x', new Error('item'), 'y'] }, null],
      },
      query: '{ c b a objs { ok list } }',
    });
    expect(report.result?.errors?.map((e) => e.message)).toEqual(['c', 'a', 'ok0', 'item']);
  });

  it('uses aliases in paths, and one location per merged field node', async () => {
    await expectSameAsGraphQLJS({
      schema,
      rootValue: { a: boom('a'), obj: { child: { ok: boom('deep') } } },
      query: `
        { first: a
          first: a
          o: obj { child { ...F } }
        }
        fragment F on Obj { ok
          ok }
      `,
    });
  });

  it('keeps what a thrown GraphQLError or error object carries (extensions, nodes, its own path)', async () => {
    await expectSameAsGraphQLJS({
      schema,
      rootValue: {
        a: () => {
          throw new GraphQLError('coded', { extensions: { code: 'E_CODE', detail: { n: 1 } } });
        },
        b: () => {
          throw Object.assign(new Error('plain with extensions'), {
            extensions: { code: 'PLAIN' },
          });
        },
        // Already located: graphql-js returns it untouched (no locations, the path it has).
        c: () => {
          throw new GraphQLError('located elsewhere', { path: ['somewhere', 3] });
        },
        obj: () => Object.assign(new RangeError('returned, not thrown'), { code: 42 }),
      },
      query: '{ a b c obj { ok } }',
    });
  });

  it('orders asynchronous errors by when they happened, not by document order', async () => {
    const report = await expectSameAsGraphQLJS({
      schema,
      rootValue: {
        a: () => failLater(3, new Error('a at 3')),
        b: () => failLater(1, new Error('b at 1')),
        c: boom('c now'),
        objs: [
          { ok: () => failLater(2, new Error('objs.0 at 2')) },
          { ok: () => Promise.reject(new Error('objs.1 at 0')) },
        ],
      },
      query: '{ a b c objs { ok } }',
    });
    expect(report.result?.errors?.map((e) => e.message)).toEqual([
      'c now',
      'objs.1 at 0',
      'b at 1',
      'objs.0 at 2',
      'a at 3',
    ]);
  });

  it('drops errors that arrive under a list already nulled by a non-null item', async () => {
    const report = await expectSameAsGraphQLJS(
      {
        schema,
        rootValue: {
          sureObjs: [
            { nn: () => later(1, null) },
            { nn: 'x', ok: () => failLater(3, new Error('too late, list is null')) },
          ],
          a: () => failLater(2, new Error('a at 2')),
        },
        query: '{ sureObjs { nn ok } a }',
      },
      { settle: true },
    );
    expect(report.result?.errors?.map((e) => e.message)).toEqual([
      'Cannot return null for non-nullable field Obj.nn.',
      'a at 2',
    ]);
  });

  it('drops errors under an object nulled by a non-null sibling, and under data: null', async () => {
    await expectSameAsGraphQLJS(
      {
        schema,
        rootValue: {
          obj: {
            nn: () => later(1, null),
            child: { ok: () => failLater(3, new Error('dropped')) },
          },
        },
        query: '{ obj { nn child { ok } } }',
      },
      { settle: true },
    );
    const report = await expectSameAsGraphQLJS(
      {
        schema,
        rootValue: {
          sure: { nn: () => later(1, null) },
          a: () => failLater(3, new Error('dropped: data is null')),
        },
        query: '{ a sure { nn } }',
      },
      { settle: true },
    );
    expect(report.result?.errors).toHaveLength(1);
  });

  it('waits for async siblings before nulling a parent for a synchronous non-null failure', async () => {
    const report = await expectSameAsGraphQLJS(
      (log) => ({
        schema,
        rootValue: {
          obj: {
            ok: () => (log.push('ok called'), failLater(1, new Error('async sibling'))),
            nn: () => (log.push('nn called'), null),
          },
        },
        query: '{ obj { ok nn } }',
      }),
      { settle: true },
    );
    expect(report.result?.errors?.map((e) => e.message)).toEqual([
      'async sibling',
      'Cannot return null for non-nullable field Obj.nn.',
    ]);
    // With the non-null field first, the loop stops before the sibling resolver is even called.
    await expectSameAsGraphQLJS(
      (log) => ({
        schema,
        rootValue: {
          obj: {
            ok: () => (log.push('ok called'), failLater(1, new Error('async sibling'))),
            nn: () => (log.push('nn called'), null),
          },
        },
        query: '{ obj { nn ok } }',
      }),
      { settle: true },
    );
  });

  it('keeps multi-line and non-ASCII messages intact', async () => {
    await expectSameAsGraphQLJS({
      schema,
      rootValue: { a: boom('line one\nline "two"\tété 😀'), b: boom('') },
      query: '{ a b }',
    });
  });
});
