import { describe, expect, it } from 'vitest';
import { propertyKey } from './FieldPlan.js';

describe('propertyKey', () => {
  it('gives back the same name, Object.prototype members and __proto__ included', () => {
    const document = '{ title __proto__ constructor toString }';
    // Slices of a text, as the parser makes them.
    for (const name of ['title', '__proto__', 'constructor', 'toString']) {
      const start = document.indexOf(name);
      const slice = document.slice(start, start + name.length);
      expect(propertyKey(slice)).toBe(name);
    }
  });
});
