import { compileSql, quoteIdentifier } from '../sql/compileSql.js';
import type { SqlNode } from '../sql/SqlNode.js';

/** A parameter's type, as probeParamTypes read it from pg_prepared_statements. */
export interface ParamType {
  readonly schema: string;
  readonly name: string;
  /** pg_type.typcategory: `A` array, `U` user-defined (json, jsonb are `U`). */
  readonly category: string;
}

/** The alias of one subscriber's values in a multiplexed statement: `"sluice_m"."v"`. */
export const SUBSCRIBER_VALUES = '"sluice_m"."v"';

/**
 * The text of `node` with every parameter read from one subscriber's values instead: the k-th
 * parameter `shared` does not claim becomes `SUBSCRIBER_VALUES -> k`, cast to the type
 * PostgreSQL inferred for it in the single statement (`types`, one per parameter, in order).
 * `shared` names the parameters every subscriber shares (a batch's keys) by their placeholder.
 * The caller joins it laterally to `jsonb_array_elements(<all subscribers' values>)`.
 */
export function perSubscriberText(
  node: SqlNode,
  types: ReadonlyArray<ParamType>,
  shared: (value: unknown) => string | undefined,
): string {
  const m = SUBSCRIBER_VALUES;
  // compileSql meets the values in the order it numbered them: the k-th is values[k], types[k].
  let index = -1;
  let position = 0;
  return compileSql(node, (v) => {
    index += 1;
    const placeholder = shared(v);
    if (placeholder !== undefined) return placeholder;
    position += 1;
    const type = types[index];
    if (type === undefined) throw new Error('A parameter of the multiplexed statement has no type');
    const cast = `${quoteIdentifier(type.schema)}.${quoteIdentifier(type.name)}`;
    const i = String(position - 1);
    if (type.schema === 'pg_catalog' && (type.name === 'json' || type.name === 'jsonb'))
      return `(${m}->${i})::${cast}`;
    if (type.category === 'A')
      return `(CASE WHEN jsonb_typeof(${m}->${i}) = 'array' THEN ARRAY(SELECT jsonb_array_elements_text(${m}->${i}))::${cast} ELSE (${m}->>${i})::${cast} END)`;
    return `(${m}->>${i})::${cast}`;
  }).text;
}
