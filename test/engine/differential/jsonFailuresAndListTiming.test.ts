import {
  GraphQLInterfaceType,
  GraphQLList,
  GraphQLNonNull,
  GraphQLObjectType,
  GraphQLScalarType,
  GraphQLSchema,
  GraphQLString,
  GraphQLUnionType,
} from 'graphql';
import { describe, expect, it } from 'vitest';
import { expectSameAsGraphQLJS } from '../support/expectSameAsGraphQLJS.js';
import { later } from '../support/timing.js';

// A scalar that hands JSON.stringify whatever the resolver gave.
const Raw = new GraphQLScalarType({ name: 'Raw', serialize: (value) => value });

describe('JSON.stringify failures of values the response does not keep', () => {
  const P = new GraphQLObjectType({
    name: 'P',
    fields: { big: { type: Raw }, nn: { type: new GraphQLNonNull(GraphQLString) } },
  });
  const schema = new GraphQLSchema({
    query: new GraphQLObjectType({
      name: 'Query',
      fields: { p: { type: P }, a: { type: Raw }, b: { type: Raw } },
    }),
  });

  it('a BigInt in a subtree nulled by a non-null error does not fail the response', async () => {
    // graphql-js: p is null, JSON.stringify never sees the BigInt.
    const report = await expectSameAsGraphQLJS({
      schema,
      rootValue: { p: { big: 10n, nn: null } },
      query: '{ p { big nn } }',
    });
    expect(report.result?.data).toEqual({ p: null });
  });

  it('of two values JSON.stringify cannot write, the first in the response fails it', async () => {
    const failing = (message: string) => ({
      toJSON() {
        throw new Error(message);
      },
    });
    // `a` comes first in the text but is written last.
    await expectSameAsGraphQLJS(() => ({
      schema,
      rootValue: {
        a: later(2, failing('a, first in the response')),
        b: failing('b, written first'),
      },
      query: '{ a b }',
    }));
  });
});

describe('a list of pending items settles when graphql-js Promise.all does', () => {
  it('an error from a nested list lands in graphql-js order', async () => {
    const I = new GraphQLInterfaceType({ name: 'I', fields: { id: { type: GraphQLString } } });
    const objectType = (name: string) =>
      new GraphQLObjectType({
        name,
        interfaces: [I],
        isTypeOf: (value: { kind?: string }) => Promise.resolve(value.kind === name),
        fields: { id: { type: GraphQLString } },
      });
    const A = objectType('A');
    const B = objectType('B');
    const U = new GraphQLUnionType({ name: 'U', types: [A, B] });
    const schema = new GraphQLSchema({
      types: [A, B],
      query: new GraphQLObjectType({
        name: 'Query',
        fields: {
          list: { type: new GraphQLList(new GraphQLList(new GraphQLNonNull(U))) },
          node: { type: I, resolve: (root: { node: unknown }) => root.node },
        },
      }),
    });
    const report = await expectSameAsGraphQLJS(() => ({
      schema,
      rootValue: {
        // No type's isTypeOf accepts it: the item fails once their promises settle.
        list: [[7]],
        node: { kind: 'B', id: Promise.resolve(new Error('id failed')) },
      },
      query: '{ list { __typename } node { __typename id } }',
    }));
    expect(report.result?.errors?.map((e) => e.path)).toEqual([
      ['list', 0, 0],
      ['node', 'id'],
    ]);
  });
});
