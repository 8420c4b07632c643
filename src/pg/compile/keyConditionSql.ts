import { sql } from '../sql/sql.js';
import type { SqlNode } from '../sql/SqlNode.js';
import type { ColumnModel } from '../schema/Model.js';
import { columnOperand, columnRef, operandSql } from './columnSql.js';
import { keyValueSql } from './opaqueText.js';
import { Param } from './Param.js';
import type { ArgValue } from './readArgument.js';
import { arrayLiteral } from './whereSql.js';

/**
 * A key argument (a lookup's, an update's or a delete's by key) as a condition on the column of
 * the row `alias`. An array (`[Int]!` for an `int[]` key) travels as the text of its literal, read
 * as the column's array type, as a cursor's or node id's key does: every driver sends text, not
 * every driver an array of the element type. The argument is null only while its variable is
 * absent (the statement built at plan time): then no row.
 */
export function keyConditionSql(alias: string, column: ColumnModel, key: ArgValue | undefined) {
  const value = key instanceof Param ? columnOperand(column, key) : null;
  const operand = !column.isArray
    ? operandSql(column, value)
    : keyValueSql(value === null ? sql`${null}` : value.map(arrayLiteral), column);
  return sql`${columnRef(alias, column)} = ${operand}` as SqlNode;
}
