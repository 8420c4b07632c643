import { expect } from 'vitest';
import type { Answer } from '../../abuse/support/http.js';

/**
 * A database fault reported with `code`: with no `data` in the body, 503 and a Retry-After of
 * whole seconds (the client may try again later); with `data` (null fields and errors), 200.
 */
export function expectDatabaseFault(answer: Answer, code: string): void {
  expect(answer.codes[0], answer.text.slice(0, 500)).toBe(code);
  if (answer.json !== undefined && 'data' in answer.json) {
    expect(answer.status).toBe(200);
  } else {
    expect(answer.status).toBe(503);
    expect(answer.headers['retry-after']).toMatch(/^\d+$/);
  }
}
