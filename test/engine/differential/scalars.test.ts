import { Kind, valueFromASTUntyped, type ValueNode } from 'graphql';
import { describe, expect, it } from 'vitest';
import { buildSchemaWith } from '../support/buildSchemaWith.js';
import { expectSameAsGraphQLJS } from '../support/expectSameAsGraphQLJS.js';

// Spec §3.5 Scalars and §6.4.3 CompleteValue (leaf types are serialized; a null from serialize
// is a field error). The JSON text of unusual values must equal JSON.stringify's.
const schema = buildSchemaWith(
  `
  scalar Instant
  scalar Raw
  scalar Json
  type Query {
    instant: Instant
    instants: [Instant!]
    raw: Raw
    raws: [Raw]
    echoInstant(at: Instant!): String
    echoJson(value: Json): Raw
    int: Int
    float: Float
    string: String
    boolean: Boolean
    id: ID
  }
`,
  {
    Instant: {
      serialize(value) {
        if (!(value instanceof Date))
          throw new TypeError(`Instant cannot serialize ${typeof value}`);
        return value.toISOString();
      },
      parseValue(value) {
        if (typeof value !== 'string') throw new TypeError('Instant wants a string');
        return new Date(value);
      },
      parseLiteral(node) {
        if (node.kind !== Kind.STRING) throw new TypeError('Instant wants a string literal');
        return new Date(node.value);
      },
    },
    // Hands the resolver's value through untouched (objects, Dates, nulls...).
    Raw: { serialize: (value) => value },
    Json: {
      parseValue: (value) => value,
      parseLiteral(node: ValueNode, variables?: Readonly<Record<string, unknown>> | null) {
        const value = valueFromASTUntyped(node, variables);
        if (JSON.stringify(value)?.includes('-1')) throw new RangeError('Json refuses -1');
        return value;
      },
    },
  },
);

const jan2 = new Date(Date.UTC(2024, 0, 2, 3, 4, 5, 6));

describe('custom scalars', () => {
  it('serializes resolver values, and reports a serialize that throws', async () => {
    const report = await expectSameAsGraphQLJS({
      schema,
      rootValue: { instant: jan2, instants: [jan2, 'not a date', jan2] },
      query: '{ instant instants }',
    });
    expect(report.result?.errors).toHaveLength(1);
  });

  it('reports a serialize that returns null or undefined', async () => {
    await expectSameAsGraphQLJS({
      schema,
      rootValue: { raw: null, raws: [1, null, undefined, 2] },
      query: '{ raw raws }',
    });
    const instantsOf = buildSchemaWith('scalar N type Query { n: N ns: [N!] }', {
      N: { serialize: (v) => (v === 'null' ? null : v === 'undefined' ? undefined : v) },
    });
    await expectSameAsGraphQLJS({
      schema: instantsOf,
      rootValue: { n: 'null', ns: ['a', 'undefined'] },
      query: '{ n ns }',
    });
  });

  it('passes objects, arrays, Dates and toJSON values through serialize untouched', async () => {
    await expectSameAsGraphQLJS({
      schema,
      rootValue: {
        raw: { b: 1, a: [jan2, { deep: true }], 'quote"key': 'v', skip: undefined, fn: () => 1 },
        raws: [jan2, [1, undefined, 3], { toJSON: () => 'custom' }, new Map([['k', 1]]), 'str'],
      },
      query: '{ raws raw }',
    });
  });

  it('parses literals and variables, including variables inside a literal', async () => {
    await expectSameAsGraphQLJS({
      schema,
      rootValue: {
        echoInstant: ({ at }: { at: Date }) => at.toISOString(),
        echoJson: ({ value }: { value: unknown }) => ({ got: value }),
      },
      query: `query ($at: Instant!, $v: Json) {
        lit: echoInstant(at: "2020-02-02T00:00:00.000Z")
        var: echoInstant(at: $at)
        json: echoJson(value: { list: [1, $v, "x"], nested: { n: $v }, e: ENUMISH, nil: null })
        absent: echoJson
      }`,
      variableValues: { at: '1999-12-31T23:59:59.000Z', v: 5 },
    });
  });

  it('turns a parseLiteral that throws at run time (because of a variable) into a field error', async () => {
    const report = await expectSameAsGraphQLJS({
      schema,
      rootValue: { echoJson: ({ value }: { value: unknown }) => value },
      query:
        'query ($v: Json) { listed: echoJson(value: [1, $v]) direct: echoJson(value: $v) lit: echoJson(value: { n: [$v] }) }',
      variableValues: { v: -1 },
    });
    expect(report.result?.errors?.map((e) => e.path?.[0])).toEqual(['listed', 'lit']);
  });

  it('reports a parseValue that throws', async () => {
    await expectSameAsGraphQLJS({
      schema,
      rootValue: { echoInstant: () => 'unreachable' },
      query: 'query ($at: Instant!) { echoInstant(at: $at) }',
      variableValues: { at: 20240101 },
    });
  });
});

describe('built-in scalars as results', () => {
  const query = '{ int float string boolean id }';
  const cases: Record<string, unknown>[] = [
    { int: '12', float: '1.5', string: 42, boolean: 1, id: 7 },
    { int: true, float: false, string: true, boolean: 0, id: 'x' },
    { int: 2 ** 31, float: NaN, string: { a: 1 }, boolean: 'true', id: true },
    { int: 1.5, float: Infinity, string: Symbol('s'), boolean: {}, id: 1.5 },
    { int: -0, float: -0, string: jan2, boolean: false, id: { valueOf: () => 'v' } },
    {
      int: { valueOf: () => 3 },
      float: 1e21,
      string: { toJSON: () => 'j' },
      boolean: [true],
      id: '',
    },
    { int: '', float: 5e-7, string: [1], boolean: null, id: 2 ** 53 },
  ];
  it.each(cases.map((rootValue, n) => [n, rootValue] as const))(
    'coerces or rejects result values like graphql-js (set %i)',
    async (_n, rootValue) => {
      await expectSameAsGraphQLJS({ schema, rootValue, query });
    },
  );

  it('writes strings that need escaping exactly as JSON.stringify does', async () => {
    await expectSameAsGraphQLJS({
      schema,
      rootValue: {
        string:
          'quote " backslash \\ nl \n tab \t nul \u0000 del \u007f ls \u2028 ps \u2029 é 😀 lone \ud800 end',
      },
      query: '{ string }',
    });
  });
});
