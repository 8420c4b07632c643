import { describe, expect, it } from 'vitest';
import { settle } from './settle.js';

describe('settle', () => {
  it('passes values and settled promises through', async () => {
    expect(await settle(1, 10)).toBe(1);
    expect(await settle(Promise.resolve(2), 10)).toBe(2);
  });

  it('turns a promise that never settles into an error instead of a hang', async () => {
    await expect(settle(new Promise(() => {}), 20)).rejects.toThrow('did not settle within 20 ms');
  });
});
