import { describe, expect, it } from 'vitest';
import { graphql, send } from '../abuse/support/http.js';
import { expectRequestError } from '../abuse/support/expectations.js';
import { eventually, serveFlag, useFaultRig, within } from './support/faultRig.js';
import { ITEMS_DATA, ITEMS_QUERY } from './support/seed.js';

const rig = useFaultRig();
const TIMEOUT_MS = 2000;
/** The operation timeout, plus the sweep of its shared timer and a loaded machine. */
const ANSWER_MS = TIMEOUT_MS + 4000;

const works = async (port: number) =>
  JSON.stringify((await graphql(port, { query: ITEMS_QUERY })).json) ===
  JSON.stringify({ data: ITEMS_DATA });

describe('PostgreSQL frozen (SIGSTOP): connections open, nothing answers', () => {
  it('a request gets 504 TIMEOUT at the operation timeout; /health answers; SIGCONT recovers', async () => {
    const sluice = await rig.serve([serveFlag('--timeout-ms', '--timeout'), String(TIMEOUT_MS)]);
    expect(await works(sluice.port)).toBe(true);
    rig.cluster.freeze();
    try {
      const answer = await within(
        'an answer while PostgreSQL is frozen',
        ANSWER_MS,
        graphql(sluice.port, { query: ITEMS_QUERY }, { timeoutMs: ANSWER_MS }),
      );
      expectRequestError(answer, 'TIMEOUT', 504);
      const health = await send(sluice.port, { path: '/health', timeoutMs: ANSWER_MS });
      expect(health.status).toBe(200);
    } finally {
      rig.cluster.thaw();
    }
    await eventually('the same query answered after SIGCONT', 15_000, () => works(sluice.port));
  });

  it('GET /ready answers 503 (not a hang) while it is frozen', async () => {
    const sluice = await rig.serve([serveFlag('--timeout-ms', '--timeout'), String(TIMEOUT_MS)]);
    expect(await works(sluice.port)).toBe(true);
    rig.cluster.freeze();
    try {
      const ready = await send(sluice.port, { path: '/ready', timeoutMs: ANSWER_MS });
      expect(ready.status).toBe(503);
    } finally {
      rig.cluster.thaw();
    }
  });
});
