import { buildSchema, execute, parse, type ExecutionResult } from 'graphql';
import { describe, expect, it } from 'vitest';
import { wireSchema } from './wireSchema.js';

const run = (sdl: string, query: string): ExecutionResult =>
  execute({ schema: wireSchema(buildSchema(sdl)), document: parse(query) }) as ExecutionResult;

describe('wireSchema (the corpus README wiring)', () => {
  it('returns the fixed value of every scalar, two items per list, the first enum value', () => {
    const result = run(
      `scalar JSON
       enum Color { GREEN RED }
       type Nested { n: Int }
       type Query { i: Int! f: Float s: String b: Boolean id: ID j: JSON e: Color
                    l: [[Int!]]! o: Nested os: [Nested] }`,
      '{ i f s b id j e l o { n } os { n } }',
    );
    expect(result).toEqual({
      data: {
        i: 2,
        f: 3.14,
        s: 'str',
        b: true,
        id: 'id',
        j: 'str',
        e: 'GREEN',
        l: [
          [2, 2],
          [2, 2],
        ],
        o: { n: 2 },
        os: [{ n: 2 }, { n: 2 }],
      },
    });
  });

  it('resolves a union to the member sorting first and an interface to the one sorting last, by code unit', () => {
    const result = run(
      `union U = SortMa | SortMB
       type SortMa { a: Int }
       type SortMB { b: Int }
       interface I { x: Int }
       type Zed implements I { x: Int }
       type alpha implements I { x: Int }
       type Query { u: U i: I }`,
      '{ u { __typename } i { __typename } }',
    );
    // Code-unit order puts upper case first: SortMB < SortMa, and Zed < alpha.
    expect(result).toEqual({ data: { u: { __typename: 'SortMB' }, i: { __typename: 'alpha' } } });
  });

  it('gives every call a fresh object, so no engine can rely on identity', () => {
    const schema = wireSchema(buildSchema('type O { n: Int } type Query { o: O }'));
    const resolve = schema.getQueryType()?.getFields()['o']?.resolve;
    expect(resolve).toBeDefined();
    const call = () => resolve?.(undefined, {}, undefined, undefined as never);
    expect(call()).toEqual({});
    expect(call()).not.toBe(call());
  });
});
