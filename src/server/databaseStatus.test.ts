import { describe, expect, it } from 'vitest';
import {
  createEngine,
  ErrorCode,
  type Engine,
  type ExecuteOutcome,
  type PreparedOperation,
} from '../engine/index.js';
import { GQL_RESPONSE, send, testSchema } from './__fixtures__/testServer.js';
import { createHandler } from './createHandler.js';

/**
 * A database that is busy or down is the server's condition, not the request's: 503 with
 * Retry-After when the outcome has no data, 504 for a statement cancelled by its timeout.
 * The outcomes are made here (the engine fills errorCodes and noData from its errors); the
 * prepared operation around them is the engine's own.
 */
type Fields = Pick<ExecuteOutcome, 'hasData' | 'errorCodes' | 'noData'>;

function engineAnswering(fields: Fields, async: boolean): Engine {
  const engine = createEngine({ schema: testSchema() });
  return {
    ...engine,
    prepare(query, operationName) {
      const prepared = engine.prepare(query, operationName);
      if (!prepared.ok) return prepared;
      const code = fields.errorCodes?.[0] ?? 'DATABASE_ERROR';
      const outcome: ExecuteOutcome = {
        body: JSON.stringify({
          errors: [{ message: 'The database said no.', extensions: { code } }],
          data: fields.noData === false ? { hello: 'partial' } : null,
        }),
        errorCount: fields.errorCodes?.length ?? 1,
        executeMs: 0,
        ...fields,
      };
      const execute = () => (async ? Promise.resolve(outcome) : outcome);
      return { ...prepared, execute: execute as PreparedOperation['execute'] };
    },
  };
}

async function statusFor(fields: Fields, async: boolean, accept?: string) {
  const handle = createHandler({ engine: engineAnswering(fields, async) });
  return send(handle, { json: { query: '{ hello }' }, headers: accept ? { accept } : {} });
}

const { DATABASE_BUSY, DATABASE_UNAVAILABLE, DATABASE_TIMEOUT, DATABASE_ERROR } = ErrorCode;

describe('database errors by HTTP status', () => {
  for (const async of [false, true]) {
    for (const accept of [undefined, GQL_RESPONSE]) {
      const where = `${async ? 'async' : 'sync'}, ${accept ?? 'application/json'}`;

      it(`busy: 503 with Retry-After 1 (${where})`, async () => {
        const res = await statusFor(
          { hasData: true, noData: true, errorCodes: [DATABASE_BUSY] },
          async,
          accept,
        );
        expect(res.status).toBe(503);
        expect(res.headers['retry-after']).toBe('1');
        expect(res.json.errors?.[0]?.extensions?.code).toBe(DATABASE_BUSY);
      });

      it(`unavailable: 503 with Retry-After 5, over busy (${where})`, async () => {
        const res = await statusFor(
          { hasData: true, noData: true, errorCodes: [DATABASE_BUSY, DATABASE_UNAVAILABLE] },
          async,
          accept,
        );
        expect(res.status).toBe(503);
        expect(res.headers['retry-after']).toBe('5');
      });

      it(`statement timeout: 504 (${where})`, async () => {
        const res = await statusFor(
          { hasData: true, noData: true, errorCodes: [DATABASE_TIMEOUT] },
          async,
          accept,
        );
        expect(res.status).toBe(504);
        expect(res.headers['retry-after']).toBeUndefined();
      });
    }
  }

  it('answers 503 for an outcome without data that does not say noData', async () => {
    const res = await statusFor({ hasData: false, errorCodes: [DATABASE_UNAVAILABLE] }, false);
    expect(res.status).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
  });

  it('keeps 200 when some data came back, or the database error is of another kind', async () => {
    for (const fields of [
      { hasData: true, noData: false, errorCodes: [DATABASE_BUSY] },
      { hasData: true, noData: true, errorCodes: [DATABASE_ERROR] },
      { hasData: true, noData: true, errorCodes: [] },
      { hasData: true, noData: true },
    ]) {
      const res = await statusFor(fields, true);
      expect(res.status, JSON.stringify(fields)).toBe(200);
      expect(res.headers['retry-after']).toBeUndefined();
    }
  });
});
