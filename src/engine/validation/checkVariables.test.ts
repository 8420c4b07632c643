import { describe, expect, it } from 'vitest';
import { checkVariables } from './checkVariables.js';

const codeOf = (variables: Record<string, unknown>, maxBytes = 1000, maxDepth = 3) =>
  checkVariables(variables, { maxBytes, maxDepth })?.extensions['code'];

describe('checkVariables', () => {
  it('measures the JSON text: what is within the bound passes', () => {
    const variables = { a: 'text', b: [1, 2.5, true, null], c: { d: 'e' } };
    const length = JSON.stringify(variables).length;
    expect(codeOf(variables, length)).toBeUndefined();
    // The estimate never undercounts JSON text: a bound well below it refuses.
    expect(codeOf(variables, length - 10)).toBe('MAX_VARIABLES_SIZE_EXCEEDED');
  });

  it('counts every list and object below a variable', () => {
    expect(codeOf({ v: [[[1]]] })).toBeUndefined();
    expect(codeOf({ v: [[[[1]]]] })).toBe('MAX_INPUT_DEPTH_EXCEEDED');
    expect(codeOf({ v: { a: { b: { c: 1 } } } })).toBeUndefined();
    expect(codeOf({ v: { a: { b: { c: {} } } } })).toBe('MAX_INPUT_DEPTH_EXCEEDED');
  });

  it('ends on a cycle', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic['self'] = cyclic;
    expect(codeOf({ v: cyclic }, Number.MAX_SAFE_INTEGER)).toBe('MAX_INPUT_DEPTH_EXCEEDED');
  });

  it('ends on a wide cycle by size, having visited about as many values as the bound allows', () => {
    let reads = 0;
    const wide: Record<string, unknown> = {};
    for (let i = 0; i < 100; i++) {
      Object.defineProperty(wide, `k${i}`, {
        enumerable: true,
        get: () => (reads++, wide),
      });
    }
    expect(codeOf({ v: wide }, 10_000, 1_000)).toBe('MAX_VARIABLES_SIZE_EXCEEDED');
    expect(reads).toBeLessThan(10_000);
  });
});
