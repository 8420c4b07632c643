import { sql } from '../sql/sql.js';
import type { SqlNode } from '../sql/SqlNode.js';
import type { ColumnModel, ModelLimits } from '../schema/Model.js';
import type { Param } from './Param.js';

/**
 * A JSON operator of `JSONFilter` as a condition on `ref`, in the form a GIN index on a jsonb
 * column serves (`jsonb_ops` serves `@>`, `?`, `?|`, `?&`; `<@` no index serves). A `json`
 * column is cast to jsonb first (then only an expression index on `(col::jsonb)` serves it).
 * Values travel as text parameters: the JSON document's text, a key, or an array literal of keys.
 */
export function jsonCondition(
  limits: ModelLimits,
  ref: SqlNode,
  column: ColumnModel,
  op: string,
  operand: Param,
  listParam: (limits: ModelLimits, param: Param) => Param,
): SqlNode | undefined {
  const doc = column.column.type.name === 'jsonb' ? ref : sql`${ref}::jsonb`;
  const json = () => operand.map((value) => JSON.stringify(value));
  switch (op) {
    case 'contains':
      return sql`${doc} @> ${json()}::text::jsonb`;
    case 'containedIn':
      return sql`${doc} <@ ${json()}::text::jsonb`;
    case 'hasKey':
      return sql`${doc} ? ${operand}::text`;
    case 'hasAnyKeys':
      return sql`${doc} ?| ${listParam(limits, operand)}::text::text[]`;
    case 'hasAllKeys':
      return sql`${doc} ?& ${listParam(limits, operand)}::text::text[]`;
    default:
      return undefined;
  }
}
