/**
 * Text built by `+` is a tree of V8 cons strings, a node per concatenation, all alive until the
 * text is read. A long list written item by item keeps millions of them: on 100,000 items of 5
 * fields most of the execution's time went to scavenges copying them. The list completer
 * (textLists.ts) therefore hands its text here every FLAT_TEXT_CHUNK characters and goes on with
 * an empty chunk: the nodes of the part written die young, and what is kept is one flat string
 * per chunk.
 */
export const FLAT_TEXT_CHUNK = 16384;

/**
 * `text`, flattened: reading a character of a cons string makes V8 copy it into one sequential
 * string, which the cons string then points to (its nodes become garbage). The same text.
 */
export function flatText(text: string): string {
  text.charCodeAt(0);
  return text;
}
