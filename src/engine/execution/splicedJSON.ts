import { sourceJSONText } from '../source/DataSource.js';
import type { ExecutionContext } from './ExecutionContext.js';

/**
 * JSON a data source returned as UTF-8 bytes (DataSource.ts), kept as bytes to the response.
 *
 * A database answer of 100 KB decoded into a JavaScript string, written into the response text
 * and encoded again for the socket costs two passes over it and 100–200 KB of young heap per
 * request; under load the pending answers are live at every scavenge and get promoted: on
 * bench/pg's Q3 (about 108 KB per answer) scavenges took about 30% of the server's CPU. So when
 * the caller takes bytes (`RunJSONOptions.bytes`), the byte path writes a marker where the bytes
 * go and the finished response is assembled once into one Uint8Array.
 *
 * The marker is NUL, the chunk's index, NUL. Everything else the byte path writes is JSON made
 * by JSON.stringify or the writers in this folder, which escape every control character, or JSON
 * text from a data source, in which JSON forbids a raw NUL: a NUL in the response text can only
 * be a marker.
 */
/** True when a source's JSON is the literal `null`. */
export function isJSONNull(json: string | Uint8Array): boolean {
  if (typeof json === 'string') return json === 'null';
  // n u l l
  return (
    json.length === 4 &&
    json[0] === 0x6e &&
    json[1] === 0x75 &&
    json[2] === 0x6c &&
    json[3] === 0x6c
  );
}

/** What the byte path writes for a source's JSON: the text, or a marker for kept bytes. */
export function spliceJSON(ctx: ExecutionContext, json: string | Uint8Array): string {
  if (typeof json === 'string') return json;
  const chunks = ctx.splicedBytes;
  if (chunks === undefined) return sourceJSONText(json);
  chunks.push(json);
  return '\u0000' + String(chunks.length - 1) + '\u0000';
}

const encoder = new TextEncoder();

/**
 * The response as UTF-8: `text` with each marker replaced by its chunk. Runs once per response:
 * the markers are found with indexOf (no regular expression iterator and match arrays), and the
 * text between them is encoded straight into the response (no intermediate arrays).
 */
export function assembleBytes(text: string, chunks: ReadonlyArray<Uint8Array>): Uint8Array {
  // Pass 1: the text segments around each marker of a kept chunk, and the response's length.
  const cuts: number[] = []; // from, to, chunk index; for each marker replaced
  let length = 0;
  let from = 0;
  let open = text.indexOf('\u0000');
  while (open !== -1) {
    const close = text.indexOf('\u0000', open + 1);
    if (close === -1) break;
    const index = markerIndex(text, open + 1, close);
    if (index === -1) {
      // Not a marker: its closing NUL may open one.
      open = close;
      continue;
    }
    const chunk = chunks[index];
    if (chunk !== undefined) {
      cuts.push(from, open, index);
      length += utf8Length(text, from, open) + chunk.length;
      from = close + 1;
    }
    open = text.indexOf('\u0000', close + 1);
  }
  length += utf8Length(text, from, text.length);
  // Pass 2: the text encoded into place, the chunks copied.
  const bytes = new Uint8Array(length);
  let at = 0;
  for (let k = 0; k < cuts.length; k += 3) {
    at += encoder.encodeInto(text.slice(cuts[k]!, cuts[k + 1]!), bytes.subarray(at)).written;
    const chunk = chunks[cuts[k + 2]!]!;
    bytes.set(chunk, at);
    at += chunk.length;
  }
  if (from < text.length) encoder.encodeInto(text.slice(from), bytes.subarray(at));
  return bytes;
}

/** The decimal index between a marker's NULs (`from` to `to`), or -1 if it is not digits. */
function markerIndex(text: string, from: number, to: number): number {
  if (to === from) return -1;
  let index = 0;
  for (let i = from; i < to; i++) {
    const digit = text.charCodeAt(i) - 48;
    if (digit < 0 || digit > 9) return -1;
    index = index * 10 + digit;
  }
  return index;
}

/**
 * The length in UTF-8 of `text` from `from` to `to`, as TextEncoder writes it: a surrogate pair
 * is 4 bytes, a lone surrogate 3 (it becomes U+FFFD).
 */
function utf8Length(text: string, from: number, to: number): number {
  let length = to - from;
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) continue;
    if (c < 0x800) {
      length += 1;
    } else if (c >= 0xd800 && c <= 0xdbff && i + 1 < to) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        length += 2; // 4 bytes for 2 code units
        i++;
      } else {
        length += 2;
      }
    } else {
      length += 2;
    }
  }
  return length;
}
