import { describe, expect, it } from 'vitest';
import { graphql } from '../abuse/support/http.js';
import { eventually, serveFlag, useFaultRig, within } from './support/faultRig.js';
import { ITEMS_DATA, ITEMS_QUERY, napQuery } from './support/seed.js';

const rig = useFaultRig();
const STATEMENT_TIMEOUT_MS = 1000;

const serveWithStatementTimeout = () =>
  rig.serve([
    serveFlag('--statement-timeout', '--statement-timeout-ms'),
    String(STATEMENT_TIMEOUT_MS),
  ]);

describe('a runaway statement (a 120 s nap)', () => {
  it('is cancelled at the statement timeout: answered, and gone from pg_stat_activity', async () => {
    const sluice = await serveWithStatementTimeout();
    const answer = await within(
      'an answer to the runaway statement',
      STATEMENT_TIMEOUT_MS + 5000,
      graphql(sluice.port, { query: napQuery(4) }),
    );
    expect(answer.json?.errors?.length, answer.text).toBeGreaterThan(0);
    expect(answer.status).not.toBe(500);
    await eventually('no nap left running', 3000, async () => (await rig.activeNaps()) === 0);
    expect((await graphql(sluice.port, { query: ITEMS_QUERY })).json).toEqual({ data: ITEMS_DATA });
  });

  it('is reported as DATABASE_TIMEOUT', async () => {
    const sluice = await serveWithStatementTimeout();
    const answer = await graphql(sluice.port, { query: napQuery(4) });
    expect(answer.codes[0], answer.text).toBe('DATABASE_TIMEOUT');
    expect(answer.status).not.toBe(500);
  });
});
