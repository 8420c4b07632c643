import { buildSchema, type GraphQLResolveInfo } from 'graphql';
import { describe, expect, it } from 'vitest';
import { expectSameAsGraphQLJS } from '../support/expectSameAsGraphQLJS.js';

// What a resolver receives as `args` (spec §6.4.1 CoerceArgumentValues). graphql-js 16.15 hands
// each call a new plain object (values.js: `return { ...coercedValues }`), so resolvers may call
// `args.hasOwnProperty` and may mutate `args` without affecting other calls.
const schema = buildSchema(`
  input Filter { word: String tags: [String] inner: Filter }
  type Query {
    items(limit: Int = 2, filter: Filter): [Item]
    describe(limit: Int, filter: Filter): String
  }
  type Item { label(prefix: String = "#", filter: Filter = { word: "w" }): String }
`);

const protoOf = (value: unknown) => {
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === null ? 'null' : proto === Object.prototype ? 'Object.prototype' : 'other';
};

describe('resolver arguments', () => {
  it('are objects with the same prototype as graphql-js gives (args, info.variableValues, inputs)', async () => {
    await expectSameAsGraphQLJS((log) => ({
      schema,
      rootValue: {
        describe(args: Record<string, unknown>, _ctx: unknown, info: GraphQLResolveInfo) {
          log.push({
            args: protoOf(args),
            variableValues: protoOf(info.variableValues),
            filter: args['filter'] === undefined ? 'none' : protoOf(args['filter']),
            hasOwn: Object.hasOwn(args, 'limit'),
          });
          return 'ok';
        },
      },
      query: `query ($f: Filter) {
        literal: describe(limit: 1, filter: { word: "a" })
        variable: describe(filter: $f)
        none: describe
      }`,
      variableValues: { f: { word: 'v', inner: { tags: ['t'] } } },
    }));
  });

  it('let resolvers call args.hasOwnProperty as graphql-js allows', async () => {
    const report = await expectSameAsGraphQLJS({
      schema,
      rootValue: {
        describe: (args: { hasOwnProperty(key: string): boolean }) =>
          `limit given: ${args.hasOwnProperty('limit')}`,
      },
      query: '{ a: describe(limit: 1) b: describe }',
    });
    expect(report.result?.errors).toBeUndefined();
  });

  it('are new for every call: a resolver mutating them does not change later calls', async () => {
    await expectSameAsGraphQLJS((log) => ({
      schema,
      rootValue: {
        items: () =>
          [{}, {}, {}].map(() => ({
            label(args: { prefix: string; filter: { word: string; tags?: string[] } }) {
              log.push(JSON.stringify(args));
              const label = `${args.prefix}${args.filter.word}`;
              args.prefix = 'MUTATED';
              // Not the default value: graphql-js hands out the schema's default object itself.
              if (args.filter.word !== 'w') {
                args.filter.word = 'MUTATED';
                args.filter.tags?.push('MUTATED');
              }
              return label;
            },
          })),
      },
      query: `query ($tags: [String]) {
        items {
          defaults: label
          literal: label(prefix: "*", filter: { word: "lit", tags: ["a"] })
          variable: label(filter: { word: "var", tags: $tags })
        }
      }`,
      variableValues: { tags: ['b'] },
    }));
  });
});
