/**
 * Text built by `+` is a tree of V8 cons strings, a node per concatenation, all alive until the
 * text is read. A long list written item by item keeps millions of them: on 100,000 items of 5
 * fields most of the execution's time went to scavenges copying them. The list completer
 * (textLists.ts) therefore hands its text here once it holds FIRST_FLAT_TEXT characters, and from
 * then on every FLAT_TEXT_CHUNK characters, and goes on with an empty chunk: the nodes of the part
 * written die young, and what is kept is one flat string per chunk.
 *
 * The sizes, by bench:engine (cached `executeJSON` ÷ graphql-jit, three interleaved runs of 5
 * rounds each, every configuration in the same runs):
 * - Not every 16K: the 1,000-item list (about 80K characters) ran at 0.7× the speed of the same
 *   list left whole; a text that short does not live through many collections, and flattening it
 *   is a copy its reader pays once more.
 * - Not at 128K: a flat string of 128 KiB or more goes to V8's large-object space, a mapping of
 *   its own for each, fresh pages every time. Flattened at 128K and every 64K after, 1,000 objects
 *   of 10 fields (130K characters) ran at 0.83–1.04× graphql-jit, 10,000 items at 1.79–1.99×;
 *   at 64K and every 32K after, 1.69–1.77× and 2.18–2.53× (1,000 items 1.99–2.67× against
 *   2.22–2.40×; 100,000 items 0.75–1.40× against 0.74–1.11×, noisy in both). A two-byte text
 *   (characters past Latin-1) takes twice the bytes, so its 64K chunks are that large already.
 */
export const FIRST_FLAT_TEXT = 65536;
export const FLAT_TEXT_CHUNK = 32768;

/**
 * `text`, flattened: reading a character of a cons string makes V8 copy it into one sequential
 * string, which the cons string then points to (its nodes become garbage). The same text.
 */
export function flatText(text: string): string {
  text.charCodeAt(0);
  return text;
}
