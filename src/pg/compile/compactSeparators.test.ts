import { describe, expect, it } from 'vitest';
import { compactSeparators } from './compactSeparators.js';

const text = (json: string | Uint8Array) =>
  typeof json === 'string' ? json : Buffer.from(json).toString();

describe('compactSeparators', () => {
  const cases: Array<[string, string]> = [
    ['[]', '[]'],
    ['[{"a":1}]', '[{"a":1}]'],
    ['[{"a":1}, \n {"a":2}, \n {"a":3}]', '[{"a":1},{"a":2},{"a":3}]'],
    // Nested aggregates: every level's separators go.
    ['[{"p":[{"c":[1,2]}, \n {"c":[]}]}, \n {"p":[]}]', '[{"p":[{"c":[1,2]},{"c":[]}]},{"p":[]}]'],
    // A string holding the escaped pattern is not touched (it has no raw newline).
    ['[{"s":", \\n "}, \n {"s":"x"}]', '[{"s":", \\n "},{"s":"x"}]'],
    // Other newlines (a json column's own whitespace) stay.
    ['[{"j":{"a": 1,\n"b":2}}, \n {"j":null}]', '[{"j":{"a": 1,\n"b":2}},{"j":null}]'],
    ['\n', '\n'],
    [', \n ', ','],
  ];
  it.each(cases)('%j', (input, expected) => {
    expect(compactSeparators(input)).toBe(expected);
    expect(text(compactSeparators(Buffer.from(input)))).toBe(expected);
    expect(text(compactSeparators(new Uint8Array(Buffer.from(input))))).toBe(expected);
  });

  it('compacts a view in place and returns the shorter view of it', () => {
    const whole = Buffer.from('xx[{"a":1}, \n {"a":2}]yy');
    const view = whole.subarray(2, whole.length - 2);
    const out = compactSeparators(view);
    expect(text(out)).toBe('[{"a":1},{"a":2}]');
    expect((out as Buffer).buffer).toBe(whole.buffer);
    expect(text(whole.subarray(whole.length - 2))).toBe('yy');
  });

  it('matches JSON.stringify on a large aggregate', () => {
    const rows = Array.from({ length: 500 }, (_, i) => ({ id: i, s: `a, \n b${i}`, c: [i, i] }));
    const spaced = `[${rows.map((r) => JSON.stringify(r)).join(', \n ')}]`;
    expect(text(compactSeparators(Buffer.from(spaced)))).toBe(JSON.stringify(rows));
  });
});
