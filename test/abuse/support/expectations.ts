import { expect } from 'vitest';
import type { Answer, HealthDuringAttack } from './http.js';
import { HEALTH_BOUND_MS } from './http.js';

/** Every health check during the attack answered 200, none later than HEALTH_BOUND_MS. */
export function expectHealthy(health: HealthDuringAttack): void {
  expect(health.failed, 'health checks that failed during the attack').toBe(0);
  expect(health.answered).toBeGreaterThan(0);
  expect(health.slowestMs, 'slowest health answer during the attack (ms)').toBeLessThan(
    HEALTH_BOUND_MS,
  );
}

/**
 * A request error (no `data`): the status given (400 unless said), and `code` on the first error.
 * The body is a GraphQL response, never a bare 500.
 */
export function expectRequestError(answer: Answer, code: string, status = 400): void {
  expect({ status: answer.status, code: answer.codes[0] }).toEqual({ status, code });
  expect(answer.json && 'data' in answer.json).toBe(false);
}

/**
 * An error the response carries either way the server reports it: as a request error (no `data`,
 * 400 by default) or as a field error (`data` present, 200). `code` is on the first error.
 */
export function expectErrorCode(answer: Answer, code: string, requestStatus = 400): void {
  expect(answer.codes[0], answer.text.slice(0, 500)).toBe(code);
  const hasData = answer.json !== undefined && 'data' in answer.json;
  expect(answer.status).toBe(hasData ? 200 : requestStatus);
}
