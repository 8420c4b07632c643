import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../../test/support/seededRandom.js';
import { needsEscape, quoteJSONString } from './leafToJSON.js';

const sink = { jsonFailures: undefined, escapedChars: 0 };

/** Characters around every boundary the check cares about, and some plain ones. */
const ALPHABET = [
  ...'az09 -_.@é',
  '\u0000',
  '\u0008',
  '\u001f',
  '\u0020',
  '"',
  '\\',
  '/',
  '\u007f',
  '\u2028',
  '\u2029',
  '\ud7ff',
  '\ud800',
  '\udbff',
  '\udc00',
  '\udfff',
  '\ue000',
  '😀',
];

describe('needsEscape and quoteJSONString', () => {
  it('agree with JSON.stringify on strings of every length around the short-string cut', () => {
    const next = seededRandom(1);
    const wrong: string[] = [];
    for (let i = 0; i < 50_000 && wrong.length < 5; i++) {
      const length = Math.floor(next() * 20);
      let value = '';
      for (let k = 0; k < length; k++) {
        // Mostly plain characters, so that many strings need no escaping at all.
        value += next() < 0.9 ? 'x' : ALPHABET[Math.floor(next() * ALPHABET.length)];
      }
      const plain = JSON.stringify(value) === '"' + value + '"';
      const surrogates = /[\ud800-\udfff]/.test(value);
      // A candidate for escaping is any surrogate; JSON.stringify then decides (pairs stay).
      if (needsEscape(value) !== (!plain || surrogates)) wrong.push(value);
      if (quoteJSONString(sink, value) !== JSON.stringify(value)) wrong.push(value);
    }
    expect(wrong.map((value) => JSON.stringify(value))).toEqual([]);
  });
});
