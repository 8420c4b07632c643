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
});
