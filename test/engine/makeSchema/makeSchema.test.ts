import { GraphQLScalarType, parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { makeSchema, type ResolverMap } from '../../../src/engine/index.js';
import { expectSameAsGraphQLJS, type DiffArgs } from '../support/expectSameAsGraphQLJS.js';
import {
  accountRows,
  accountsOracle,
  accountsSDL,
  behaviour,
  instantConfig,
  moneySerialize,
  roleValues,
} from './accounts.js';

// makeSchema({ typeDefs, resolvers }) must give the schema one would build by hand: each case
// runs Sluice on the makeSchema schema and graphql-js on a code-first twin (accounts.ts), and
// graphql-js on the makeSchema schema too.
function resolverMap(instant: 'class' | 'config'): ResolverMap {
  return {
    Query: {
      accounts: behaviour.accounts as never,
      entities: behaviour.entities as never,
      echo: behaviour.echo as never,
      price: behaviour.price,
      roles: behaviour.roles,
    },
    Mutation: { setRole: behaviour.setRole as never },
    Subscription: {
      ticks: { subscribe: behaviour.ticksSubscribe as never, resolve: behaviour.ticksResolve },
    },
    Person: { __isTypeOf: behaviour.isPerson as never, name: behaviour.personName as never },
    Robot: { __isTypeOf: behaviour.isRobot as never },
    Account: { __resolveType: behaviour.accountType as never },
    Instant:
      instant === 'class'
        ? new GraphQLScalarType(instantConfig as never)
        : (instantConfig as unknown as ResolverMap[string]),
    Money: { serialize: moneySerialize } as unknown as ResolverMap[string],
    Role: roleValues,
  };
}

const built = {
  class: makeSchema({ typeDefs: accountsSDL, resolvers: resolverMap('class') }),
  config: makeSchema({ typeDefs: accountsSDL, resolvers: resolverMap('config') }),
};
const oracleSchema = accountsOracle();

function accounts(query: string, variableValues?: Record<string, unknown>) {
  return (which: keyof typeof built) => (): DiffArgs => ({
    schema: built[which],
    oracleSchema,
    contextValue: { rows: accountRows() },
    query,
    ...(variableValues ? { variableValues } : {}),
  });
}

const cases = {
  'object field resolvers, __resolveType and __isTypeOf': accounts(`{
    accounts { __typename id role ... on Person { name born } ... on Robot { model } }
    entities { __typename ... on Person { name } ... on Robot { model } }
  }`),
  'enum internal values in arguments and results': accounts(
    'query ($r: Role) { a: accounts(role: ADMIN) { id role } b: accounts(role: $r) { id } roles }',
    { r: 'GUEST' },
  ),
  'custom scalars: serialize, parseValue, parseLiteral': accounts(
    'query ($at: Instant) { lit: echo(at: "2000-01-01T00:00:00.000Z") var: echo(at: $at) price }',
    { at: '2010-05-05T05:05:05.000Z' },
  ),
  'a custom scalar whose serialize throws': accounts('{ accounts { id ... on Person { born } } }'),
  'mutation resolvers': accounts('mutation { setRole(id: "2", role: ADMIN) { id role } }'),
  'the resolve half of a { subscribe, resolve } field (run by execute)':
    accounts('subscription { ticks }'),
};

describe('makeSchema', () => {
  for (const [name, fixture] of Object.entries(cases)) {
    it(`wires ${name} (scalar as GraphQLScalarType and as a config object)`, async () => {
      const report = await expectSameAsGraphQLJS(fixture('class'));
      await expectSameAsGraphQLJS(fixture('config'));
      expect(report.result).toBeDefined();
    });
  }

  it('gives the subscription field its subscribe function', async () => {
    const field = built.class.getSubscriptionType()?.getFields()['ticks'];
    expect(field?.subscribe).toBe(behaviour.ticksSubscribe);
    expect(field?.resolve).toBe(behaviour.ticksResolve);
  });

  it('accepts several typeDefs (strings and documents, with extensions) and resolver maps', async () => {
    const schema = makeSchema({
      typeDefs: ['type Query { a: String }', parse('extend type Query { b: Int }')],
      resolvers: [{ Query: { a: () => 'A' } }, { Query: { b: () => 2 } }],
    });
    await expectSameAsGraphQLJS({ schema, query: '{ a b }' });
    expect(Object.keys(schema.getQueryType()?.getFields() ?? {})).toEqual(['a', 'b']);
  });

  it('refuses resolvers for types, fields and enum values the SDL does not define', () => {
    const typeDefs = 'enum E { A } type Query { a: E }';
    expect(() => makeSchema({ typeDefs, resolvers: { Nope: {} } })).toThrow(/"Nope"/);
    expect(() => makeSchema({ typeDefs, resolvers: { Query: { b: () => 1 } } })).toThrow(
      /"Query\.b"/,
    );
    expect(() => makeSchema({ typeDefs, resolvers: { E: { B: 1 } } })).toThrow(/"E\.B"/);
  });
});
