import { describe, expect, it } from 'vitest';
import { didYouMean } from './didYouMean.js';

describe('didYouMean', () => {
  const known = ['port', 'host', 'path', 'database', 'database-schemas', 'no-csrf', 'csrf'];
  it('suggests names a typo away, closest first', () => {
    expect(didYouMean('prot', known)).toEqual(['port']);
    expect(didYouMean('databse', known)).toEqual(['database']);
    expect(didYouMean('PORT', known)).toEqual(['port']);
    expect(didYouMean('csfr', known)).toEqual(['csrf']);
    expect(didYouMean('pat', known)).toEqual(['path']);
  });
  it('suggests nothing for what is no typo', () => {
    expect(didYouMean('zzzzzz', known)).toEqual([]);
    expect(didYouMean('x', known)).toEqual([]);
  });
});
