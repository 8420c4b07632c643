import { describe, expect, it } from 'vitest';
import { firstDifference, firstKeyOrderDifference, textDifference } from './jsonDiff.js';

describe('firstDifference', () => {
  it('ignores key order and finds the first differing leaf with its path', () => {
    expect(
      firstDifference({ a: 1, b: [1, { c: 'x' }] }, { b: [1, { c: 'x' }], a: 1 }),
    ).toBeUndefined();
    expect(
      firstDifference(
        { data: { a: [1, { 'odd key': 'x' }] } },
        { data: { a: [1, { 'odd key': 'y' }] } },
      ),
    ).toEqual({
      path: 'data.a[1]["odd key"]',
      expected: '"x"',
      actual: '"y"',
    });
  });

  it('reports missing and extra keys and items, and null against a value', () => {
    expect(firstDifference({ a: 1, b: 2 }, { a: 1 })).toEqual({
      path: 'b',
      expected: '2',
      actual: '(missing)',
    });
    expect(firstDifference({ a: 1 }, { a: 1, z: 0 })).toEqual({
      path: 'z',
      expected: '(missing)',
      actual: '0',
    });
    expect(firstDifference([1], [1, 2])).toEqual({
      path: '[1]',
      expected: '(missing)',
      actual: '2',
    });
    expect(firstDifference({ a: null }, { a: {} })).toEqual({
      path: 'a',
      expected: 'null',
      actual: '{}',
    });
    expect(firstDifference({ a: [] }, { a: {} })).toEqual({
      path: 'a',
      expected: '[]',
      actual: '{}',
    });
  });
});

describe('firstKeyOrderDifference', () => {
  it('finds the first object listing its keys in another order', () => {
    expect(firstKeyOrderDifference({ a: { x: 1, y: 2 } }, { a: { x: 1, y: 2 } })).toBeUndefined();
    expect(firstKeyOrderDifference({ a: [{ x: 1, y: 2 }] }, { a: [{ y: 2, x: 1 }] })).toEqual({
      path: 'a[0]',
      expected: '["x","y"]',
      actual: '["y","x"]',
    });
  });
});

describe('textDifference', () => {
  it('points at the first differing character with context', () => {
    expect(textDifference('{"a":1}', '{"a":1}')).toBeUndefined();
    expect(textDifference('{"a":1,"b":2}', '{"a":1,"b":3}', 3)).toEqual({
      path: 'character 11 (lengths 13 and 13)',
      expected: '…b":2}',
      actual: '…b":3}',
    });
  });
});
