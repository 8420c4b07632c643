import { describe, expect, it } from 'vitest';
import { assembleBytes } from './splicedJSON.js';

const encode = (text: string) => new TextEncoder().encode(text);
const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

describe('assembleBytes', () => {
  it('replaces each marker with its chunk and encodes the text around them as TextEncoder does', () => {
    const chunks = [encode('[{"n":"é"}]'), encode('"😀"')];
    const text = '{"data":{"a":\u00000\u0000,"b":"ü ☃ 😀 \ud800 x \udc00","c":\u00001\u0000}}';
    const bytes = assembleBytes(text, chunks);
    const expected = '{"data":{"a":[{"n":"é"}],"b":"ü ☃ 😀 \ud800 x \udc00","c":"😀"}}';
    expect(bytes).toEqual(encode(expected));
    expect(bytes.length).toBe(encode(expected).length);
  });

  it('leaves text that is not the marker of a kept chunk as it is', () => {
    const chunks = [encode('1')];
    // An index with no chunk, a NUL pair around no digits, and a NUL left open.
    const text = 'a\u00007\u0000b\u0000x\u0000\u00000\u0000c\u0000';
    expect(decode(assembleBytes(text, chunks))).toBe('a\u00007\u0000b\u0000x\u00001c\u0000');
  });

  it('writes a response that is one chunk, or text alone', () => {
    expect(decode(assembleBytes('\u00000\u0000', [encode('{"x":1}')]))).toBe('{"x":1}');
    expect(decode(assembleBytes('{"data":null}', []))).toBe('{"data":null}');
    expect(assembleBytes('', []).length).toBe(0);
  });
});
