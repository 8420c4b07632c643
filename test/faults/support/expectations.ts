import { expect } from 'vitest';
import type { Answer } from '../../abuse/support/http.js';

const RETRY_AFTER = { DATABASE_UNAVAILABLE: '5', DATABASE_BUSY: '1' } as const;

/**
 * A database fault reported with `code`. The fault tests query database fields only, so the
 * response has no data (no `data`, or every root field null): the server's condition, answered
 * 503 with the Retry-After the code calls for, never 200.
 */
export function expectDatabaseFault(answer: Answer, code: keyof typeof RETRY_AFTER): void {
  expect(answer.codes[0], answer.text.slice(0, 500)).toBe(code);
  const data = answer.json?.data as Record<string, unknown> | null | undefined;
  expect(data == null || Object.values(data).every((value) => value === null)).toBe(true);
  expect(answer.status).toBe(503);
  expect(answer.headers['retry-after']).toBe(RETRY_AFTER[code]);
}
