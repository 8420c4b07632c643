import { buildSchema, GraphQLError, parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { executeJSON } from '../createExecutor.js';
import { getOperationPlan, type OperationPlan } from './OperationPlan.js';

const schema = buildSchema('type Query { a: String b: String }');

function plan(result: OperationPlan | GraphQLError): OperationPlan {
  if (result instanceof GraphQLError) throw result;
  return result;
}

describe('getOperationPlan', () => {
  it('builds one plan per (document, schema, operation) and reuses it', () => {
    const document = parse('query A { a } query B { b }');
    const a = plan(getOperationPlan(schema, document, 'A'));
    expect(getOperationPlan(schema, document, 'A')).toBe(a);
    expect(getOperationPlan(schema, document, 'B')).not.toBe(a);
    const otherSchema = buildSchema('type Query { a: String b: String }');
    expect(getOperationPlan(otherSchema, document, 'A')).not.toBe(a);
    // Same text, new document object: a new plan (cached by identity; the request entry caches by text).
    expect(getOperationPlan(schema, parse('query A { a } query B { b }'), 'A')).not.toBe(a);
  });

  it('keeps one root selection per combination of @skip/@include variable values', () => {
    const document = parse(
      'query ($x: Boolean!, $y: Boolean!) { a @include(if: $x) b @skip(if: $y) }',
    );
    const args = { schema, document, rootValue: { a: 'A', b: 'B' } };
    expect(executeJSON({ ...args, variableValues: { x: true, y: false } })).toBe(
      '{"data":{"a":"A","b":"B"}}',
    );
    expect(executeJSON({ ...args, variableValues: { x: false, y: false } })).toBe(
      '{"data":{"b":"B"}}',
    );
    expect(executeJSON({ ...args, variableValues: { x: true, y: false } })).toBe(
      '{"data":{"a":"A","b":"B"}}',
    );
    const built = plan(getOperationPlan(schema, document, undefined));
    expect(built.conditionVariables).toEqual(['x', 'y']);
    expect([...built.variants.keys()].sort()).toEqual(['ff', 'tf']);
  });

  it("returns graphql-js's errors when the operation cannot be picked", () => {
    const document = parse('query A { a } query B { b }');
    expect(getOperationPlan(schema, document, undefined)).toEqual(
      new GraphQLError('Must provide operation name if query contains multiple operations.'),
    );
    expect(getOperationPlan(schema, document, 'C')).toEqual(
      new GraphQLError('Unknown operation named "C".'),
    );
    expect(getOperationPlan(schema, parse('fragment F on Query { a }'), undefined)).toEqual(
      new GraphQLError('Must provide an operation.'),
    );
  });
});
