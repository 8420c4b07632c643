import { buildSchema } from 'graphql';
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../src/engine/index.js';

// A schema of 60 object types of 15 fields each (a small reflected database has more).
const types = Array.from(
  { length: 60 },
  (_, t) =>
    `type T${t} { ${Array.from({ length: 15 }, (_, f) => `f${f}(a: Int, b: String): T${(t + f) % 60}`).join(' ')} }`,
);
const schema = buildSchema(`type Query { t0: T0 }\n${types.join('\n')}`);

/**
 * Introspection costs 1 where it is bounded by the schema, but an alias under `__schema` or
 * `__type` repeats a whole subtree, and aliases at several levels multiply: 9 × 10 aliases (under
 * maxAliases), a 4.6 KB document whose cost was estimated at 1, wrote 300 MB.
 */
const FRAGMENTS = `
fragment R on __Type { name kind ofType { name kind ofType { name kind ofType { name kind } } } }
fragment D on __Type { name kind description fields { name description args { name type { ...R } } type { ...R } } }
fragment F on __Field { name description args { name description type { ...R } } type { ...D ofType { ...D ofType { ...D } } } }`;
const typesSelection = (i: number) =>
  `t${i}: types { name ${Array.from({ length: 10 }, (_, j) => `f${j}: fields { ...F }`).join(' ')} }`;
const query = `{ __schema { ${Array.from({ length: 9 }, (_, i) => typesSelection(i)).join(' ')} } }${FRAGMENTS}`;

describe('introspection under aliases', () => {
  it('is refused by the cost limit instead of writing tens of megabytes', async () => {
    const engine = createEngine({ schema });
    const prepared = engine.prepare(query);
    expect(prepared.ok ? '' : prepared.body).toBe('');
    if (!prepared.ok) return;
    const outcome = await prepared.execute();
    expect(outcome.errorCodes).toEqual(['COST_LIMIT_EXCEEDED']);
  }, 60_000);

  it('the same selection without aliases is answered (GraphiQL-like introspection stays cheap)', async () => {
    const engine = createEngine({ schema });
    const single = `{ __schema { types { name fields { ...F } } } }${FRAGMENTS}`;
    const prepared = engine.prepare(single);
    if (!prepared.ok) throw new Error(prepared.body);
    const outcome = await prepared.execute();
    expect(outcome.errorCodes).toEqual([]);
  });

  it('answers several types fetched by aliased __type, and refuses aliases inside one', async () => {
    const engine = createEngine({ schema });
    const byName = engine.prepare(
      '{ a: __type(name: "T1") { name fields { name } } b: __type(name: "T2") { name } }',
    );
    if (!byName.ok) throw new Error(byName.body);
    const answered = await byName.execute();
    expect(answered.errorCodes).toEqual([]);
    expect(JSON.parse(answered.body).data.b).toEqual({ name: 'T2' });
    const inside = engine.prepare(
      '{ __type(name: "T1") { a: fields { type { b: fields { name } c: fields { name } } } } }',
    );
    if (!inside.ok) throw new Error(inside.body);
    expect((await inside.execute()).errorCodes).toEqual(['COST_LIMIT_EXCEEDED']);
  });
});
