import { describe, expect, it } from 'vitest';
import { flatRowsBytes } from './flatRowsBytes.js';
import { flatRowsJson, type FlatRows } from './flatRowsSql.js';

const cells: FlatRows['cells'] = [
  { kind: 'constant', prefix: '{"__typename":', json: '"Post"' },
  { kind: 'number', prefix: ',"id":' },
  { kind: 'string', prefix: ',"title":' },
  { kind: 'boolean', prefix: ',"ok":' },
  { kind: 'string', prefix: ',"say \\"hi\\" é":' },
];
const list: FlatRows = { shape: 'list', cells };
const one: FlatRows = { shape: 'one', cells };

const encoder = new TextEncoder();
/** A decoded row as the driver's raw row holds it: each value's PostgreSQL text form as UTF-8. */
const textForm = (row: ReadonlyArray<unknown>) =>
  row.map((value) =>
    value === null
      ? null
      : encoder.encode(typeof value === 'boolean' ? (value ? 't' : 'f') : String(value)),
  );
const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

describe('flatRowsBytes', () => {
  const tricky = [
    'quote " backslash \\ slash /',
    'tab\tnewline\ncarriage\rformfeed\fbackspace\b',
    '\u0001\u001f\u007f control',
    'é 日本 😀 \u2028\u2029',
    '',
    'plain',
  ];

  it('writes the bytes flatRowsJson writes from the decoded values', () => {
    const rows = tricky.map((text, i) => [i - 2, text, i % 2 === 0, i === 4 ? null : text]);
    const json = flatRowsJson(rows, list);
    expect(decode(flatRowsBytes(rows.map(textForm), list))).toBe(json);
    expect(JSON.parse(json)).toHaveLength(tricky.length);
  });

  it('writes null for SQL NULL in every kind of column', () => {
    const rows = [[null, null, null, null]];
    expect(decode(flatRowsBytes(rows.map(textForm), list))).toBe(flatRowsJson(rows, list));
  });

  it('writes [] for no rows, and one row as the object or null', () => {
    expect(decode(flatRowsBytes([], list))).toBe('[]');
    const row = [7, 'seven', false, 'x'];
    expect(decode(flatRowsBytes([textForm(row)], one))).toBe(flatRowsJson([row], one));
    expect(decode(flatRowsBytes([], one))).toBe('null');
  });

  it('writes an empty object per row when nothing is selected', () => {
    const none: FlatRows = { shape: 'list', cells: [] };
    expect(decode(flatRowsBytes([[encoder.encode('1')], [encoder.encode('2')]], none))).toBe(
      '[{},{}]',
    );
  });
});
