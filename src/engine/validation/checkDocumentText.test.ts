import { describe, expect, it } from 'vitest';
import { checkDocumentText } from './checkDocumentText.js';

describe('checkDocumentText', () => {
  it('counts UTF-8 bytes, not characters', () => {
    expect(checkDocumentText('{ a } # abcd', 12)).toBeUndefined(); // 12 bytes
    expect(checkDocumentText('{ a } # abcé', 12)?.extensions['code']).toBe(
      'MAX_DOCUMENT_SIZE_EXCEEDED',
    );
    expect(checkDocumentText('{ a } # 🎉', 12)).toBeUndefined(); // 8 + 4 bytes
    expect(checkDocumentText('{ a } # x🎉', 12)?.extensions['code']).toBe(
      'MAX_DOCUMENT_SIZE_EXCEEDED',
    );
  });
});
