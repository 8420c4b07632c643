import { buildSchema, type GraphQLResolveInfo } from 'graphql';
import { describe, expect, it } from 'vitest';
import { expectSameAsGraphQLJS } from '../support/expectSameAsGraphQLJS.js';

// Spec §6.2 ExecuteQuery/ExecuteMutation take an initialValue (graphql-js's rootValue); the
// context is an implementation detail of graphql-js that every resolver receives, unchanged.
const schema = buildSchema(`
  type Query { who: String nested: Nested list: [Nested] }
  type Mutation { act: Nested }
  type Nested { who: String deeper: Nested }
`);

/** A method for the default resolver: called with (args, context, info) and `this` = source. */
function probe(log: unknown[], root: object, context: object) {
  return function (this: unknown, _args: unknown, ctx: unknown, info: GraphQLResolveInfo) {
    log.push({
      field: info.fieldName,
      thisIsRoot: this === root,
      contextIsSame: ctx === context,
      infoRootIsRoot: info.rootValue === root,
      infoSchemaIsSchema: info.schema === schema,
    });
    return info.parentType.name;
  };
}

describe('rootValue and contextValue', () => {
  it('hands the root value to root resolvers and the same context to every resolver', async () => {
    const report = await expectSameAsGraphQLJS((log) => {
      const context = { user: 'ada' };
      const root: Record<string, unknown> = {};
      const who = probe(log, root, context);
      const nested = { who, deeper: { who } };
      Object.assign(root, { who, nested, list: [nested, nested], act: nested });
      return {
        schema,
        rootValue: root,
        contextValue: context,
        query: '{ who nested { who deeper { who } } list { who } }',
      };
    });
    expect(report.log).toHaveLength(5);
  });

  it('does the same for mutations', async () => {
    await expectSameAsGraphQLJS((log) => {
      const context = { user: 'ada' };
      const root: Record<string, unknown> = {};
      const who = probe(log, root, context);
      Object.assign(root, { act: () => ({ who, deeper: { who } }) });
      return {
        schema,
        rootValue: root,
        contextValue: context,
        query: 'mutation { act { who deeper { who } } }',
      };
    });
  });

  it('works with no root or context, and with primitive or function roots', async () => {
    await expectSameAsGraphQLJS({ schema, query: '{ who nested { who } }' });
    await expectSameAsGraphQLJS({
      schema,
      rootValue: 'a string root',
      query: '{ who nested { who } }',
    });
    await expectSameAsGraphQLJS({ schema, rootValue: 42, contextValue: null, query: '{ who }' });
    const fnRoot = Object.assign(() => 'called?', { who: 'property of a function' });
    await expectSameAsGraphQLJS({ schema, rootValue: fnRoot, query: '{ who }' });
  });

  it('does not await a root value that is a promise (its fields are read off the promise)', async () => {
    const report = await expectSameAsGraphQLJS({
      schema,
      rootValue: Promise.resolve({ who: 'inside the promise' }),
      query: '{ who }',
    });
    expect(report.sync).toBe(true);
  });
});
