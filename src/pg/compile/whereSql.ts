import { identifier, join, sql } from '../sql/sql.js';
import type { SqlNode } from '../sql/SqlNode.js';
import type { ColumnModel, ModelLimits, RelationModel, TableModel } from '../schema/Model.js';
import type { BuildContext } from './BuildContext.js';
import { columnOperand, columnRef, columnType, operandSql, relationSql } from './columnSql.js';
import { arrayCondition } from './arrayFilterSql.js';
import { jsonCondition } from './jsonFilterSql.js';
import { textSearchCondition } from './textSearchSql.js';
import { badInput, filterTooDeep, Param } from './Param.js';
import type { ArgValue } from './readArgument.js';

const TRUE = sql`TRUE`;
const FALSE = sql`FALSE`;

/**
 * A `where` argument as a SQL condition on the row `alias` of `table`, or undefined when it sets
 * none. Operators given null are no condition (so optional variables can switch a filter off);
 * `isNull` tests for NULL. Comparisons follow SQL: a NULL column matches no comparison.
 *
 * `depth` counts the where objects down to this one (ModelOptions.maxFilterDepth): a filter
 * nested deeper is refused here, before its SQL grows past that depth.
 */
export function whereSql(
  context: BuildContext,
  table: TableModel,
  alias: string,
  where: ArgValue,
  depth = 1,
): SqlNode | undefined {
  const { limits } = context.model;
  return filterSql(limits, 'where', where, depth, (field, value, inner) => {
    const column = table.columns.get(field);
    if (column) return columnConditions(limits, columnRef(alias, column), column, value);
    const relation = table.relationFilters.get(field);
    if (!relation) return [];
    const condition = relationCondition(context, relation, alias, value, inner);
    return condition ? [condition] : [];
  });
}

/**
 * A filter object as a SQL condition: `and`, `or` and `not` combine filters of the same kind
 * (nested one level deeper each), `field` gives the conditions of any other field set (`depth`
 * the depth of a filter nested through it); undefined when it sets none. Null fields are no
 * condition. A filter deeper than ModelOptions.maxFilterDepth is refused here (naming `argument`), before its SQL
 * grows past that depth. `where` and an aggregate's `having` are both such filters.
 */
export function filterSql(
  limits: ModelLimits,
  argument: 'where' | 'having',
  filter: ArgValue,
  depth: number,
  field: (name: string, value: ArgValue, depth: number) => SqlNode[],
): SqlNode | undefined {
  if (filter === null || !isObject(filter)) return undefined;
  if (depth > limits.maxFilterDepth) throw filterTooDeep(limits.maxFilterDepth, argument);
  const conditions: SqlNode[] = [];
  for (const [name, value] of Object.entries(filter)) {
    if (value === null) continue;
    if (name === 'and' || name === 'or') {
      // An item that sets no condition holds for every row: `and` leaves it out, and an `or`
      // holding one sets no condition itself, as `and: []` does. Written as TRUE instead, it
      // would be a condition: `not` would turn it into FALSE, and an update or delete would reach
      // every row past the UNFILTERED_WRITE check.
      const parts = (value as ArgValue[]).map((item) =>
        filterSql(limits, argument, item, depth + 1, field),
      );
      const set = parts.filter((part): part is SqlNode => part !== undefined);
      if (name === 'and') {
        if (set.length > 0) conditions.push(sql`(${join(set, ' AND ')})`);
      } else if (set.length === parts.length) {
        conditions.push(set.length === 0 ? FALSE : sql`(${join(set, ' OR ')})`);
      }
      continue;
    }
    if (name === 'not') {
      const inner = filterSql(limits, argument, value, depth + 1, field);
      // `not: { or: [] }` holds for every row: no condition either.
      if (inner && inner !== FALSE) conditions.push(sql`NOT (${inner})`);
      continue;
    }
    conditions.push(...field(name, value, depth + 1));
  }
  if (conditions.length === 0) return undefined;
  return conditions.length === 1 ? conditions[0] : join(conditions, ' AND ');
}

/**
 * The conditions of a column's filter (`{ gt: 3, lt: 9 }`) on `ref`, the column's value or an
 * aggregate of it (`column` then describes the aggregate's value: its type and operators).
 */
export function columnConditions(
  limits: ModelLimits,
  ref: SqlNode,
  column: ColumnModel,
  filter: ArgValue,
): SqlNode[] {
  if (!isObject(filter)) return [];
  const out: SqlNode[] = [];
  for (const [op, operand] of Object.entries(filter)) {
    if (operand === null) continue;
    if (op === 'isNull') {
      // The Boolean stays a parameter, so true and false share one statement. A composite's
      // `IS NULL` holds when each of its fields is NULL, although the value is not (the response
      // shows `(,)`): a composite (written by record_out) is tested as one value. Other types keep
      // `IS NULL`, which an index serves.
      const test = isComposite(column)
        ? sql`${ref} IS NOT DISTINCT FROM NULL`
        : sql`${ref} IS NULL`;
      out.push(sql`(${test}) = ${operand as Param}`);
      continue;
    }
    if (op === 'matches' && column.textSearch) {
      out.push(textSearchCondition(limits, ref, column.textSearch, operand as Param));
      continue;
    }
    if (column.isArray) {
      const condition = arrayCondition(limits, ref, column, op, operand as Param, listParam);
      if (condition) out.push(condition);
      continue;
    }
    if (column.scalar === 'JSON') {
      const condition = jsonCondition(limits, ref, column, op, operand as Param, listParam);
      if (condition) out.push(condition);
      continue;
    }
    const param = columnOperand(column, operand as Param);
    const typed = operandSql(column, param);
    switch (op) {
      case 'eq':
        out.push(sql`${ref} = ${typed}`);
        break;
      case 'neq':
        out.push(sql`${ref} <> ${typed}`);
        break;
      case 'lt':
        out.push(sql`${ref} < ${typed}`);
        break;
      case 'lte':
        out.push(sql`${ref} <= ${typed}`);
        break;
      case 'gt':
        out.push(sql`${ref} > ${typed}`);
        break;
      case 'gte':
        out.push(sql`${ref} >= ${typed}`);
        break;
      // Lists travel as one text parameter in PostgreSQL's array syntax, cast to the column's
      // array type: every driver can send text, not every driver knows an enum's array type.
      case 'in':
        out.push(sql`${ref} = ANY(${listParam(limits, param)}::text::${columnType(column)}[])`);
        break;
      case 'notIn':
        out.push(sql`${ref} <> ALL(${listParam(limits, param)}::text::${columnType(column)}[])`);
        break;
      case 'like':
        out.push(sql`${patternSubject(ref, column)} LIKE ${patternParam(limits, param)}`);
        break;
      case 'ilike':
        out.push(sql`${patternSubject(ref, column)} ILIKE ${patternParam(limits, param)}`);
        break;
    }
  }
  return out;
}

/**
 * What `like`/`ilike` match: the column's text as the response shows it. A `String` that stands
 * for another type (`inet`, `interval`, `bytea`, a composite, …) is its output function's text;
 * most such types have no LIKE at all, and bytea's would match the bytes of the pattern read as
 * bytea, not the `\\x…` text.
 */
function patternSubject(ref: SqlNode, column: ColumnModel): SqlNode {
  return column.textForm === 'output'
    ? sql`${identifier(...column.column.type.output)}(${ref})::text`
    : ref;
}

/** `in`/`notIn` (and JSON `hasAnyKeys`/`hasAllKeys`) values as one array literal, at most `maxListLength` of them. */
function listParam(limits: ModelLimits, param: Param): Param {
  return param.map((list) => {
    const length = Array.isArray(list) ? list.length : 1;
    if (length > limits.maxListLength) {
      throw badInput(
        `A list operator takes at most ${limits.maxListLength} values (got ${length}).`,
      );
    }
    return arrayLiteral(list);
  });
}

/** A LIKE pattern of at most `maxPatternLength` characters (code points, as PostgreSQL counts). */
function patternParam(limits: ModelLimits, param: Param): Param {
  return param.map((pattern) => {
    // A string has at least as many UTF-16 units as code points: count only when it may be over.
    if (typeof pattern === 'string' && pattern.length > limits.maxPatternLength) {
      let length = 0;
      for (let i = 0; i < pattern.length; i++) {
        const unit = pattern.charCodeAt(i);
        if (unit < 0xdc00 || unit > 0xdfff) length++;
      }
      if (length > limits.maxPatternLength) {
        throw badInput(
          `A like/ilike pattern must be at most ${limits.maxPatternLength} characters (got ${length}).`,
        );
      }
    }
    return pattern;
  });
}

/** Conditions through a relation: EXISTS on the related rows (some / every / none for to-many). */
function relationCondition(
  context: BuildContext,
  relation: RelationModel,
  parentAlias: string,
  value: ArgValue,
  depth: number,
): SqlNode | undefined {
  const condition = relationExists(context, relation, parentAlias, value, depth);
  if (condition) context.correlated?.add(condition);
  return condition;
}

function relationExists(
  context: BuildContext,
  relation: RelationModel,
  parentAlias: string,
  value: ArgValue,
  depth: number,
): SqlNode | undefined {
  if (!isObject(value)) return undefined;
  const alias = context.alias();
  const { from, on } = relatedRows(context, relation, parentAlias, alias);
  if (relation.toOne) {
    // A to-one filter is the related type's `where`: one that sets no condition sets none here
    // either (as an `and` item), not "there is a related row", so an optional variable switches
    // it off, `not` does not turn it into "there is none", and a write does not pass
    // UNFILTERED_WRITE with it. Whether there is a related row is a condition on a column the
    // foreign key references (`{ author: { id: { isNull: false } } }`).
    const inner = whereSql(context, relation.target, alias, value, depth);
    if (inner === undefined) return undefined;
    return sql`EXISTS (SELECT 1 FROM ${from} WHERE ${join([on, inner], ' AND ')})`;
  }
  const parts: SqlNode[] = [];
  for (const [quantifier, inner] of Object.entries(value)) {
    if (inner === null) continue;
    const set = whereSql(context, relation.target, alias, inner, depth);
    // `every` of no condition holds for every row: no condition either (as an `and` item), so
    // `not` does not turn it into FALSE nor a write pass UNFILTERED_WRITE with it.
    if (set === undefined && quantifier === 'every') continue;
    const cond = set ?? TRUE;
    if (quantifier === 'some')
      parts.push(sql`EXISTS (SELECT 1 FROM ${from} WHERE ${on} AND ${cond})`);
    if (quantifier === 'none')
      parts.push(sql`NOT EXISTS (SELECT 1 FROM ${from} WHERE ${on} AND ${cond})`);
    // every: no related row for which the condition is not true (NULL counts as not true).
    if (quantifier === 'every') {
      parts.push(
        sql`NOT EXISTS (SELECT 1 FROM ${from} WHERE ${on} AND NOT coalesce(${cond}, FALSE))`,
      );
    }
  }
  return parts.length === 0 ? undefined : join(parts, ' AND ');
}

/**
 * The FROM item and join condition that reach the related rows (as `alias`) from the row
 * `parentAlias`: a foreign key's columns, or both keys of a junction table.
 */
export function relatedRows(
  context: BuildContext,
  relation: RelationModel,
  parentAlias: string,
  alias: string,
): { from: SqlNode; on: SqlNode } {
  const target = relationSql(relation.target.table);
  if (!relation.via) {
    const on = join(
      relation.pairs.map(
        ([mine, theirs]) => sql`${identifier(alias, theirs)} = ${identifier(parentAlias, mine)}`,
      ),
      ' AND ',
    );
    return { from: sql`${target} AS ${identifier(alias)}`, on };
  }
  const { junction, sourcePairs, targetPairs } = relation.via;
  const j = context.alias('j');
  const joinOn = join(
    targetPairs.map(([jcol, tcol]) => sql`${identifier(j, jcol)} = ${identifier(alias, tcol)}`),
    ' AND ',
  );
  const on = join(
    sourcePairs.map(
      ([pcol, jcol]) => sql`${identifier(j, jcol)} = ${identifier(parentAlias, pcol)}`,
    ),
    ' AND ',
  );
  return {
    from: sql`${target} AS ${identifier(alias)} JOIN ${relationSql(junction)} AS ${identifier(j)} ON ${joinOn}`,
    on,
  };
}

/** A column of a composite type (or a domain over one): its type is written by record_out. */
function isComposite(column: ColumnModel): boolean {
  const [schema, name] = column.column.type.output;
  return !column.isArray && schema === 'pg_catalog' && name === 'record_out';
}

function isObject(value: ArgValue): value is { [field: string]: ArgValue } {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    !(value instanceof Param)
  );
}

/** A list as a PostgreSQL array literal (`{"a","b\\"c",NULL}`), every element quoted. */
export function arrayLiteral(list: unknown): string | null {
  if (list === null || list === undefined) return null;
  const items = (Array.isArray(list) ? list : [list]) as unknown[];
  const json = stringsAsJson(items);
  if (json !== undefined) return `{${json.slice(1, -1)}}`;
  // One string built in place: a whole-graph create's arrays hold hundreds of elements, and most
  // need no escaping.
  let text = '{';
  for (let i = 0; i < items.length; i++) {
    const item = items[i];
    if (i > 0) text += ',';
    if (item === null || item === undefined) {
      text += 'NULL';
      continue;
    }
    const element = String(item);
    // Two searches of the string cost less than a regular expression's test, per element.
    text +=
      element.includes('"') || element.includes('\\')
        ? `"${element.replace(ESCAPES, '\\$&')}"`
        : `"${element}"`;
  }
  return text + '}';
}

const ESCAPES = /[\\"]/g;

/**
 * The JSON text of a list of strings and nulls when it is also their array literal but for its
 * brackets: each string quoted as it is, `null` for a null (array input reads NULL in any case).
 * JSON writes every string verbatim unless it escapes something (a quote, a backslash, a control
 * character, a lone surrogate), and every escape starts with a backslash, so a text without one
 * is the literal. Undefined otherwise (other items, or something escaped): one native call
 * instead of a concatenation per element, for the arrays of a whole-graph create.
 */
function stringsAsJson(items: ReadonlyArray<unknown>): string | undefined {
  for (let i = 0; i < items.length; i++) {
    const item = items[i];
    if (typeof item !== 'string' && item !== null && item !== undefined) return undefined;
  }
  const json = JSON.stringify(items);
  return json.includes('\\') ? undefined : json;
}
