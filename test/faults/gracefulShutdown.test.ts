import { describe, expect, it } from 'vitest';
import { graphql } from '../abuse/support/http.js';
import { eventually, useFaultRig, within } from './support/faultRig.js';
import { napQuery } from './support/seed.js';

const rig = useFaultRig();

describe('SIGTERM with requests in flight', () => {
  it('lets them complete (drained), then exits 0', async () => {
    const sluice = await rig.serve();
    const inFlight = Array.from({ length: 3 }, () => graphql(sluice.port, { query: napQuery(2) }));
    await eventually('three naps running', 10_000, async () => (await rig.activeNaps()) === 3);
    sluice.child.kill('SIGTERM');
    const answers = await within('the drained answers', 15_000, Promise.all(inFlight));
    for (const answer of answers) {
      expect({ status: answer.status, json: answer.json }).toEqual({
        status: 200,
        json: { data: { slowNaps: [{ id: 2, slept: 'slept 1.5' }] } },
      });
    }
    expect(await within('the exit', 15_000, sluice.exited)).toBe(0);
  });
});
