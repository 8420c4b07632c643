import { buildSchema } from 'graphql';
import { describe, expect, it } from 'vitest';
import { expectSameAsGraphQLJS } from '../support/expectSameAsGraphQLJS.js';
import { failLater, later } from '../support/timing.js';

// Spec §6.4.4 Handling Field Errors: a null (or error) in a non-null position nulls the nearest
// nullable parent, up to `data: null`; one error is reported per nulled position.
const schema = buildSchema(`
  type Query {
    maybe: L1
    sure: L1!
    list: [L1!]
    sureList: [L1!]!
    listOfMaybe: [L1]!
    strings: [String!]
    grid: [[Int!]]
    sureGrid: [[Int!]!]
    sureRows: [[Int]!]!
  }
  type L1 { ok: String nn: String! child: L2 sureChild: L2! }
  type L2 { ok: String nn: String! sureChild: L3! }
  type L3 { nn: String! ok: String }
`);

/** A tree whose every `nn` is `value` (null, an Error, a promise...), every `ok` is "ok". */
function tree(value: () => unknown) {
  const l3 = { nn: value, ok: 'ok' };
  const l2 = { ok: 'ok', nn: value, sureChild: l3 };
  return { ok: 'ok', nn: value, child: l2, sureChild: l2 };
}
const good = () => tree(() => 'fine');
const bad = () => tree(() => null);

describe('non-null propagation', () => {
  it('nulls the nearest nullable parent, at every depth', async () => {
    const rootValue = { maybe: bad(), list: [good(), bad()] };
    await expectSameAsGraphQLJS({ schema, rootValue, query: '{ maybe { ok nn } }' });
    await expectSameAsGraphQLJS({ schema, rootValue, query: '{ maybe { ok child { ok nn } } }' });
    await expectSameAsGraphQLJS({
      schema,
      rootValue,
      query: '{ maybe { ok child { ok sureChild { ok nn } } } }',
    });
    await expectSameAsGraphQLJS({
      schema,
      rootValue,
      query: '{ maybe { ok sureChild { sureChild { nn } } } }',
    });
  });

  it('propagates through non-null root fields to data: null', async () => {
    const report = await expectSameAsGraphQLJS({
      schema,
      rootValue: { sure: bad(), maybe: good() },
      query: '{ maybe { ok } sure { sureChild { sureChild { nn } } } }',
    });
    expect(report.result?.data).toBeNull();
  });

  it('nulls a list of non-null items when one item is null, and keeps nulls in [T]!', async () => {
    await expectSameAsGraphQLJS({
      schema,
      rootValue: {
        list: [good(), null, good()],
        listOfMaybe: [good(), null],
        strings: ['a', null],
      },
      query: '{ list { ok } listOfMaybe { ok } strings }',
    });
    await expectSameAsGraphQLJS({
      schema,
      rootValue: { sureList: [good(), bad()], maybe: good() },
      query: '{ maybe { ok } sureList { ok nn } }',
    });
  });

  it('reports only the first failure of an object whose fields are all synchronous', async () => {
    const report = await expectSameAsGraphQLJS({
      schema,
      rootValue: { list: [bad(), bad()] },
      query: '{ list { ok nn sureChild { nn } } }',
    });
    expect(report.result?.errors).toHaveLength(1);
  });

  it('gives the same message for null, undefined, a thrown error and a returned Error', async () => {
    await expectSameAsGraphQLJS({
      schema,
      rootValue: {
        list: [
          tree(() => undefined),
          tree(() => new Error('returned')),
          tree(() => {
            throw new Error('thrown');
          }),
        ],
        listOfMaybe: [tree(() => null), tree(() => undefined)],
      },
      query: '{ list { nn } listOfMaybe { ok child { nn } } }',
    });
  });

  it('propagates asynchronous nulls and rejections the same way', async () => {
    await expectSameAsGraphQLJS({
      schema,
      rootValue: {
        maybe: () =>
          later(
            1,
            tree(() => later(1, null)),
          ),
        listOfMaybe: [tree(() => failLater(3, new Error('late'))), tree(() => 'ok')],
        list: [good(), tree(() => Promise.resolve(null))],
      },
      query: '{ maybe { ok sureChild { nn } } listOfMaybe { nn } list { ok nn } }',
    });
    const report = await expectSameAsGraphQLJS({
      schema,
      rootValue: { sure: tree(() => later(1, null)), maybe: () => later(2, good()) },
      query: '{ maybe { ok } sure { sureChild { sureChild { nn } } } }',
    });
    expect(report.result?.data).toBeNull();
  });

  it('propagates through nested lists level by level', async () => {
    const grid = () => [[1, 2], [3, null], null, [4]];
    await expectSameAsGraphQLJS({
      schema,
      rootValue: { grid, sureGrid: grid, sureRows: [[1], null] },
      query: '{ grid sureGrid sureRows }',
    });
    await expectSameAsGraphQLJS({
      schema,
      rootValue: {
        grid: () => [[later(1, 1)], [later(2, null), 3]],
        sureRows: () => [[1], later(1, null)],
      },
      query: '{ grid sureRows }',
    });
  });
});
