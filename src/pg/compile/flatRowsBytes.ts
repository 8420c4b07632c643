import type { ByteRows } from '../driver/SqlClient.js';
import type { FlatRows } from './flatRowsSql.js';

/**
 * The JSON of plain rows received as bytes (each column's text form, as the driver's `raw` rows
 * hold it), written as UTF-8 with no JavaScript string per value: what flatRowsJson writes from
 * decoded values, byte for byte. Decoding 150 values of a 50-row page into strings, writing them
 * into a string and encoding it again doubled the Node CPU of such a request, most of it in the
 * garbage collector (docs/pg.md, "Where the JSON is written").
 *
 * A number column's text is its JSON (int2 and int4 only: digits and a sign); a boolean's is `t`
 * or `f`; a string is copied between quotes unless it holds a byte JSON.stringify escapes (`"`,
 * `\`, a control character), which then goes through JSON.stringify. UTF-8 above ASCII is copied
 * as it is, as JSON.stringify leaves it (PostgreSQL's text never holds a lone surrogate).
 */
export function flatRowsBytes(rows: ByteRows, flat: FlatRows): Uint8Array {
  const parts = encodedParts(flat);
  if (flat.shape === 'one') {
    const row = rows[0];
    return row === undefined ? NULL : rowsBytes([row], parts, false);
  }
  return rowsBytes(rows, parts, true);
}

const encoder = new TextEncoder();
const NULL = encoder.encode('null');
const TRUE = encoder.encode('true');
const FALSE = encoder.encode('false');
const EMPTY_OBJECT = encoder.encode('{}');

/** Per cell: its kind, its prefix as bytes, a constant's JSON as bytes. */
interface EncodedCell {
  readonly kind: FlatRows['cells'][number]['kind'];
  readonly prefix: Uint8Array;
  readonly constant: Uint8Array | undefined;
}

// Encoded once per plan (FlatRows lives in the cached statement), looked up once per request.
const encoded = new WeakMap<FlatRows, ReadonlyArray<EncodedCell>>();

function encodedParts(flat: FlatRows): ReadonlyArray<EncodedCell> {
  let parts = encoded.get(flat);
  if (parts === undefined) {
    parts = flat.cells.map((cell) => ({
      kind: cell.kind,
      prefix: encoder.encode(cell.prefix),
      constant: cell.kind === 'constant' ? encoder.encode(cell.json) : undefined,
    }));
    encoded.set(flat, parts);
  }
  return parts;
}

/** Pass 1 measures (and escapes the rare string that needs it), pass 2 copies into place. */
function rowsBytes(rows: ByteRows, cells: ReadonlyArray<EncodedCell>, list: boolean): Uint8Array {
  let escaped: Map<Uint8Array, Uint8Array> | undefined;
  let length = list ? 2 + Math.max(0, rows.length - 1) : 0;
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r]!;
    if (cells.length === 0) {
      length += 2;
      continue;
    }
    length += 1; // the closing brace
    let c = 0;
    for (let i = 0; i < cells.length; i++) {
      const cell = cells[i]!;
      length += cell.prefix.length;
      if (cell.constant !== undefined) {
        length += cell.constant.length;
        continue;
      }
      const value = row[c++];
      if (value === null || value === undefined) length += 4;
      else if (cell.kind === 'boolean') length += value[0] === 0x74 ? 4 : 5;
      else if (cell.kind === 'number') length += value.length;
      else if (needsEscape(value)) {
        const json = encoder.encode(JSON.stringify(Buffer.from(value).toString('utf8')));
        (escaped ??= new Map()).set(value, json);
        length += json.length;
      } else length += value.length + 2;
    }
  }
  const out = Buffer.allocUnsafe(length);
  let at = 0;
  if (list) out[at++] = 0x5b; // [
  for (let r = 0; r < rows.length; r++) {
    if (r > 0) out[at++] = 0x2c; // ,
    const row = rows[r]!;
    if (cells.length === 0) {
      out.set(EMPTY_OBJECT, at);
      at += 2;
      continue;
    }
    let c = 0;
    for (let i = 0; i < cells.length; i++) {
      const cell = cells[i]!;
      out.set(cell.prefix, at);
      at += cell.prefix.length;
      let bytes: Uint8Array;
      if (cell.constant !== undefined) bytes = cell.constant;
      else {
        const value = row[c++];
        if (value === null || value === undefined) bytes = NULL;
        else if (cell.kind === 'boolean') bytes = value[0] === 0x74 ? TRUE : FALSE;
        else if (cell.kind === 'number') bytes = value;
        else {
          const json = escaped?.get(value);
          if (json !== undefined) bytes = json;
          else {
            out[at++] = 0x22; // "
            out.set(value, at);
            at += value.length;
            out[at++] = 0x22;
            continue;
          }
        }
      }
      out.set(bytes, at);
      at += bytes.length;
    }
    out[at++] = 0x7d; // }
  }
  if (list) out[at++] = 0x5d; // ]
  return out;
}

/** True when the UTF-8 text holds a byte JSON.stringify writes escaped. */
function needsEscape(bytes: Uint8Array): boolean {
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i]!;
    if (b < 0x20 || b === 0x22 || b === 0x5c) return true;
  }
  return false;
}
