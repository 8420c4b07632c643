import { describe, expect, it } from 'vitest';
import { arrayLiteral } from './whereSql.js';

describe('arrayLiteral', () => {
  it('quotes every element and escapes quotes and backslashes', () => {
    expect(arrayLiteral(['a', 'b"c', 'd\\e', null, 1])).toBe('{"a","b\\"c","d\\\\e",NULL,"1"}');
    expect(arrayLiteral([])).toBe('{}');
    expect(arrayLiteral(null)).toBe(null);
  });

  it('writes strings and nulls that need no escaping as they are, quoted, nulls as null', () => {
    expect(arrayLiteral(['a', null, 'é ☕', '{x,y}', 'NULL', '', undefined])).toBe(
      '{"a",null,"é ☕","{x,y}","NULL","",null}',
    );
  });

  it('escapes by itself whatever JSON would escape: control characters and lone surrogates are kept as they are', () => {
    expect(arrayLiteral(['a\nb', null])).toBe('{"a\nb",NULL}');
    expect(arrayLiteral(['\ud800', 'b'])).toBe('{"\ud800","b"}');
    expect(arrayLiteral(['x', 'q"'])).toBe('{"x","q\\""}');
  });
});
