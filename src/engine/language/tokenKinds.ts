import { TokenKind } from 'graphql';

/**
 * Token kinds as small integers: the lexer compares these on every token, and graphql-js's
 * `TokenKind` strings are needed only for error messages and for the tokens a `loc` hands out
 * (see `tokenKindName`). Spec: https://spec.graphql.org/October2021/#sec-Language.Source-Text
 */
export const SOF = 0;
export const EOF = 1;
export const BANG = 2;
export const DOLLAR = 3;
export const AMP = 4;
export const PAREN_L = 5;
export const PAREN_R = 6;
export const SPREAD = 7;
export const COLON = 8;
export const EQUALS = 9;
export const AT = 10;
export const BRACKET_L = 11;
export const BRACKET_R = 12;
export const BRACE_L = 13;
export const PIPE = 14;
export const BRACE_R = 15;
export const NAME = 16;
export const INT = 17;
export const FLOAT = 18;
export const STRING = 19;
export const BLOCK_STRING = 20;
export const COMMENT = 21;

/** graphql-js's `TokenKind` for each integer kind, in the order above. */
export const tokenKindName: ReadonlyArray<TokenKind> = [
  TokenKind.SOF,
  TokenKind.EOF,
  TokenKind.BANG,
  TokenKind.DOLLAR,
  TokenKind.AMP,
  TokenKind.PAREN_L,
  TokenKind.PAREN_R,
  TokenKind.SPREAD,
  TokenKind.COLON,
  TokenKind.EQUALS,
  TokenKind.AT,
  TokenKind.BRACKET_L,
  TokenKind.BRACKET_R,
  TokenKind.BRACE_L,
  TokenKind.PIPE,
  TokenKind.BRACE_R,
  TokenKind.NAME,
  TokenKind.INT,
  TokenKind.FLOAT,
  TokenKind.STRING,
  TokenKind.BLOCK_STRING,
  TokenKind.COMMENT,
];

/** How error messages name a kind: punctuators quoted (`"{"`), the others by name (`Name`). */
export function kindDescription(kind: number): string {
  const name = tokenKindName[kind]!;
  return kind >= BANG && kind <= BRACE_R ? `"${name}"` : name;
}

/** How error messages name a token: its kind, then its value when it has one. */
export function tokenDescription(kind: number, value: string | undefined): string {
  return kindDescription(kind) + (value !== undefined ? ` "${value}"` : '');
}
