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
 * plan; a statement over one table has no such parameter, and re-planning it on every execution
 * was a third of its backend CPU (docs/pg.md, "Generic plans for flat statements").
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
 * Sets the main connections' plan cache mode for the rest of a transaction on a generic-plan
 * connection (transaction-local: COMMIT or ROLLBACK restores `auto`).
 */
export const CUSTOM_PLANS: SetupStatement = {
  text: 'SELECT set_config($1, $2, true)',
  values: ['plan_cache_mode', SESSION_SETTINGS['plan_cache_mode']],
};

/**
 * How a transaction batch (SqlClient.transactionBatch) uses the plan cache modes. A mutation's
 * write is planned the same whatever its values (arrays of unknown length), and so are the
 * foreign-key checks PostgreSQL runs for each row it inserts, re-planned for every row under
 * custom plans; its read-back, with per-parent `LIMIT $n`, needs custom plans (docs/pg-mutations.md,
 * "Plans"). So a batch whose first statement is marked `genericPlan` runs on a generic-plan
 * connection, and CUSTOM_PLANS is sent before the first statement that is not marked (`switchAt`,
 * or -1): every statement from there on, marked or not, runs with custom plans. One mode switch
 * per transaction at most.
 *
 * `separate`: whether there are generic-plan connections at all (genericPlanPools did not return
 * the main pool); without them, the batch runs on the main connections as it is.
 */
export function batchPlans(
  batch: ReadonlyArray<BatchStatement>,
  separate: boolean,
): { readonly generic: boolean; readonly switchAt: number } {
  if (!separate || batch[0]?.genericPlan !== true) return { generic: false, switchAt: -1 };
  return { generic: true, switchAt: batch.findIndex((s) => s.genericPlan !== true) };
}
