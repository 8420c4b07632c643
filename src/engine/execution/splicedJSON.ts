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
const MARKER = /\u0000(\d+)\u0000/g;

const encoder = new TextEncoder();

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

/** The response as UTF-8: `text` with each marker replaced by its chunk. */
export function assembleBytes(text: string, chunks: ReadonlyArray<Uint8Array>): Uint8Array {
  const parts: Uint8Array[] = [];
  let length = 0;
  let from = 0;
  for (const match of text.matchAll(MARKER)) {
    const chunk = chunks[Number(match[1])];
    if (chunk === undefined) continue;
    const before = encoder.encode(text.slice(from, match.index));
    parts.push(before, chunk);
    length += before.length + chunk.length;
    from = match.index + match[0].length;
  }
  const rest = encoder.encode(text.slice(from));
  parts.push(rest);
  length += rest.length;
  const bytes = new Uint8Array(length);
  let at = 0;
  for (const part of parts) {
    bytes.set(part, at);
    at += part.length;
  }
  return bytes;
}
