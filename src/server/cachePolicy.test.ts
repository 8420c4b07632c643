import { describe, expect, it } from 'vitest';
import { canonicalVariables } from './cachePolicy.js';

describe('canonicalVariables', () => {
  it('gives the same text whatever the order of keys, at every level', () => {
    expect(canonicalVariables({ b: 1, a: { d: [{ f: 1, e: 2 }], c: 3 } })).toBe(
      canonicalVariables({ a: { c: 3, d: [{ e: 2, f: 1 }] }, b: 1 }),
    );
    expect(canonicalVariables(null)).toBe('');
  });

  it('keeps a "__proto__" key, so variables that differ by it never share an entry', () => {
    // As a request body's JSON.parse gives them: "__proto__" an own property.
    const withKey = JSON.parse('{ "v": { "z": 1, "__proto__": { "a": 1 } } }') as Record<
      string,
      unknown
    >;
    const without = JSON.parse('{ "v": { "z": 1 } }') as Record<string, unknown>;
    expect(canonicalVariables(withKey)).toBe('{"v":{"__proto__":{"a":1},"z":1}}');
    expect(canonicalVariables(withKey)).not.toBe(canonicalVariables(without));
  });

  it('gives no key to a number JSON cannot write (1e400 parses as Infinity), which would read as null', () => {
    const parsed = (text: string) => JSON.parse(text) as Record<string, unknown>;
    for (const text of [
      '{ "n": 1e400 }',
      '{ "n": -1e400 }',
      '{ "b": 1, "a": 1e400 }',
      '{ "v": { "n": [1, 1e400] } }',
    ]) {
      expect([text, canonicalVariables(parsed(text))]).toEqual([text, undefined]);
    }
    expect(canonicalVariables(parsed('{ "n": 1e300 }'))).toBe('{"n":1e+300}');
  });
});
