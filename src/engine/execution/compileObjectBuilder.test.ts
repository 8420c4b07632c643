import { describe, expect, it } from 'vitest';
import { built, compileObjectBuilder, type BuilderField } from './compileObjectBuilder.js';
import { NO_ERROR } from './compileObjectWriter.js';

const field = (
  kind: BuilderField['kind'],
  fieldName: string,
  responseKey = fieldName,
  nonNull = false,
): BuilderField => ({ kind, nonNull, fieldName, responseKey, typename: 'Hostile' });

const results = (): Record<string, unknown> => Object.create(null) as Record<string, unknown>;

describe('compileObjectBuilder', () => {
  it('puts no name, response key or type name into the generated code', () => {
    // Not GraphQL names (a schema could not have them); the generator must not care.
    const hostile = `"]); globalThis.pwned = true; (["`;
    const builder = compileObjectBuilder([
      field('string', hostile, 'x = 1; //'),
      field('int', 'n', `'); y = 2; //`),
      field('typename', '__typename', 'kind'),
    ]);
    const code = builder.toString();
    for (const text of [hostile, 'pwned', 'x = 1', 'y = 2', 'Hostile', '__typename', 'kind']) {
      expect(code).not.toContain(text);
    }
    const into = results();
    expect(builder({ [hostile]: 'v', n: 3 }, into)).toBe(3);
    expect(into).toEqual({ 'x = 1; //': 'v', [`'); y = 2; //`]: 3, kind: 'Hostile' });
    expect(Object.keys(into)).toEqual(['x = 1; //', `'); y = 2; //`, 'kind']);
    expect((globalThis as { pwned?: boolean }).pwned).toBeUndefined();
  });

  it('stores plain values of each scalar as they are, and null where null is allowed', () => {
    const builder = compileObjectBuilder([
      field('string', 's'),
      field('int', 'i'),
      field('float', 'f'),
      field('boolean', 'b'),
      field('string', 'missing'),
    ]);
    const into = results();
    expect(builder({ s: '', i: -0, f: 1e21, b: false }, into)).toBe(5);
    expect(into).toEqual({ s: '', i: -0, f: 1e21, b: false, missing: null });
    expect(Object.is(into['i'], -0)).toBe(true);
  });

  it('stops at the first value graphql-js would coerce, serialize or reject', () => {
    const cases: [BuilderField, unknown][] = [
      [field('string', 'v'), 12],
      [field('string', 'v'), () => 'a method'],
      [field('int', 'v'), 2.5],
      [field('int', 'v'), 2 ** 31],
      [field('int', 'v'), '1'],
      [field('float', 'v'), NaN],
      [field('float', 'v'), Infinity],
      [field('boolean', 'v'), 0],
      [field('string', 'v', 'v', true), null],
      [field('int', 'v', 'v', true), undefined],
    ];
    for (const [kind, value] of cases) {
      const builder = compileObjectBuilder([field('string', 'a'), kind]);
      const into = results();
      expect(builder({ a: 'x', v: value }, into)).toBe(1);
      expect(built.error).toBe(NO_ERROR);
      expect(into).toEqual({ a: 'x' });
    }
  });

  it('stops at a getter that throws, with what it threw', () => {
    const failure = new Error('getter');
    const source = Object.defineProperty({ a: 'x' }, 'b', {
      get() {
        throw failure;
      },
    });
    const into = results();
    expect(compileObjectBuilder([field('string', 'a'), field('int', 'b')])(source, into)).toBe(1);
    expect(built.error).toBe(failure);
    built.error = NO_ERROR;
    expect(into).toEqual({ a: 'x' });
  });
});
