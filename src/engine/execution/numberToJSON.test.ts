import { describe, expect, it } from 'vitest';
import { seededRandom as random } from '../../../test/support/seededRandom.js';
import { numberToJSON } from './numberToJSON.js';

/** The numbers of `count` draws where numberToJSON and JSON.stringify disagree. */
function mismatches(draw: () => number, count: number): number[] {
  const wrong: number[] = [];
  for (let i = 0; i < count && wrong.length < 5; i++) {
    const value = draw();
    if (numberToJSON(value) !== JSON.stringify(value)) wrong.push(value);
  }
  return wrong;
}

describe('numberToJSON writes what JSON.stringify writes', () => {
  it('on the edges of the short-decimal path', () => {
    const edges = [
      0,
      -0,
      1,
      -1,
      0.5,
      -0.5,
      0.1 + 0.2,
      1.005,
      99.99,
      3.0000001,
      1e-6,
      -1e-6,
      1.5e-6,
      1e-7,
      0.000001,
      0.0000015,
      2147.483647,
      2147.4836471,
      2147.483648,
      21474836.47,
      214748364.7,
      2147483647,
      2147483648,
      -2147483648,
      -2147483649,
      2147483647.5,
      123456789.5,
      1e21,
      1e-5,
      4.35,
      0.07,
      5e-324,
      Number.MIN_VALUE,
      Number.MAX_VALUE,
      Number.MAX_SAFE_INTEGER,
      Number.EPSILON,
      2 ** 53 + 2,
      -(2 ** 31) - 0.5,
    ];
    expect(edges.filter((value) => numberToJSON(value) !== JSON.stringify(value))).toEqual([]);
  });

  it('on short decimals of every length and magnitude', () => {
    const next = random(1);
    for (let digits = 0; digits <= 7; digits++) {
      const draw = () => Math.round((next() - 0.5) * 2 * 10 ** (next() * 10)) / 10 ** digits;
      expect(mismatches(draw, 50_000), `${digits} fractional digits`).toEqual([]);
    }
  });

  it('on arbitrary doubles across magnitudes', () => {
    const next = random(2);
    const draw = () => (next() - 0.5) * 10 ** (next() * 30 - 15);
    expect(mismatches(draw, 200_000)).toEqual([]);
  });

  it('on integers beyond 32 bits', () => {
    const next = random(3);
    const draw = () => Math.round((next() - 0.5) * 2 ** 54);
    expect(mismatches(draw, 50_000)).toEqual([]);
  });
});
