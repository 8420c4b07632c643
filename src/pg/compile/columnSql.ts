import { identifier, join, sql } from '../sql/sql.js';
import type { SqlNode } from '../sql/SqlNode.js';
import type { CatalogTable } from '../catalog/Catalog.js';
import type { ColumnModel } from '../schema/Model.js';
import { narrowerThanScalar, operandProblem } from '../schema/pgInput.js';
import type { BuildContext } from './BuildContext.js';
import { badInput, type Param } from './Param.js';

/** The column as PostgreSQL names it on the row of `alias`, as comparisons read it (comparable). */
export function columnRef(alias: string, column: ColumnModel): SqlNode {
  return comparable(identifier(alias, column.name), column);
}

/**
 * A column's value `ref` as comparisons read it. A column of a domain over an enum is cast to
 * the enum: PostgreSQL finds no `=`, `<`, … (nor min/max) for the domain, whose value the enum's
 * operators only take once cast.
 */
export function comparable(ref: SqlNode, column: ColumnModel): SqlNode {
  const { type } = column.column;
  return type.isEnum && type.isDomain && !column.isArray ? sql`${ref}::${columnType(column)}` : ref;
}

/**
 * The column's value as it must appear in the response JSON: int8/numeric and types without a
 * JSON form as text (JSON numbers would lose precision in JavaScript), enum labels translated to
 * GraphQL value names when they differ (json mode only; in value mode the engine serializes them).
 */
export function columnJson(context: BuildContext, alias: string, column: ColumnModel): SqlNode {
  return valueJson(context, columnRef(alias, column), column);
}

export function valueJson(context: BuildContext, ref: SqlNode, column: ColumnModel): SqlNode {
  if (column.scalar === 'Float') context.sawFloat.value = true;
  if (column.scalar === 'Float' || column.scalar === 'JSON') context.sawLoose.value = true;
  const e = column.enumModel;
  if (e && !e.identity && context.mode === 'json') {
    // Compared as text: an element of an array of a domain over the enum has no `=` of its own.
    const translate = (x: SqlNode) =>
      sql`CASE ${x}::text ${join(
        [...e.values].map(([name, label]) => sql`WHEN ${label} THEN ${name}`),
        ' ',
      )} END`;
    return column.isArray ? eachElement(ref, translate) : translate(ref);
  }
  if (column.textForm === 'cast') return column.isArray ? sql`${ref}::text[]` : sql`${ref}::text`;
  if (column.textForm === 'output') {
    // The type's own output function, as PostgreSQL writes the value (`10.0.0.1`, where the
    // cast to text gives `10.0.0.1/32`). Output functions are strict: NULL stays NULL.
    const output = (x: SqlNode) => sql`${identifier(...column.column.type.output)}(${x})::text`;
    return column.isArray ? eachElement(ref, output) : output(ref);
  }
  return ref;
}

/**
 * The array `ref` with `f` applied to each element, in order; NULL stays NULL. The elements are
 * unnested in the select list, beside their positions: in FROM, `unnest` of an array of a
 * composite type would give the composite's columns instead of one column of its values.
 */
function eachElement(ref: SqlNode, f: (element: SqlNode) => SqlNode): SqlNode {
  return sql`CASE WHEN ${ref} IS NULL THEN NULL ELSE (SELECT coalesce(array_agg(${f(sql`x.e`)} ORDER BY x.o), '{}') FROM (SELECT unnest(${ref}) AS e, generate_series(1, cardinality(${ref})) AS o) AS x) END`;
}

/**
 * A table as a statement reads, updates or deletes its rows: `"public"."users"`, or `ONLY
 * "public"."users"` for a table others `INHERIT` from, whose rows would otherwise include its
 * children's, which its primary key and unique constraints do not cover (a lookup by key would
 * find two rows) and a foreign key to it never points at. (INSERT takes no ONLY: it writes the
 * table alone.)
 */
export function relationSql(
  table: Pick<CatalogTable, 'schema' | 'name' | 'inheritanceParent'>,
): SqlNode {
  const name = identifier(table.schema, table.name);
  return table.inheritanceParent === true ? sql`ONLY ${name}` : name;
}

/** The column's SQL type, for casts of text parameters (`$1::text::"pg_catalog"."int4"`). */
export function columnType(column: ColumnModel): SqlNode {
  const { type } = column.column;
  return type.sqlType ? identifier(...type.sqlType) : identifier(type.schema, type.name);
}

/**
 * A value compared with the column as SQL: for a type written by its output function (`bytea`,
 * `interval`, `inet`, …), its text read by the type's input function (`$1::text::"bytea"`), so no
 * driver encodes the String as that type's parameter itself (postgres.js sends a bytea parameter as
 * the bytes of the string's UTF-8, PGlite refuses a string for it); else the parameter alone.
 */
export function operandSql(column: ColumnModel, value: Param | SqlNode | null): SqlNode {
  return column.textForm === 'output' && !column.isArray
    ? sql`${value}::text::${columnType(column)}`
    : sql`${value}`;
}

/**
 * A value compared with the column, refused (BAD_USER_INPUT) when the column's type cannot hold
 * it although its GraphQL scalar can: an Int beyond int2, a Float beyond float4.
 */
export function columnOperand(column: ColumnModel, param: Param): Param {
  // Decided here, once per statement: most columns hold whatever their scalar does.
  if (!narrowerThanScalar(column)) return param;
  return param.map((value) => {
    const problem = operandProblem(column, value);
    if (problem !== undefined) {
      throw badInput(
        `"${column.fieldName}" is ${column.column.type.name}: it cannot be compared with ${problem}.`,
      );
    }
    return value;
  });
}
