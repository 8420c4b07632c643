import { sql } from '../sql/sql.js';
import type { SqlNode } from '../sql/SqlNode.js';
import type { ColumnModel, ModelLimits } from '../schema/Model.js';
import { columnOperand, columnType } from './columnSql.js';
import type { Param } from './Param.js';

/**
 * An operator of `<Element>ListFilter` as a condition on the array column `ref`, in the forms a
 * GIN index on the column serves (the default `array_ops` serves `@>`, `<@`, `&&`). `anyEqualTo`
 * is `value = ANY(column)` written as `column @> {value}`: the same rows (neither matches a NULL
 * element), but the index serves only the operator form. The values travel as one text parameter
 * in PostgreSQL's array syntax, cast to the column's array type, as `in` does; the lists count
 * toward `maxListLength`.
 */
export function arrayCondition(
  limits: ModelLimits,
  ref: SqlNode,
  column: ColumnModel,
  op: string,
  operand: Param,
  listParam: (limits: ModelLimits, param: Param) => Param,
): SqlNode | undefined {
  const values = () =>
    sql`${listParam(limits, columnOperand(column, operand))}::text::${columnType(column)}[]`;
  switch (op) {
    case 'contains':
    case 'anyEqualTo':
      return sql`${ref} @> ${values()}`;
    case 'containedIn':
      return sql`${ref} <@ ${values()}`;
    case 'overlaps':
      return sql`${ref} && ${values()}`;
    default:
      return undefined;
  }
}
