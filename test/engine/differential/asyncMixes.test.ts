import { buildSchema, parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { expectSameAsGraphQLJS } from '../support/expectSameAsGraphQLJS.js';
import { failLater, later } from '../support/timing.js';

// Sync and async mixed at every level: the result is a promise only if some resolver returned
// one, and errors come in the order graphql-js collects them (by completion time).
const schema = buildSchema(`
  interface Animal { name: String }
  type Dog implements Animal { name: String barks: Boolean }
  type Cat implements Animal { name: String lives: Int! }
  type Owner { name: String pets: [Animal] favourite: Animal best: Owner }
  type Query { owners: [Owner] owner: Owner numbers: [Int] sureNumbers: [Int!] }
`);
// Promise-returning isTypeOf on both possible types (no resolveType): graphql-js awaits them all.
for (const name of ['Dog', 'Cat'] as const) {
  const type = schema.getType(name) as unknown as { isTypeOf: (v: { kind: string }) => unknown };
  type.isTypeOf = (value) => later(name === 'Dog' ? 1 : 2, value.kind === name);
}

const dog = (name: string, barks: unknown = true) => ({ kind: 'Dog', name, barks });
const cat = (name: string, lives: unknown = 9) => ({ kind: 'Cat', name, lives });

describe('async mixes', () => {
  it('stays synchronous when every resolver is, even with async-capable plans', async () => {
    const report = await expectSameAsGraphQLJS({
      schema,
      rootValue: { numbers: [1, 2], owner: { name: 'sync', best: { name: 'also sync' } } },
      query: '{ numbers owner { name best { name } } }',
    });
    expect(report.sync).toBe(true);
  });

  it('handles promises as list items, among plain items', async () => {
    await expectSameAsGraphQLJS({
      schema,
      rootValue: {
        numbers: () => [1, later(2, 2), 3, Promise.resolve(4), later(1, null)],
        sureNumbers: () => [later(1, 1), failLater(2, new Error('item 1')), 3],
      },
      query: '{ numbers sureNumbers }',
    });
  });

  it('handles promises in objects nested in synchronous lists', async () => {
    await expectSameAsGraphQLJS({
      schema,
      rootValue: {
        owners: [
          {
            name: () => later(3, 'slow owner'),
            best: { name: () => failLater(1, new Error('best 0')) },
          },
          {
            name: 'sync owner',
            best: () => later(2, { name: () => failLater(2, new Error('best 1')) }),
          },
          { name: () => Promise.reject(new Error('owner 2')), best: null },
        ],
      },
      query: '{ owners { name best { name } } }',
    });
  });

  it('resolves abstract list items through promise-returning isTypeOf, with failing fields', async () => {
    const report = await expectSameAsGraphQLJS({
      schema,
      rootValue: {
        owner: {
          name: 'o',
          pets: () => [
            dog('rex'),
            cat('tom', null),
            later(1, cat('kit')),
            dog('fido', () => failLater(3, new Error('bark'))),
          ],
          favourite: () => later(2, dog('best')),
        },
      },
      query: `{ owner {
        favourite { name }
        pets { __typename name ... on Dog { barks } ... on Cat { lives } }
      } }`,
    });
    expect(report.result?.errors?.map((e) => e.path)).toEqual([
      ['owner', 'pets', 1, 'lives'],
      ['owner', 'pets', 3, 'barks'],
    ]);
  });

  it('orders errors from several depths by completion time', async () => {
    const report = await expectSameAsGraphQLJS({
      schema,
      rootValue: {
        owners: () =>
          later(1, [
            { name: () => failLater(4, new Error('owners.0.name at 5')) },
            { name: () => failLater(1, new Error('owners.1.name at 2')) },
          ]),
        owner: {
          name: () => failLater(3, new Error('owner.name at 3')),
          best: { name: new Error('sync') },
        },
        numbers: () => failLater(1, new Error('numbers at 1')),
      },
      query: '{ owners { name } owner { name best { name } } numbers }',
    });
    expect(report.result?.errors?.map((e) => e.message)).toEqual([
      'sync',
      'numbers at 1',
      'owners.1.name at 2',
      'owner.name at 3',
      'owners.0.name at 5',
    ]);
  });

  it('uses one cached plan for sync, async and failing runs of the same document', async () => {
    const document = parse('{ owner { name best { name } } numbers }');
    const roots = [
      { owner: { name: 'a', best: { name: 'b' } }, numbers: [1] },
      {
        owner: () => later(1, { name: 'a', best: { name: () => later(1, 'b') } }),
        numbers: () => [later(1, 1)],
      },
      { owner: { name: 'a', best: { name: () => failLater(1, new Error('x')) } }, numbers: 5 },
      { owner: { name: 'a', best: { name: 'b' } }, numbers: [1] },
    ];
    for (const rootValue of roots) {
      await expectSameAsGraphQLJS({ schema, rootValue, document });
    }
  });
});
