import { describe, expect, it } from 'vitest';
import { arrayLiteral } from './whereSql.js';

describe('arrayLiteral', () => {
  it('quotes every element and escapes quotes and backslashes', () => {
    expect(arrayLiteral(['a', 'b"c', 'd\\e', null, 1])).toBe('{"a","b\\"c","d\\\\e",NULL,"1"}');
    expect(arrayLiteral([])).toBe('{}');
    expect(arrayLiteral(null)).toBe(null);
  });
});
