import type { QueryRows } from '../driver/SqlClient.js';

const OPEN = 0x5b;
const COMMA = 0x2c;
const CLOSE = 0x5d;

/**
 * The JSON array of a list read as one row per element, each row's first column the element's
 * JSON text (listSql's `asRows`, a mutation's read-back): `[`, the elements in row order joined
 * by `,`, `]`. Bytes stay bytes (postgres.js's raw rows, copied once into one buffer), text stays
 * text (PGlite, node-postgres).
 *
 * Why rows and not one aggregate: PostgreSQL builds an aggregate's text in one buffer that grows
 * by doubling and then copies it whole several times (the scalar subquery's result, the `::text`
 * value, the output function's string, the message), each copy into memory freshly mapped; past
 * about 100 kB that cost more than building the JSON (docs/pg.md, "Large lists as rows").
 */
export function listRowsJson(rows: QueryRows): string | Uint8Array {
  const count = rows.length;
  if (count === 0) return '[]';
  if (typeof rows[0]![0] === 'string') {
    const texts: string[] = new Array<string>(count);
    for (let i = 0; i < count; i++) texts[i] = rows[i]![0] as string;
    return `[${texts.join(',')}]`;
  }
  let length = count + 1;
  for (let i = 0; i < count; i++) length += (rows[i]![0] as Uint8Array).length;
  const out = Buffer.allocUnsafe(length);
  out[0] = OPEN;
  let at = 1;
  for (let i = 0; i < count; i++) {
    if (i > 0) out[at++] = COMMA;
    const element = rows[i]![0] as Uint8Array;
    out.set(element, at);
    at += element.length;
  }
  out[at] = CLOSE;
  return out;
}
