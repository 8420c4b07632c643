/** A lone surrogate: one half of a pair with no other half (a pair is one code point here). */
const LONE_SURROGATE = /\p{Cs}/u;

/**
 * Whether PostgreSQL can hold the string as text: it holds neither a NUL nor a lone surrogate
 * (JSON's "\ud800"), and a setting with either fails the statement that applies it.
 */
export function pgText(value: string): boolean {
  return !value.includes('\0') && !LONE_SURROGATE.test(value);
}
