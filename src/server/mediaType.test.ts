import { describe, expect, it } from 'vitest';
import {
  acceptsEventStream,
  GRAPHQL_RESPONSE_JSON,
  JSON_TYPE,
  memoByHeader,
  negotiateResponseType,
  parseContentType,
} from './mediaType.js';

describe('memoByHeader', () => {
  it('computes a header text once, and is bounded in entries and in key length', () => {
    const seen: string[] = [];
    const memo = memoByHeader((header) => {
      seen.push(header);
      return header.toUpperCase();
    });
    expect(memo('a/b')).toBe('A/B');
    expect(memo('a/b')).toBe('A/B');
    expect(seen).toEqual(['a/b']);
    // A text longer than 200 characters is never kept: each call computes it again.
    const long = `x/${'y'.repeat(250)}`;
    memo(long);
    memo(long);
    expect(seen.filter((h) => h === long)).toHaveLength(2);
    // 256 distinct texts fill it; the next one empties it, so 'a/b' is computed again.
    for (let i = 0; i < 256; i++) memo(`t/${i}`);
    memo('a/b');
    expect(seen.filter((h) => h === 'a/b')).toHaveLength(2);
  });

  it('remembers a null answer too (a refused Accept)', () => {
    let calls = 0;
    const memo = memoByHeader(() => {
      calls++;
      return null;
    });
    memo('text/plain');
    memo('text/plain');
    expect(calls).toBe(1);
  });
});

describe('negotiation answers do not depend on the memo or the fast paths', () => {
  it.each([
    [undefined, JSON_TYPE],
    ['', JSON_TYPE],
    ['application/json', JSON_TYPE],
    [GRAPHQL_RESPONSE_JSON, GRAPHQL_RESPONSE_JSON],
    [`application/json;q=0.9, ${GRAPHQL_RESPONSE_JSON}`, GRAPHQL_RESPONSE_JSON],
    ['*/*', JSON_TYPE],
    ['text/plain', null],
    ['application/json;q=0', null],
    // A type takes the quality of the most specific range that names it (RFC 9110 §12.5.1).
    ['*/*, application/json;q=0', GRAPHQL_RESPONSE_JSON],
    ['application/*, application/json;q=0', GRAPHQL_RESPONSE_JSON],
    [`*/*;q=0.5, ${GRAPHQL_RESPONSE_JSON};q=0.4`, JSON_TYPE],
    [`*/*, ${GRAPHQL_RESPONSE_JSON};q=0`, JSON_TYPE],
    [`application/json, ${GRAPHQL_RESPONSE_JSON}`, JSON_TYPE],
    [`${GRAPHQL_RESPONSE_JSON}, application/json`, GRAPHQL_RESPONSE_JSON],
  ])('Accept %j → %s, twice', (accept, expected) => {
    expect(negotiateResponseType(accept)).toBe(expected);
    expect(negotiateResponseType(accept)).toBe(expected);
  });

  it('parses Content-Type the same with and without parameters', () => {
    expect(parseContentType('application/json')).toEqual({ type: JSON_TYPE, charset: undefined });
    expect(parseContentType('Application/JSON; Charset=UTF-8')).toEqual({
      type: JSON_TYPE,
      charset: 'utf-8',
    });
    expect(parseContentType('')).toBeNull();
    expect(parseContentType(undefined)).toBeNull();
  });
});

describe('acceptsEventStream', () => {
  it('is true when Accept names text/event-stream, and false when it refuses it with q=0', () => {
    expect(acceptsEventStream('text/event-stream')).toBe(true);
    expect(acceptsEventStream('application/json, text/event-stream;q=0.5')).toBe(true);
    expect(acceptsEventStream(undefined)).toBe(false);
    expect(acceptsEventStream('application/json')).toBe(false);
    // RFC 9110 §12.4.2: q=0 is "not acceptable".
    expect(acceptsEventStream('application/json, text/event-stream;q=0')).toBe(false);
    expect(acceptsEventStream('text/event-stream; q=0.0, */*')).toBe(false);
  });
});
