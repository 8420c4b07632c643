import { Location, Token, type Source } from 'graphql';
import { Lexer } from './Lexer.js';
import { BLOCK_STRING, COMMENT, EOF, tokenKindName } from './tokenKinds.js';

/**
 * A node's `loc`: graphql-js's `Location` (`instanceof Location`, the same `toJSON`), whose
 * `startToken` and `endToken` are made when first read rather than during parsing. Tokens are
 * most of what graphql-js's parser allocates and few programs read them; when one is read, the
 * whole source is lexed once into graphql-js `Token`s linked by `prev`/`next`, comments
 * included, exactly the chain graphql-js builds while parsing. Unlike graphql-js's, the tokens
 * are getters, not own properties: `Object.keys(loc)` lists `start`, `end` and `source`.
 */
export class SourceLocation {
  // Declared, not class fields: fields are defined on the new object one by one before the
  // constructor's body runs, and every node has a location.
  declare readonly start: number;
  declare readonly end: number;
  declare readonly source: Source;

  constructor(start: number, end: number, source: Source) {
    this.start = start;
    this.end = end;
    this.source = source;
  }

  /** The first token of the node. */
  get startToken(): Token {
    const tokens = chainOf(this.source).tokens;
    return tokens[search(tokens, this.start, true)]!;
  }

  /** The last token of the node. */
  get endToken(): Token {
    const tokens = chainOf(this.source).tokens;
    return tokens[search(tokens, this.end, false)]!;
  }
}
Object.setPrototypeOf(SourceLocation.prototype, Location.prototype);

/** A document's `loc`: from the start-of-file token to the end-of-file token. */
export class DocumentLocation extends SourceLocation {
  override get startToken(): Token {
    return chainOf(this.source).sof;
  }

  override get endToken(): Token {
    return chainOf(this.source).eof;
  }
}

interface TokenChain {
  readonly sof: Token;
  readonly eof: Token;
  /** Every token but comments, `<SOF>` and `<EOF>`, in order. */
  readonly tokens: ReadonlyArray<Token>;
}

const chains = new WeakMap<Source, TokenChain>();

function chainOf(source: Source): TokenChain {
  let chain = chains.get(source);
  if (chain === undefined) {
    chain = lexChain(source);
    chains.set(source, chain);
  }
  return chain;
}

type LinkedToken = { -readonly [K in 'prev' | 'next']: Token | null };

/**
 * Lexes a source that parsed into graphql-js's token chain. Lines count every line terminator
 * before a token (`\r\n` once), as graphql-js's lexer does: outside block strings they can only
 * be ignored characters.
 */
function lexChain(source: Source): TokenChain {
  const body = source.body;
  const lexer = new Lexer(source, undefined, true);
  const sof = new Token(tokenKindName[0]!, 0, 0, 0, 0);
  const tokens: Token[] = [];
  let previous = sof;
  let line = 1;
  let lineStart = 0;
  let scanned = 0;
  const countLines = (from: number, to: number): void => {
    for (let i = from; i < to; i++) {
      const code = body.charCodeAt(i);
      if (code === 0x0d && body.charCodeAt(i + 1) === 0x0a) i++;
      else if (code !== 0x0a && code !== 0x0d) continue;
      line++;
      lineStart = i + 1;
    }
  };
  for (;;) {
    lexer.next();
    const { kind, start, end } = lexer;
    countLines(scanned, start);
    const token = new Token(
      tokenKindName[kind]!,
      start,
      end,
      line,
      1 + start - lineStart,
      lexer.value,
    );
    (previous as unknown as LinkedToken).next = token;
    (token as unknown as LinkedToken).prev = previous;
    previous = token;
    if (kind === EOF) return { sof, eof: token, tokens };
    if (kind === BLOCK_STRING) countLines(start, end);
    if (kind !== COMMENT) tokens.push(token);
    scanned = end;
  }
}

/** The index of the token starting (or, `byStart` false, ending) at `offset`. */
function search(tokens: ReadonlyArray<Token>, offset: number, byStart: boolean): number {
  let low = 0;
  let high = tokens.length - 1;
  while (low < high) {
    const middle = (low + high) >>> 1;
    const token = tokens[middle]!;
    if ((byStart ? token.start : token.end) < offset) low = middle + 1;
    else high = middle;
  }
  return low;
}
