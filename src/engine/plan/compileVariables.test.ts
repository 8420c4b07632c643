import type { GraphQLScalarType } from 'graphql';
import { buildSchema, getVariableValues, parse, type OperationDefinitionNode } from 'graphql';
import { describe, expect, it } from 'vitest';
import { compileVariables, VariableRefusal } from './compileVariables.js';

const schema = buildSchema(`
  scalar Stamp
  enum Color { RED GREEN }
  input Row { name: String!, tags: [String!], color: Color = GREEN, at: Stamp, children: [Row!], parent: Row, n: Int = 3 }
  input Pick @oneOf { a: Int, b: String }
  type Query { rows(input: [Row!]!): Int, pick(p: Pick): Int }
`);
// A custom scalar that refuses some inputs by throwing and others by answering undefined.
Object.assign(schema.getType('Stamp') as GraphQLScalarType, {
  parseValue(value: unknown) {
    if (typeof value !== 'string') throw new TypeError('not a string');
    return value === 'never' ? undefined : `stamp:${value}`;
  },
});

const definitions = (text: string) =>
  (parse(text).definitions[0] as OperationDefinitionNode).variableDefinitions ?? [];

/**
 * The specialised coercer answers what graphql-js answers, or where graphql-js errs a refusal
 * from whose definition on graphql-js gives every error it gives over all of them.
 */
function same(text: string, inputs: Record<string, unknown>): 'value' | 'error' {
  const defs = definitions(text);
  const coercer = compileVariables(schema, defs);
  expect(coercer).toBeDefined();
  const quick = coercer!(inputs);
  const reference = getVariableValues(schema, defs, inputs);
  if (reference.errors) {
    expect(quick).toBeInstanceOf(VariableRefusal);
    const { at } = quick as VariableRefusal;
    const rest = getVariableValues(schema, defs.slice(at), inputs);
    expect(rest.errors?.map((e) => e.message)).toEqual(reference.errors.map((e) => e.message));
    return 'error';
  }
  expect(quick).toStrictEqual(reference.coerced);
  // The same key order at every level (the pg layer walks inputs in it).
  expect(JSON.stringify(quick)).toBe(JSON.stringify(reference.coerced));
  return 'value';
}

const ROWS =
  'query ($input: [Row!]!, $one: Row, $list: [Int], $c: Color = RED) { rows(input: $input) }';

describe('compileVariables on lists and input objects', () => {
  it('gives graphql-js values: field order, defaults, nested lists, recursion, scalars', () => {
    const cases: Record<string, unknown>[] = [
      { input: [] },
      { input: [{ n: 1, name: 'a' }] },
      { input: { name: 'single row as a list of one' } },
      {
        input: [
          {
            name: 'a',
            tags: 'one',
            color: 'RED',
            at: 'x',
            children: [{ name: 'b', parent: { name: 'c' } }],
          },
        ],
      },
      { input: [{ name: 'a', tags: null, color: null, at: null, children: null, n: null }] },
      { input: [{ name: 'a' }], one: null, list: [1, null, 3], c: 'GREEN' },
      { input: [{ name: 'a' }], list: 7 },
    ];
    for (const inputs of cases) expect(same(ROWS, inputs)).toBe('value');
  });

  it('refuses (so graphql-js reports) every input graphql-js refuses', () => {
    const cases: Record<string, unknown>[] = [
      {},
      { input: null },
      { input: [null] },
      { input: [{}] },
      { input: [{ name: 1 }] },
      { input: [{ name: 'a', extra: 1 }] },
      { input: [{ name: 'a', color: 'BLUE' }] },
      { input: [{ name: 'a', at: 5 }] },
      { input: [{ name: 'a', at: 'never' }] },
      { input: [{ name: 'a', children: [{ name: 'b', tags: [null] }] }] },
      { input: ['not an object'] },
      { input: [[{ name: 'a' }]] },
      { input: [{ name: 'a' }], list: [1.5] },
      { input: [{ name: 'a' }], list: ['1'] },
      { input: [{ name: 'a' }], one: [] },
      { input: [{ name: 'a' }], c: 'BLUE' },
    ];
    for (const inputs of cases) expect(same(ROWS, inputs)).toBe('error');
  });

  it('leaves oneOf input objects to graphql-js', () => {
    expect(
      compileVariables(schema, definitions('query ($p: Pick) { pick(p: $p) }')),
    ).toBeUndefined();
  });
});
