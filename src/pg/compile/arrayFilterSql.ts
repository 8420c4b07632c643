import { identifier, sql } from '../sql/sql.js';
import type { SqlNode } from '../sql/SqlNode.js';
import type { ColumnModel, ModelLimits } from '../schema/Model.js';
import { columnOperand } from './columnSql.js';
import type { Param } from './Param.js';

/**
 * An operator of `<Element>ListFilter` as a condition on the array column `ref`, in the forms a
 * GIN index on the column serves (the default `array_ops` serves `@>`, `<@`, `&&`). `anyEqualTo`
 * is `value = ANY(column)` written as `column @> {value}`: the same rows (neither matches a NULL
 * element), but the index serves only the operator form. The values travel as one text parameter
 * in PostgreSQL's array syntax, cast to the column's array type, as `in` does; the lists count
 * toward `maxListLength`.
 *
 * An array of a domain is compared as an array of the domain's base type, the column cast to it
 * too (PostgreSQL has no `posint[] @> int4[]`), as a column of a domain is compared as its base
 * type: cast to the domain's array, a value its CHECK refuses would fail the whole read
 * (CHECK_VIOLATION), where it is one no row holds and so matches nothing. A GIN index on the
 * column then no longer serves the condition; one on `((col::int4[]))` does.
 */
export function arrayCondition(
  limits: ModelLimits,
  ref: SqlNode,
  column: ColumnModel,
  op: string,
  operand: Param,
  listParam: (limits: ModelLimits, param: Param) => Param,
): SqlNode | undefined {
  const { type } = column.column;
  const element = identifier(type.schema, type.name);
  const subject = type.sqlType ? sql`${ref}::${element}[]` : ref;
  const values = () =>
    sql`${listParam(limits, columnOperand(column, operand))}::text::${element}[]`;
  switch (op) {
    case 'contains':
    case 'anyEqualTo':
      return sql`${subject} @> ${values()}`;
    case 'containedIn':
      return sql`${subject} <@ ${values()}`;
    case 'overlaps':
      return sql`${subject} && ${values()}`;
    default:
      return undefined;
  }
}
