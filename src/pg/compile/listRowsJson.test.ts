import { describe, expect, it } from 'vitest';
import { listRowsJson } from './listRowsJson.js';

const text = (json: string | Uint8Array) =>
  typeof json === 'string' ? json : Buffer.from(json).toString();
const bytes = (s: string) => new Uint8Array(Buffer.from(s));

describe('listRowsJson', () => {
  it('writes no rows as []', () => {
    expect(listRowsJson([])).toBe('[]');
  });

  it('joins text rows in order', () => {
    expect(listRowsJson([['{"a":1}']])).toBe('[{"a":1}]');
    expect(listRowsJson([['{"a":1}'], ['{"a":2}'], ['{"a":[3]}']])).toBe(
      '[{"a":1},{"a":2},{"a":[3]}]',
    );
  });

  it('joins byte rows in order into one buffer, multi-byte UTF-8 kept', () => {
    const out = listRowsJson([[bytes('{"s":"é"}')], [bytes('{"s":"\\"x\\""}')], [bytes('{}')]]);
    expect(out).toBeInstanceOf(Uint8Array);
    expect(text(out)).toBe('[{"s":"é"},{"s":"\\"x\\""},{}]');
    expect(JSON.parse(text(out))).toEqual([{ s: 'é' }, { s: '"x"' }, {}]);
  });

  it('reads views into a larger buffer by their own bounds', () => {
    const shared = Buffer.from('xx{"a":1}yy{"a":2}zz');
    const out = listRowsJson([[shared.subarray(2, 9)], [shared.subarray(11, 18)]]);
    expect(text(out)).toBe('[{"a":1},{"a":2}]');
  });
});
