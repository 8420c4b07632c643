import { buildSchema, GraphQLError, parse, type DocumentNode } from 'graphql';
import { describe, expect, it } from 'vitest';
import { createExecutor } from '../createExecutor.js';
import { getOperationPlan } from '../plan/OperationPlan.js';
import type { SelectionPlan } from '../plan/SelectionPlan.js';
import { DEFAULT_SETTINGS, settingsOf } from './ExecutionOptions.js';

const schema = buildSchema('type Query { rows: [Row] } type Row { a: String b: Int }');
const rows = Array.from({ length: 4 }, (_, i) => ({ a: `r${i}`, b: i }));

/** The selection plan of `rows` items, as the executors left it. */
function rowSelection(document: DocumentNode): SelectionPlan {
  const plan = getOperationPlan(schema, document, undefined);
  if (plan instanceof GraphQLError) throw plan;
  const root = [...plan.variants.values()][0]!;
  return root.fields[0]!.lastSubselection!;
}

describe('ExecutionOptions', () => {
  it('generates code after codegenAfter objects, and never with codegen off', () => {
    const args = (document: DocumentNode) => ({ schema, document, rootValue: { rows } });
    const expected = JSON.stringify({ data: { rows } });

    const eager = parse('{ rows { a b } }');
    expect(createExecutor({ codegenAfter: 1 }).executeJSON(args(eager))).toBe(expected);
    expect(typeof rowSelection(eager).textWriter).toBe(
      DEFAULT_SETTINGS.codegen ? 'function' : 'undefined',
    );

    const off = parse('{ rows { a b } }');
    const interpreted = createExecutor({ codegen: false, codegenAfter: 1 });
    for (let i = 0; i < 3; i++) {
      expect(interpreted.executeJSON(args(off))).toBe(expected);
      expect(interpreted.execute(args(off))).toEqual({ data: { rows } });
    }
    expect(rowSelection(off).textWriter).toBeUndefined();
    expect(rowSelection(off).objectBuilder).toBeUndefined();

    const lazy = parse('{ rows { a b } }');
    createExecutor({ codegenAfter: 100 }).executeJSON(args(lazy));
    expect(rowSelection(lazy).textWriter).toBeUndefined();
    expect(rowSelection(lazy).textWrites).toBe(rows.length);
  });

  it('fills in the defaults, and refuses a threshold that is not a positive integer', () => {
    expect(settingsOf(undefined)).toBe(DEFAULT_SETTINGS);
    expect(settingsOf({ objectLists: { minItems: 1 } }).objectLists).toEqual({
      ...DEFAULT_SETTINGS.objectLists,
      minItems: 1,
    });
    for (const codegenAfter of [0, -1, 1.5, Number.NaN]) {
      expect(() => settingsOf({ codegenAfter })).toThrow(RangeError);
    }
  });
});
