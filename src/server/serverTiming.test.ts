import { describe, expect, it } from 'vitest';
import { formatMs, serverTiming } from './serverTiming.js';

describe('formatMs', () => {
  it('prints what String(Math.round(ms * 1000) / 1000) prints, without toFixed', () => {
    const samples = [0, 0.0004, 0.0005, 0.001, 0.005, 0.01, 0.05, 0.1, 0.3, 0.1 + 0.2, 1, 1.5];
    samples.push(1.05, 1.005, 2.34, 12.045, 999.999, 1000, 123456.789, 0.12, 7.07, 30.3);
    let seed = 42;
    for (let i = 0; i < 5000; i++) {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      samples.push((seed / 2147483648) * 10 ** ((i % 7) - 2));
    }
    for (const ms of samples)
      expect(formatMs(ms), String(ms)).toBe(String(Math.round(ms * 1000) / 1000));
  });

  it('prints 0 for negative or non-finite input rather than a misleading number', () => {
    expect(formatMs(-3)).toBe('0');
    expect(formatMs(Number.NaN)).toBe('0');
  });
});

describe('serverTiming', () => {
  it('names every phase on a cache miss', () => {
    expect(serverTiming({ parse: 0.25, validate: 1.5, plan: 0 }, false, 0.042, 2)).toBe(
      'parse;dur=0.25, validate;dur=1.5, plan;dur=0, cache;desc=miss, execute;dur=0.042, ' +
        'serialize;dur=0;desc="written while executing", total;dur=2',
    );
  });

  it('writes the same text on a cache hit, from a constant prefix', () => {
    expect(serverTiming({ parse: 0, validate: 0, plan: 0 }, true, 0.01, 0.125)).toBe(
      'parse;dur=0, validate;dur=0, plan;dur=0, cache;desc=hit, execute;dur=0.01, ' +
        'serialize;dur=0;desc="written while executing", total;dur=0.125',
    );
  });

  it('leaves out execute when the request failed before running', () => {
    expect(serverTiming({ parse: 0.1, validate: 0.2, plan: 0 }, false, undefined, 0.5)).toBe(
      'parse;dur=0.1, validate;dur=0.2, plan;dur=0, cache;desc=miss, total;dur=0.5',
    );
    expect(serverTiming(undefined, undefined, undefined, 0.5)).toBe('total;dur=0.5');
  });
});
