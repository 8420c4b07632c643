import {
  GraphQLEnumType,
  GraphQLList,
  GraphQLNonNull,
  GraphQLObjectType,
  GraphQLSchema,
  GraphQLString,
} from 'graphql';
import { describe, expect, it } from 'vitest';
import { expectSameAsGraphQLJS, type DiffArgs } from '../support/expectSameAsGraphQLJS.js';

// Spec §3.9 Enums: values travel by name; resolvers see internal values (graphql-js's `value`).
const blue = { hue: 240 };
const Color = new GraphQLEnumType({
  name: 'Color',
  values: {
    RED: { value: 0 },
    GREEN: { value: 'g' },
    BLUE: { value: blue },
    PLAIN: {},
    OLD: { value: 'old', deprecationReason: 'use PLAIN' },
  },
});

const schema = new GraphQLSchema({
  query: new GraphQLObjectType({
    name: 'Query',
    fields: {
      color: { type: Color },
      colors: { type: new GraphQLList(Color) },
      strictColors: { type: new GraphQLList(new GraphQLNonNull(Color)) },
      pick: {
        type: GraphQLString,
        args: {
          c: { type: Color, defaultValue: blue },
          cs: { type: new GraphQLList(Color) },
        },
        resolve: (_source, args: Record<string, unknown>, log: unknown[]) => {
          log.push(args, args['c'] === blue);
          return JSON.stringify(args);
        },
      },
      same: {
        type: Color,
        args: { c: { type: Color } },
        resolve: (_source, { c }: { c?: unknown }) => c,
      },
    },
  }),
});

const run =
  (query: string, rootValue: unknown = {}, variableValues?: Record<string, unknown>) =>
  (log: unknown[]): DiffArgs => ({
    schema,
    rootValue,
    contextValue: log,
    query,
    ...(variableValues ? { variableValues } : {}),
  });

describe('enums with internal values', () => {
  it('serializes internal values to names, including object values and default (name) values', async () => {
    await expectSameAsGraphQLJS(
      run('{ color colors }', { color: blue, colors: [0, 'g', blue, 'PLAIN', 'old'] }),
    );
  });

  it('reports values with no name: a name instead of the internal value, unknown values', async () => {
    const report = await expectSameAsGraphQLJS(
      run('{ color colors strictColors }', {
        color: 'RED',
        colors: [0, 5, { hue: 240 }, 'BLUE'],
        strictColors: ['g', 'nope'],
      }),
    );
    expect(report.result?.errors).toHaveLength(5);
  });

  it('hands resolvers internal values from literals, variables, lists and defaults', async () => {
    await expectSameAsGraphQLJS(
      run('{ a: pick(c: RED) b: pick c: pick(cs: [GREEN, PLAIN, OLD]) }'),
    );
    await expectSameAsGraphQLJS(
      run(
        'query ($c: Color, $cs: [Color]) { pick(c: $c, cs: $cs) }',
        {},
        { c: 'GREEN', cs: 'BLUE' },
      ),
    );
    await expectSameAsGraphQLJS(run('query ($c: Color) { pick(c: $c) }', {}, { c: null }));
  });

  it('round-trips an argument to the output', async () => {
    await expectSameAsGraphQLJS(run('{ r: same(c: RED) b: same(c: BLUE) n: same }'));
    await expectSameAsGraphQLJS(run('query ($c: Color) { same(c: $c) }', {}, { c: 'OLD' }));
  });

  it('rejects enum variables given by internal value or in the wrong case', async () => {
    await expectSameAsGraphQLJS(run('query ($c: Color) { pick(c: $c) }', {}, { c: 0 }));
    await expectSameAsGraphQLJS(
      run('query ($cs: [Color]) { pick(cs: $cs) }', {}, { cs: ['red', 'Green'] }),
    );
  });
});

describe('enums whose parseValue is their own', () => {
  // A subclass overriding parseValue (here: deprecated values refused as input, and names
  // normalised): graphql-js coerces every enum variable through `type.parseValue`.
  class StrictEnum extends GraphQLEnumType {
    override parseValue(value: unknown): unknown {
      if (typeof value === 'string' && this.getValue(value)?.deprecationReason != null) {
        throw new Error(`${value} is deprecated`);
      }
      return typeof value === 'string' ? super.parseValue(value.toUpperCase()) : value;
    }
  }
  const Size = new StrictEnum({
    name: 'Size',
    values: { S: { value: 's' }, M: { value: 'm' }, XL: { value: 'xl', deprecationReason: 'no' } },
  });
  const sizes = new GraphQLSchema({
    query: new GraphQLObjectType({
      name: 'Query',
      fields: {
        size: {
          type: GraphQLString,
          args: { s: { type: Size }, list: { type: new GraphQLList(Size) } },
          resolve: (_source, args: Record<string, unknown>, log: unknown[]) => {
            log.push(args);
            return JSON.stringify(args);
          },
        },
      },
    }),
  });
  const query = 'query ($s: Size, $list: [Size]) { size(s: $s, list: $list) }';

  it('coerces variables through the override, refusals included', async () => {
    for (const variableValues of [{ s: 'XL' }, { list: ['S', 'XL'] }, { s: 'm', list: 's' }]) {
      await expectSameAsGraphQLJS((log) => ({
        schema: sizes,
        contextValue: log,
        query,
        variableValues,
      }));
    }
    const refused = await expectSameAsGraphQLJS((log) => ({
      schema: sizes,
      contextValue: log,
      query,
      variableValues: { s: 'XL' },
    }));
    expect(refused.result?.errors?.[0]?.message).toContain('XL is deprecated');
  });
});
