import {
  GraphQLError,
  Lexer,
  Location,
  parse as graphqlParse,
  Source,
  Token,
  TokenKind,
  type ASTNode,
  type OperationDefinitionNode,
} from 'graphql';
import { describe, expect, it } from 'vitest';
import { parse } from '../index.js';

/** The deepest bracket nesting of a text as graphql-js's lexer reads it. */
function lexerNesting(text: string): number {
  const lexer = new Lexer(new Source(text));
  let depth = 0;
  let deepest = 0;
  for (let token = lexer.advance(); token.kind !== TokenKind.EOF; token = lexer.advance()) {
    if ('{[('.includes(token.kind)) deepest = Math.max(deepest, ++depth);
    else if ('}])'.includes(token.kind)) depth--;
  }
  return deepest;
}

/** How many nodes deep a tree goes, walked without recursion. */
function treeDepth(root: ASTNode): number {
  let deepest = 0;
  const stack: Array<[unknown, number]> = [[root, 0]];
  while (stack.length > 0) {
    const [value, depth] = stack.pop()!;
    if (typeof value !== 'object' || value === null || value instanceof Location) continue;
    deepest = Math.max(deepest, depth);
    for (const child of Object.values(value)) stack.push([child, depth + 1]);
  }
  return deepest;
}

const DEEP = {
  selections: (n: number) => '{' + 'a{'.repeat(n) + 'b' + '}'.repeat(n) + '}',
  'inline fragments': (n: number) => '{' + '...{'.repeat(n) + 'b' + '}'.repeat(n) + '}',
  'list values': (n: number) => '{a(x:' + '['.repeat(n) + ']'.repeat(n) + ')}',
  'object values': (n: number) => '{a(x:' + '{i:'.repeat(n) + '1' + '}'.repeat(n) + ')}',
  'list types': (n: number) => 'query($v:' + '['.repeat(n) + 'Int' + ']!'.repeat(n) + '){a}',
  'default values': (n: number) =>
    'query($v:[Int]=' + '[{a:'.repeat(n) + '1' + '}]'.repeat(n) + '){a}',
};

describe('parse: nesting', () => {
  for (const [kind, make] of Object.entries(DEEP)) {
    it(`parses ${kind} 100,000 deep without overflowing the stack`, () => {
      const document = parse(make(100_000), { noLocation: true });
      expect(treeDepth(document)).toBeGreaterThan(100_000);
    });

    it(`refuses ${kind} 100,000 deep past maxNesting, at the first bracket past it`, () => {
      const text = make(100_000);
      let error: unknown;
      try {
        parse(text, { maxNesting: 50 });
      } catch (thrown) {
        error = thrown;
      }
      expect(error).toBeInstanceOf(GraphQLError);
      const { message, extensions, positions } = error as GraphQLError;
      expect(message).toBe(
        'Document nests selections, lists, objects and arguments more than 50 levels deep.',
      );
      expect(extensions['code']).toBe('MAX_DEPTH_EXCEEDED');
      // The bracket is the 51st opened one.
      expect(lexerNesting(text.slice(0, positions![0]! + 1))).toBe(51);
    });
  }

  const texts = [
    '{ a { b { c } } }',
    'query ($v: [[Int]] = [[1]]) { f(x: $v, o: { a: [{ b: 1 }] }) }',
    '{ a(s: "{{{[[[(((") { b } }',
    '{ a(s: "escaped \\" {{{ quote") }',
    '{ a(s: """ block {{{ \\""" still {{{ block """) { b } }',
    '# {{{{ comment\n{ a } # {{{\r{ b }',
    'type T { f(a: [[Int]] = [[1]]): [[[T]]] } enum E { A } input I { a: [I] }',
    'schema { query: Q } extend schema { mutation: M } directive @d(a: [Int]) on FIELD',
  ];
  for (const text of texts) {
    it(`counts the brackets graphql-js's lexer counts: ${JSON.stringify(text)}`, () => {
      const deepest = lexerNesting(text);
      expect(() => parse(text, { maxNesting: deepest })).not.toThrow();
      expect(() => parse(text, { maxNesting: deepest - 1 })).toThrow(/more than \d+ levels deep/);
    });
  }
});

describe('parse: locations and tokens', () => {
  it("gives graphql-js's Location, with tokens made when first read", () => {
    const text = '# intro\nquery Q { a(x: 1) # after a\n b }';
    const document = parse(text);
    const field = (document.definitions[0] as OperationDefinitionNode).selectionSet.selections[0]!;
    expect(field.loc).toBeInstanceOf(Location);
    expect(Object.keys(field.loc!)).toEqual(['start', 'end', 'source']);
    expect(JSON.stringify(field.loc)).toBe('{"start":18,"end":25}');
    const { startToken, endToken } = field.loc!;
    expect(startToken).toBeInstanceOf(Token);
    expect([startToken.kind, startToken.value, startToken.line, startToken.column]).toEqual([
      TokenKind.NAME,
      'a',
      2,
      11,
    ]);
    expect(endToken.kind).toBe(TokenKind.PAREN_R);
    expect(endToken.next?.kind).toBe(TokenKind.COMMENT);
    expect(endToken.next?.value).toBe(' after a');
    expect(document.loc?.startToken.kind).toBe(TokenKind.SOF);
    expect(document.loc?.startToken.next?.kind).toBe(TokenKind.COMMENT);
    expect(document.loc?.endToken.kind).toBe(TokenKind.EOF);
    expect(field.loc?.source).toBe(document.loc?.source);
  });

  it('keeps no location with noLocation, as graphql-js', () => {
    const document = parse('{ a }', { noLocation: true });
    expect('loc' in document).toBe(false);
    expect(document).toEqual(graphqlParse('{ a }', { noLocation: true }));
  });

  it("hands the parser-internal lexer option to graphql-js's parser", () => {
    const source = new Source('{ a }');
    expect(parse(source, { lexer: new Lexer(source) })).toEqual(graphqlParse('{ a }'));
  });

  it('refuses what is not a string or a Source as graphql-js does', () => {
    expect(() => parse(42 as unknown as string)).toThrow('Body must be a string. Received: 42.');
  });

  it('keeps tokenCount non-enumerable, as graphql-js', () => {
    const document = parse('{ a b }');
    expect((document as { tokenCount?: number }).tokenCount).toBe(4);
    expect(Object.keys(document)).toEqual(['kind', 'definitions', 'loc']);
    expect(Object.getOwnPropertyDescriptor(document, 'tokenCount')).toEqual(
      Object.getOwnPropertyDescriptor(graphqlParse('{ a b }'), 'tokenCount'),
    );
  });

  it('takes bounds past any document, Infinity and null as graphql-js and as no bound', () => {
    const text = '{ a { b(c: [1, 2]) } }';
    for (const bound of [Infinity, 2 ** 40, Number.MAX_SAFE_INTEGER]) {
      expect(JSON.stringify(parse(text, { maxTokens: bound, maxNesting: bound }))).toBe(
        JSON.stringify(graphqlParse(text, { maxTokens: bound })),
      );
    }
    expect(() => parse(text, { maxNesting: null as unknown as number })).not.toThrow();
    expect(() => parse(text, { maxTokens: null as unknown as number })).toThrow(
      (() => {
        try {
          graphqlParse(text, { maxTokens: null as unknown as number });
        } catch (error) {
          return (error as Error).message;
        }
        return 'graphql-js accepted it';
      })(),
    );
  });
});
