import {
  buildSchema,
  execute as graphqlExecute,
  executeSync as graphqlExecuteSync,
  GraphQLObjectType,
  GraphQLSchema,
  GraphQLString,
  parse,
} from 'graphql';
import { describe, expect, it } from 'vitest';
import { execute, executeJSON, executeSync } from '../../../src/engine/index.js';
import { expectSameAsGraphQLJS } from '../support/expectSameAsGraphQLJS.js';

// Spec §6.1 GetOperation: the operation named by operationName, or the only one; graphql-js's
// three errors when that fails. Invalid arguments (no document, an invalid schema) make
// graphql-js throw instead of answering.
const schema = buildSchema(`
  type Query { q: String }
  type Mutation { m: String }
  type Subscription { s: String }
`);
const rootValue = { q: 'query', m: 'mutation', s: 'subscription field run as a query' };
const multi = 'query A { q } query B { a: q } mutation C { m } { q }';

describe('operations', () => {
  it('selects the named operation, and the only one when no name is given', async () => {
    for (const operationName of ['A', 'B', 'C']) {
      await expectSameAsGraphQLJS(
        { schema, rootValue, query: multi, operationName },
        { validate: false },
      );
    }
    await expectSameAsGraphQLJS({ schema, rootValue, query: 'query Only { q }' });
    await expectSameAsGraphQLJS({
      schema,
      rootValue,
      query: 'query Only { q }',
      operationName: null,
    });
  });

  it('reports the three errors of operation selection', async () => {
    // Several operations and no name (the document is invalid: graphql-js executes it anyway).
    const report = await expectSameAsGraphQLJS(
      { schema, rootValue, query: multi },
      { validate: false },
    );
    expect(report.result?.errors?.[0]?.message).toBe(
      'Must provide operation name if query contains multiple operations.',
    );
    await expectSameAsGraphQLJS(
      { schema, rootValue, query: multi, operationName: 'Z' },
      { validate: false },
    );
    await expectSameAsGraphQLJS({ schema, rootValue, query: '{ q }', operationName: 'Q' });
    await expectSameAsGraphQLJS(
      { schema, rootValue, query: 'fragment F on Query { q }' },
      { validate: false },
    );
  });

  it('runs a subscription operation as a query when given to execute', async () => {
    await expectSameAsGraphQLJS({ schema, rootValue, query: 'subscription { s }' });
  });

  it('answers an operation type the schema lacks with data: null', async () => {
    const queryOnly = buildSchema('type Query { q: String }');
    const report = await expectSameAsGraphQLJS(
      { schema: queryOnly, rootValue, query: 'mutation { m }' },
      { validate: false },
    );
    expect(report.result).toHaveProperty('data', null);
    await expectSameAsGraphQLJS(
      { schema: queryOnly, rootValue, query: 'subscription { s }' },
      { validate: false },
    );
  });

  it('throws, as graphql-js does, for a missing document or an invalid schema', async () => {
    const missing = await expectSameAsGraphQLJS({ schema, rootValue }, { validate: false });
    expect(missing.thrown).toBeInstanceOf(Error);
    await expectSameAsGraphQLJS(
      { schema, rootValue, document: null as never },
      { validate: false },
    );
    const invalid = new GraphQLSchema({
      query: new GraphQLObjectType({ name: 'Query', fields: {} }),
      types: [
        new GraphQLObjectType({
          name: 'Bad',
          fields: { f: { type: GraphQLString } },
          interfaces: [],
        }),
      ],
    });
    const report = await expectSameAsGraphQLJS(
      { schema: invalid, rootValue, query: '{ __typename }' },
      { validate: false },
    );
    expect(String(report.thrown)).toContain('Query must define one or more fields');
    await expectSameAsGraphQLJS(
      { schema: undefined as never, rootValue, query: '{ q }' },
      { validate: false },
    );
  });

  it('throws the same error as graphql-js for positional arguments', () => {
    const document = parse('{ q }');
    const call = (f: (...args: unknown[]) => unknown) => {
      try {
        f(schema, document);
      } catch (error) {
        return String(error);
      }
      return 'did not throw';
    };
    const expected = call(graphqlExecute as never);
    expect(expected).toMatch(/positional arguments/);
    expect(call(execute as never)).toBe(expected);
    expect(call(executeJSON as never)).toBe(expected);
  });

  it('executeSync answers like graphql-js executeSync, and throws the same for a promise', () => {
    const outcome = (run: () => unknown) => {
      try {
        return JSON.stringify(run());
      } catch (error) {
        return `threw ${String(error)}`;
      }
    };
    const document = parse('{ q }');
    for (const root of [
      rootValue,
      { q: () => new Error('field error') },
      { q: () => Promise.resolve('x') },
    ]) {
      const args = { schema, rootValue: root, document };
      expect(outcome(() => executeSync(args))).toBe(outcome(() => graphqlExecuteSync(args)));
    }
    expect(
      outcome(() => executeSync({ schema, document, rootValue: { q: async () => 'x' } })),
    ).toMatch(/failed to complete synchronously/);
  });
});
