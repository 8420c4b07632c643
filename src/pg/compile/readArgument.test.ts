import {
  GraphQLInputObjectType,
  GraphQLInt,
  GraphQLList,
  GraphQLNonNull,
  GraphQLError,
  GraphQLScalarType,
  parseValue,
} from 'graphql';
import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../../engine/index.js';
import { DEFAULT_LIMITS } from '../schema/buildModel.js';
import { OrderDirection } from '../schema/inputTypes.js';
import { Param } from './Param.js';
import { readArgument, variableShape } from './readArgument.js';

const Where: GraphQLInputObjectType = new GraphQLInputObjectType({
  name: 'Where',
  fields: () => ({
    id: {
      type: new GraphQLInputObjectType({ name: 'IntFilter', fields: { eq: { type: GraphQLInt } } }),
    },
    and: { type: new GraphQLList(new GraphQLNonNull(Where)) },
    not: { type: Where },
    order: { type: OrderDirection },
  }),
});

const nested = (levels: number): unknown => {
  let where: unknown = { id: { eq: 1 } };
  for (let i = 1; i < levels; i++) where = { not: where };
  return where;
};

describe('variableShape', () => {
  it('writes nulls, present fields, list lengths and directions; values only as "v"', () => {
    expect(
      variableShape({ id: { eq: 5 }, and: [{ not: null }, { order: 'DESC' }], extra: 1 }, Where),
    ).toBe('{id:{eq:v},and:[{not:n},{order:DESC}]}');
    expect(variableShape(null, Where)).toBe('n');
    expect(variableShape({ id: { eq: 1 } }, new GraphQLList(Where))).toBe('[{id:{eq:v}}]');
  });

  it('walks a value of any depth without recursion, in linear size', () => {
    const shape = variableShape(nested(100_000), Where);
    expect(shape.length).toBe('{not:'.length * 99_999 + '{id:{eq:v}}'.length + 99_999);
  });
});

describe('readArgument', () => {
  const variables = (levels: number) => ({ w: nested(levels) });
  const node = parseValue('$w');

  it('refuses a where variable nested past twice maxFilterDepth before following it further', () => {
    let error: unknown;
    try {
      readArgument(node, Where, variables(100_000), DEFAULT_LIMITS);
    } catch (thrown) {
      error = thrown;
    }
    expect(error).toBeInstanceOf(GraphQLError);
    expect((error as GraphQLError).extensions['code']).toBe(ErrorCode.MAX_INPUT_DEPTH_EXCEEDED);
    // maxFilterDepth levels of where pass here (whereSql counts them exactly).
    expect(() => readArgument(node, Where, variables(10), DEFAULT_LIMITS)).not.toThrow();
  });

  it('refuses a deep literal the same way', () => {
    let literal = '{ id: { eq: 1 } }';
    for (let i = 0; i < 1000; i++) literal = `{ not: ${literal} }`;
    expect(() => readArgument(parseValue(literal), Where, {}, DEFAULT_LIMITS)).toThrow(
      /nests deeper than 10 levels/,
    );
  });

  it('coerces a constant scalar literal once, and a literal holding a variable on every read', () => {
    let parsed = 0;
    const Counted = new GraphQLScalarType({
      name: 'Counted',
      parseValue: (value) => value,
      parseLiteral: (node) => {
        parsed++;
        return node.kind === 'IntValue' ? Number(node.value) * 10 : null;
      },
    });
    const constant = readArgument(parseValue('5'), Counted, {}, DEFAULT_LIMITS);
    expect(constant).toBeInstanceOf(Param);
    const read = (constant as Param).read;
    expect([read({}), read({ x: 1 }), read({})]).toEqual([50, 50, 50]);
    expect(parsed).toBe(1);

    const list = readArgument(
      parseValue('[1, $x]'),
      new GraphQLList(GraphQLInt),
      {},
      DEFAULT_LIMITS,
    );
    expect((list as Param).read({ x: 2 })).toEqual([1, 2]);
    expect((list as Param).read({ x: 3 })).toEqual([1, 3]);
  });
});
