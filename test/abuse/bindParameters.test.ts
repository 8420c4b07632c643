import { describe, expect, it } from 'vitest';
import { createEngine } from '../../src/engine/index.js';
import { demoSchema } from './support/demoSchema.js';

/**
 * One variable of ~94 KB (under maxVariablesBytes) used under many aliases (under maxAliases):
 * each use binds its 5,000 values anew. Past the bind parameters one statement can carry (PGlite's
 * client broke past 32,767, and then answered every later query wrongly), the operation is refused
 * with BAD_USER_INPUT while the statement is being built, before the rest of it is.
 */
const where = { or: Array.from({ length: 5000 }, (_, i) => ({ id: { eq: i } })) };
const aliased = (n: number) =>
  `query ($w: UserWhere) { ${Array.from(
    { length: n },
    (_, i) => `a${i}: users(where: $w, limit: 1) { id }`,
  ).join(' ')} }`;
const query = aliased(7);

describe('a variable reused under aliases (bind parameters per statement)', () => {
  it('is refused with a stable code, and the database keeps answering', async () => {
    const engine = createEngine({ schema: await demoSchema({}) });
    const wide = engine.prepare(query);
    if (!wide.ok) throw new Error(wide.body);
    const outcome = await wide.execute({ variables: { w: where } });
    expect(outcome.errorCodes).toEqual(['BAD_USER_INPUT']);

    const simple = engine.prepare('{ users(limit: 1) { id } }');
    if (!simple.ok) throw new Error(simple.body);
    expect((await simple.execute()).body).toBe('{"data":{"users":[{"id":1}]}}');
  }, 60_000);

  it('is refused under the most aliases a document may have (500,000 values)', async () => {
    const engine = createEngine({ schema: await demoSchema({}) });
    const wide = engine.prepare(aliased(100));
    if (!wide.ok) throw new Error(wide.body);
    const outcome = await wide.execute({ variables: { w: where } });
    expect(outcome.errorCodes).toEqual(['BAD_USER_INPUT']);
  });

  it('answers the same variable under aliases while the statement stays within the bound', async () => {
    const engine = createEngine({ schema: await demoSchema({}) });
    const few = engine.prepare(aliased(2));
    if (!few.ok) throw new Error(few.body);
    const outcome = await few.execute({ variables: { w: where } });
    expect(outcome.errorCodes).toEqual([]);
    expect(JSON.parse(outcome.body)).toEqual({ data: { a0: [{ id: 1 }], a1: [{ id: 1 }] } });
  });
});
