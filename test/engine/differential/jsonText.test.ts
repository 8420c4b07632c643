import { describe, it } from 'vitest';
import { buildSchemaWith } from '../support/buildSchemaWith.js';
import { expectSameAsGraphQLJS } from '../support/expectSameAsGraphQLJS.js';

// executeJSON must write exactly JSON.stringify(graphql-js's result), including where
// JSON.stringify is surprising: number formatting, NaN/Infinity as null, keys dropped for
// undefined/function/symbol values, toJSON, invalid Dates, and a TypeError for BigInt.
// Raw hands values through; a few marker strings become values a resolver could not return
// through the default resolver (which calls functions it finds).
const markers: Record<string, () => unknown> = {
  FUNCTION: () => () => 'a function',
  SYMBOL: () => Symbol('s'),
  UNDEFINED_TO_JSON: () => ({ toJSON: () => undefined }),
};
const schema = buildSchemaWith(
  `
  scalar Raw
  type Query { raw: Raw raws: [Raw] float: Float floats: [Float] obj: Obj }
  type Obj { raw: Raw after: String }
`,
  {
    Raw: {
      serialize: (value) =>
        typeof value === 'string' && markers[value] ? markers[value]() : value,
    },
  },
);

describe('JSON text of values', () => {
  it('formats floats exactly as JSON.stringify does', async () => {
    await expectSameAsGraphQLJS({
      schema,
      rootValue: {
        float: 0.1 + 0.2,
        floats: [
          1e21,
          1e-7,
          123456789.12345679,
          -1e-300,
          Number.MAX_VALUE,
          5e-324,
          -0,
          100,
          2 ** 53 + 2,
        ],
      },
      query: '{ float floats }',
    });
  });

  it('writes null for NaN and Infinity inside custom scalar values', async () => {
    await expectSameAsGraphQLJS({
      schema,
      rootValue: { raws: [NaN, Infinity, -Infinity, -0, { n: NaN, list: [Infinity] }] },
      query: '{ raws }',
    });
  });

  it('drops a key whose custom scalar value JSON.stringify cannot write', async () => {
    await expectSameAsGraphQLJS({
      schema,
      rootValue: {
        raw: 'UNDEFINED_TO_JSON',
        obj: { raw: 'FUNCTION', after: 'kept' },
        raws: ['SYMBOL', 'FUNCTION', 'UNDEFINED_TO_JSON'],
      },
      query: '{ raw obj { raw after } raws }',
    });
  });

  it('calls toJSON with the key (property name or list index)', async () => {
    const keyed = { toJSON: (key: string) => `key was "${key}"` };
    await expectSameAsGraphQLJS({
      schema,
      rootValue: { raw: keyed, raws: [keyed, { nested: keyed }], obj: { raw: keyed } },
      query: '{ raw raws alias: raws obj { raw } }',
    });
  });

  it('writes invalid Dates as null and follows toJSON returning objects', async () => {
    await expectSameAsGraphQLJS({
      schema,
      rootValue: { raws: [new Date(NaN), { toJSON: () => ({ deep: [1, undefined] }) }] },
      query: '{ raws }',
    });
  });

  it('throws where JSON.stringify throws (a BigInt value)', async () => {
    await expectSameAsGraphQLJS({ schema, rootValue: { raw: 10n }, query: '{ raw }' });
  });
});
