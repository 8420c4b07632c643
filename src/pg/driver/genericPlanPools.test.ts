import { describe, expect, it } from 'vitest';
import { AUTO_PLANS, batchPlans, CUSTOM_PLANS, GENERIC_PLANS } from './genericPlanPools.js';

const auto = { text: 'write', values: [], genericPlan: true };
const fixed = { text: 'read-back by keys', values: [], fixedPlan: true };
const custom = { text: 'read-back with a LIMIT parameter', values: [] };

describe('batchPlans', () => {
  it('runs a batch that starts with a generic-plan statement on those connections, switching where a statement needs another mode', () => {
    expect(batchPlans([auto, auto], true)).toEqual({ generic: true, switches: [] });
    expect(batchPlans([auto, custom], true)).toEqual({
      generic: true,
      switches: [{ at: 1, statement: CUSTOM_PLANS }],
    });
    expect(batchPlans([auto, fixed], true)).toEqual({
      generic: true,
      switches: [{ at: 1, statement: GENERIC_PLANS }],
    });
    // Several fields: a write after forced generic plans gets `auto` back; one after custom
    // plans runs with them; each read-back gets its own mode.
    expect(batchPlans([auto, fixed, auto, custom, auto, fixed, auto, fixed], true)).toEqual({
      generic: true,
      switches: [
        { at: 1, statement: GENERIC_PLANS },
        { at: 2, statement: AUTO_PLANS },
        { at: 3, statement: CUSTOM_PLANS },
        { at: 5, statement: GENERIC_PLANS },
        { at: 6, statement: AUTO_PLANS },
        { at: 7, statement: GENERIC_PLANS },
      ],
    });
    // A delete (custom) after a fixed read-back, then a fixed one: a switch before each.
    expect(batchPlans([auto, fixed, custom, fixed], true).switches.map((s) => s.at)).toEqual([
      1, 2, 3,
    ]);
    // A flat read-back (may run under either) keeps forced generic plans.
    const both = { text: 'flat read-back', values: [], genericPlan: true, fixedPlan: true };
    expect(batchPlans([auto, fixed, both], true).switches.map((s) => s.at)).toEqual([1]);
  });

  it('leaves a batch as it is on the main connections', () => {
    expect(batchPlans([custom, fixed], true)).toEqual({ generic: false, switches: [] });
    expect(batchPlans([auto, fixed, custom], false)).toEqual({ generic: false, switches: [] });
    expect(batchPlans([], true)).toEqual({ generic: false, switches: [] });
  });

  it('switches with transaction-local settings', () => {
    expect(GENERIC_PLANS.values).toEqual(['plan_cache_mode', 'force_generic_plan']);
    expect(AUTO_PLANS.values).toEqual(['plan_cache_mode', 'auto']);
    expect(CUSTOM_PLANS.values).toEqual(['plan_cache_mode', 'force_custom_plan']);
    expect(GENERIC_PLANS.text).toMatch(/set_config\(\$1, \$2, true\)/);
  });
});
