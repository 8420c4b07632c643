import type { PoolOptions } from './SqlClient.js';

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
