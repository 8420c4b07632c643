import { join, sql } from '../sql/sql.js';
import type { SqlNode } from '../sql/SqlNode.js';
import type { ColumnModel } from '../schema/Model.js';
import { columnType } from './columnSql.js';
import type { Param } from './Param.js';

/**
 * What cursors and Relay global ids are made of: base64 of the JSON array of some texts, written
 * by PostgreSQL (`replace(encode(convert_to(json_build_array(…)::text, 'UTF8'), 'base64'),
 * chr(10), '')`: base64's line breaks removed), read back by `readOpaqueText`.
 */
export function opaqueTextSql(parts: ReadonlyArray<SqlNode>): SqlNode {
  return sql`replace(encode(convert_to(json_build_array(${join(parts)})::text, 'UTF8'), 'base64'), chr(10), '')`;
}

/**
 * A column's value as text that keeps it exact (int8, numeric, timestamps) and that
 * `textProblem` can check: dates and times in JSON's ISO 8601 form, which does not depend on the
 * session's DateStyle; everything else (an array too: its literal, `{1,2}`) its cast to text.
 */
export function keyTextSql(ref: SqlNode, column: ColumnModel): SqlNode {
  return (column.scalar === 'Datetime' || column.scalar === 'Date') && !column.isArray
    ? sql`to_json(${ref}) #>> '{}'`
    : sql`${ref}::text`;
}

/** A `keyTextSql` text (a parameter) read back as the column's type, an array type for an array. */
export function keyValueSql(text: SqlNode | Param, column: ColumnModel): SqlNode {
  return column.isArray
    ? sql`${text}::text::${columnType(column)}[]`
    : sql`${text}::text::${columnType(column)}`;
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** The JSON value base64 `text` holds, or undefined when it holds none. */
export function parseOpaqueText(text: string): unknown {
  if (!BASE64.test(text)) return undefined;
  try {
    return JSON.parse(Buffer.from(text, 'base64').toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
}

/** Whether an `opaqueTextSql` value's JSON is what it writes: a non-empty array of texts or nulls. */
export function isOpaqueTexts(values: unknown): values is Array<string | null> {
  return (
    Array.isArray(values) &&
    values.length > 0 &&
    values.every((v) => v === null || typeof v === 'string')
  );
}
