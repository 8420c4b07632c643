const NEWLINE = 0x0a;
const COMMA = 0x2c;
const SPACE = 0x20;

/**
 * The JSON text with every `, \n ` between elements written `,`, as JSON.stringify writes it:
 * `json_agg` puts that between rows (jsonArray's `spaced`). A raw newline cannot be inside a JSON
 * string, so outside strings is the only place the pattern can be, and dropping the whitespace
 * never changes the value; any other newline is left as it is. Bytes are compacted in place (they
 * are the statement's answer, read by no one else) and the shorter view returned.
 */
export function compactSeparators(json: string | Uint8Array): string | Uint8Array {
  if (typeof json === 'string') return json.includes('\n') ? json.replaceAll(', \n ', ',') : json;
  const bytes = Buffer.isBuffer(json)
    ? json
    : Buffer.from(json.buffer, json.byteOffset, json.byteLength);
  let at = bytes.indexOf(NEWLINE);
  if (at < 0) return json;
  // [read, at) is still to keep; it goes to `write` (the two differ once a separator is dropped).
  let read = 0;
  let write = 0;
  const end = bytes.length;
  while (at >= 0) {
    if (at >= 2 && bytes[at - 2] === COMMA && bytes[at - 1] === SPACE && bytes[at + 1] === SPACE) {
      const keep = at - 1; // up to and including the comma
      if (write !== read) bytes.copyWithin(write, read, keep);
      write += keep - read;
      read = at + 2;
    }
    at = bytes.indexOf(NEWLINE, at + 1);
  }
  if (read === 0) return json;
  if (write !== read) bytes.copyWithin(write, read, end);
  return bytes.subarray(0, write + (end - read));
}
