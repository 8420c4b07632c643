import { parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { DocumentMemo } from './DocumentMemo.js';

describe('DocumentMemo', () => {
  it('remembers a value per document, unseen by keys, JSON and deep equality', () => {
    const memo = new DocumentMemo<{ n: number }>('test');
    const document = parse('{ a }');
    const twin = parse('{ a }');
    expect(memo.get(document)).toBeUndefined();
    memo.set(document, { n: 1 });
    expect(memo.get(document)).toEqual({ n: 1 });
    expect(memo.get(twin)).toBeUndefined();
    expect(Object.keys(document)).toEqual(Object.keys(twin));
    expect(JSON.stringify(document)).toBe(JSON.stringify(twin));
    expect(document).toStrictEqual(twin);
    expect(Object.getOwnPropertySymbols(document)).toHaveLength(1);
    expect(Object.getOwnPropertySymbols({ ...document })).toEqual([]);
  });

  it('does not hand a document the value of the document it inherits from', () => {
    const memo = new DocumentMemo<string>('test');
    const base = parse('{ a }');
    memo.set(base, 'base');
    const derived = Object.create(base) as object;
    expect(memo.get(derived)).toBeUndefined();
    memo.set(derived, 'derived');
    expect(memo.get(derived)).toBe('derived');
    expect(memo.get(base)).toBe('base');
  });

  it('keeps the value beside a document that cannot take a property', () => {
    const memo = new DocumentMemo<string>('test');
    const frozen = Object.freeze(parse('{ a }'));
    memo.set(frozen, 'frozen');
    expect(memo.get(frozen)).toBe('frozen');
    expect(Object.getOwnPropertySymbols(frozen)).toEqual([]);
    const refusing = new Proxy(parse('{ a }'), {
      defineProperty: () => {
        throw new TypeError('refused');
      },
    });
    memo.set(refusing, 'proxy');
    expect(memo.get(refusing)).toBe('proxy');
  });
});
