/**
 * Text built by `+` is a tree of V8 cons strings, a node per concatenation, all alive until the
 * text is read. A long list written item by item keeps millions of them: on 100,000 items of 5
 * fields most of the execution's time went to scavenges copying them. The list completer
 * (textLists.ts) therefore hands its text here once it holds FIRST_FLAT_TEXT characters, and from
 * then on every FLAT_TEXT_CHUNK characters, and goes on with an empty chunk: the nodes of the part
 * written die young, and what is kept is one flat string per chunk.
 *
 * Not sooner: a list of about 80K characters (bench:engine's 1,000 items of 5 fields) flattened
 * every 16K ran at 0.7× the speed of the same list left whole (5 interleaved rounds, load 2–4:
 * 1.56–1.71× graphql-jit against 2.18–2.20× with the first flattening at 128K and 64K chunks
 * after it; 10,000 items 1.83–1.85× against 1.69–1.82×, 100,000 items 1.06–1.93× against
 * 1.92–2.62×). A text that short does not live through many collections, and flattening it is a
 * copy the caller pays once more when it reads the whole.
 */
export const FIRST_FLAT_TEXT = 131072;
export const FLAT_TEXT_CHUNK = 65536;

/**
 * `text`, flattened: reading a character of a cons string makes V8 copy it into one sequential
 * string, which the cons string then points to (its nodes become garbage). The same text.
 */
export function flatText(text: string): string {
  text.charCodeAt(0);
  return text;
}
