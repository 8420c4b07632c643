import {
  SESSION_SETTINGS,
  type BatchStatement,
  type PoolOptions,
  type SetupStatement,
} from './SqlClient.js';

/**
 * The pools that run statements marked `QueryOptions.genericPlan`: pools of their own whose
 * connections have `plan_cache_mode = auto`, made by `open` with that setting over the
 * connections' others. Sluice's
 * connections force custom plans because a nested, per-parent `LIMIT $n` gets a bad generic
 * plan; a statement that binds no value per row of a nested level has no such parameter, and
 * re-planning one over one table on every execution was a third of its backend CPU (docs/pg.md,
 * "Generic plans where no value is bound per parent row").
 *
 * `plan_cache_mode` is a setting of the connection, and setting it per request (`SET LOCAL` in a
 * transaction of its own) cost more than the planning it saves; so the statements of each mode
 * go to connections that stay in it. When the pool's own `settings` name `plan_cache_mode` (a
 * value, or null for the server's), every statement runs with that: `main` is returned.
 */
export function genericPlanPools<P>(
  options: PoolOptions,
  main: P,
  open: (connection: Record<string, string>) => P,
): P {
  if (options.settings !== undefined && 'plan_cache_mode' in options.settings) return main;
  return open({ plan_cache_mode: 'auto' });
}

/**
 * Sets `plan_cache_mode` for the rest of a transaction on a generic-plan connection
 * (transaction-local: COMMIT or ROLLBACK restores `auto`). One prepared text for every mode.
 */
function planSwitch(mode: string): SetupStatement {
  return { text: 'SELECT set_config($1, $2, true)', values: ['plan_cache_mode', mode] };
}

/** The main connections' mode: custom plans. */
export const CUSTOM_PLANS = planSwitch(SESSION_SETTINGS['plan_cache_mode']!);
/** Generic plans forced. */
export const GENERIC_PLANS = planSwitch('force_generic_plan');
/** The generic-plan connections' own mode back. */
export const AUTO_PLANS = planSwitch('auto');

const SWITCHES = { auto: AUTO_PLANS, custom: CUSTOM_PLANS, generic: GENERIC_PLANS } as const;

/** A plan mode switch sent before statement `at` of a batch. */
export interface PlanSwitch {
  readonly at: number;
  readonly statement: SetupStatement;
}

/**
 * How a transaction batch (SqlClient.transactionBatch) uses the plan cache modes. A mutation's
 * write is planned the same whatever its values (arrays of unknown length), and so are the
 * foreign-key checks PostgreSQL runs for each row it inserts, re-planned for every row under
 * custom plans; a read-back with a per-parent `LIMIT $n` needs custom plans, and one whose plan
 * depends on its key arrays alone is best planned once (docs/pg-mutations.md, "Plans"). So a
 * batch whose first statement is marked `genericPlan` runs on a generic-plan connection (`auto`),
 * and before each statement that needs another mode than the one in force goes a switch:
 * GENERIC_PLANS before one marked `fixedPlan` alone, CUSTOM_PLANS before one marked neither way,
 * AUTO_PLANS before one marked `genericPlan` alone while generic plans are forced (it may run
 * under a generic plan where `auto` weighs it against custom ones, not under a forced one). A
 * statement marked `genericPlan` runs under custom plans once they are in force, as it does on
 * the main connections. A field's write and read-back: one switch at most; each later field may
 * add one before each of its statements.
 *
 * `separate`: whether there are generic-plan connections at all (genericPlanPools did not return
 * the main pool); without them, the batch runs on the main connections as it is.
 */
export function batchPlans(
  batch: ReadonlyArray<BatchStatement>,
  separate: boolean,
): { readonly generic: boolean; readonly switches: ReadonlyArray<PlanSwitch> } {
  if (!separate || batch[0]?.genericPlan !== true) return { generic: false, switches: [] };
  const switches: PlanSwitch[] = [];
  let mode: keyof typeof SWITCHES = 'auto';
  batch.forEach((statement, at) => {
    const wanted = wantedMode(statement, mode);
    if (wanted === mode) return;
    switches.push({ at, statement: SWITCHES[wanted] });
    mode = wanted;
  });
  return { generic: true, switches };
}

/** The mode `statement` runs in when `mode` is in force (batchPlans). */
function wantedMode(statement: BatchStatement, mode: keyof typeof SWITCHES): keyof typeof SWITCHES {
  const fixed = statement.fixedPlan === true;
  if (statement.genericPlan === true) {
    if (mode === 'generic') return fixed ? 'generic' : 'auto';
    return mode;
  }
  return fixed ? 'generic' : 'custom';
}
