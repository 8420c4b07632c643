import { describe, expect, it } from 'vitest';
import { flatRowsJson, type FlatRows } from './flatRowsSql.js';

const cells: FlatRows['cells'] = [
  { kind: 'constant', prefix: '{"__typename":', json: '"Post"' },
  { kind: 'number', prefix: ',"id":' },
  { kind: 'string', prefix: ',"title":' },
  { kind: 'boolean', prefix: ',"ok":' },
  { kind: 'string', prefix: ',"say \\"hi\\"":' },
];
const list: FlatRows = { shape: 'list', cells };
const one: FlatRows = { shape: 'one', cells };

/** What JSON.stringify writes for the same row. */
const expected = (row: ReadonlyArray<unknown>) => ({
  __typename: 'Post',
  id: row[0],
  title: row[1],
  ok: row[2],
  'say "hi"': row[3],
});

describe('flatRowsJson', () => {
  const tricky = [
    'quote " backslash \\ slash /',
    'tab\tnewline\ncarriage\rformfeed\fbackspace\b',
    '\u0001\u001f\u007f control',
    'é 日本 😀 \u2028\u2029',
    '',
  ];

  it('writes each row as JSON.stringify does, strings escaped alike', () => {
    const rows = tricky.map((text, i) => [i - 2, text, i % 2 === 0, i === 4 ? null : text]);
    expect(flatRowsJson(rows, list)).toBe(JSON.stringify(rows.map(expected)));
  });

  it('writes null for SQL NULL in every kind of column', () => {
    const rows = [[null, null, null, null]];
    expect(flatRowsJson(rows, list)).toBe(JSON.stringify(rows.map(expected)));
  });

  it('writes [] for no rows, and one row as the object or null', () => {
    expect(flatRowsJson([], list)).toBe('[]');
    const row = [7, 'seven', false, 'x'];
    expect(flatRowsJson([row], one)).toBe(JSON.stringify(expected(row)));
    expect(flatRowsJson([], one)).toBe('null');
  });

  it('writes an empty object when nothing is selected', () => {
    expect(flatRowsJson([[1], [2]], { shape: 'list', cells: [] })).toBe('[{},{}]');
  });
});
