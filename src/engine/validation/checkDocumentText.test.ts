import { Lexer, Source, TokenKind } from 'graphql';
import { describe, expect, it } from 'vitest';
import { checkDocumentText, nestingBeyond } from './checkDocumentText.js';

/** The deepest bracket nesting of a text as graphql-js's lexer reads it. */
function lexerNesting(text: string): number {
  const lexer = new Lexer(new Source(text));
  let depth = 0;
  let deepest = 0;
  for (let token = lexer.advance(); token.kind !== TokenKind.EOF; token = lexer.advance()) {
    if (
      token.kind === TokenKind.BRACE_L ||
      token.kind === TokenKind.BRACKET_L ||
      token.kind === TokenKind.PAREN_L
    )
      deepest = Math.max(deepest, ++depth);
    else if (
      token.kind === TokenKind.BRACE_R ||
      token.kind === TokenKind.BRACKET_R ||
      token.kind === TokenKind.PAREN_R
    )
      depth--;
  }
  return deepest;
}

/** The deepest nesting nestingBeyond sees: the least bound it does not report. */
function scannedNesting(text: string): number {
  let max = 0;
  while (nestingBeyond(text, max) !== -1) max++;
  return max;
}

describe('nestingBeyond', () => {
  const texts = [
    '{ a { b { c } } }',
    'query ($v: [[Int]] = [[1]]) { f(x: $v, o: { a: [{ b: 1 }] }) }',
    '{ a(s: "{{{[[[(((") { b } }',
    '{ a(s: "escaped \\" {{{ quote") }',
    '{ a(s: """ block {{{ \\""" still {{{ block """) { b } }',
    '{ a(s: """ quotes "" {{ inside """) }',
    '# {{{{ comment\n{ a } # {{{\r{ b }',
    '{ a(s: "unicode \\u007B {") { b { c } } }',
    '{ a(s: """""") { b } }',
  ];
  for (const text of texts) {
    it(`counts what the lexer counts: ${JSON.stringify(text)}`, () => {
      expect(scannedNesting(text)).toBe(lexerNesting(text));
    });
  }

  it('reports the position of the first bracket past the bound', () => {
    expect(nestingBeyond('{ a { b { c } } }', 2)).toBe(8);
    expect(nestingBeyond('{ a { b { c } } }', 3)).toBe(-1);
  });

  it('stops at an unterminated string (the parser refuses the text anyway)', () => {
    expect(nestingBeyond('{ a(s: "{{{{\n{{{{', 3)).toBe(-1);
    expect(nestingBeyond('{ a(s: """ {{{{ ', 3)).toBe(-1);
  });
});

describe('checkDocumentText', () => {
  const limits = { maxBytes: 12, maxNesting: 2 };

  it('counts UTF-8 bytes, not characters', () => {
    expect(checkDocumentText('{ a } # abcd', limits)).toBeUndefined(); // 12 bytes
    expect(checkDocumentText('{ a } # abcé', limits)?.extensions['code']).toBe(
      'MAX_DOCUMENT_SIZE_EXCEEDED',
    );
    expect(checkDocumentText('{ a } # 🎉', limits)).toBeUndefined(); // 8 + 4 bytes
    expect(checkDocumentText('{ a } # x🎉', limits)?.extensions['code']).toBe(
      'MAX_DOCUMENT_SIZE_EXCEEDED',
    );
  });

  it('refuses nesting past the bound with a location', () => {
    const error = checkDocumentText('{a{b{c}}}', limits);
    expect(error?.extensions['code']).toBe('MAX_DEPTH_EXCEEDED');
    expect(error?.locations).toEqual([{ line: 1, column: 5 }]);
  });
});
