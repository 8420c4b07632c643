import type { FieldNode } from 'graphql';
import type { SourceRootField } from '../../engine/index.js';
import { join, sql } from '../sql/sql.js';
import type { SqlNode } from '../sql/SqlNode.js';
import type { ColumnModel, Model, TableModel } from '../schema/Model.js';
import type { BuildContext } from './BuildContext.js';
import { collectSubfields } from './collectFields.js';
import { columnJson } from './columnSql.js';
import { keyConditionSql } from './keyConditionSql.js';
import { distinctOnClause, readColumnList } from './distinctOnSql.js';
import { orderBySql, orderKeys } from './orderSql.js';
import { baseRows, defaultPageSize, pageSize, pagingParam, whereClause } from './rowsSql.js';
import { readArgs } from './readArgument.js';

/**
 * How one key of a flat row is written: from the value the driver decoded for a column
 * (int2/int4 as a number, bool as a boolean, text as a string), or a constant (`__typename`).
 */
type ValueKind = 'number' | 'boolean' | 'string';
type Cell =
  | { readonly kind: ValueKind; readonly prefix: string }
  | { readonly kind: 'constant'; readonly prefix: string; readonly json: string };

/**
 * A root field answered by plain rows, its JSON written in Node: a list (`[…]`) or one row by
 * key (the object, or null).
 */
export interface FlatRows {
  readonly shape: 'list' | 'one';
  readonly cells: ReadonlyArray<Cell>;
}

/**
 * The statement of a root field whose selection is only columns whose JSON the driver's decoded
 * value gives exactly (FlatRows): `SELECT <columns> FROM … WHERE … ORDER BY … LIMIT …`, the rows
 * themselves with no JSON built in PostgreSQL. Building JSON costs PostgreSQL more than the
 * statement's own work on a flat list (docs/pg.md, "Measurements"). Undefined when the selection
 * has anything else (a relation, a computed field, a Float, JSON, a date, an array): the field
 * then takes the JSON statement.
 */
export function flatRowsSql(
  context: BuildContext,
  model: Model,
  field: SourceRootField,
): { node: SqlNode; rows: FlatRows } | undefined {
  const root = model.rootFields.get(field.fieldDef.name);
  if (root === undefined || (root.kind !== 'list' && root.kind !== 'single')) return undefined;
  const { table } = root;
  // Decided before any alias is taken: a selection that is not flat builds the JSON statement
  // with the aliases it always had.
  const selected = flatSelection(context, table, field.fieldNodes);
  if (selected === undefined) return undefined;
  const alias = context.alias();
  const args = readArgs(context, context.objectType('Query'), field.fieldNodes as FieldNode[]);
  const source = { kind: 'table', table } as const;
  const { from, conditions } = baseRows(
    context,
    source,
    alias,
    root.kind === 'list' ? (args['where'] ?? null) : null,
  );
  // Nothing selected from the row (only `__typename`): its rows still count.
  const columns = selected.columns.map((column) => columnJson(context, alias, column));
  const select = columns.length > 0 ? join(columns) : sql`1`;
  if (root.kind === 'single') {
    for (const column of root.key)
      conditions.push(keyConditionSql(alias, column, args[column.fieldName]));
    return {
      node: sql`SELECT ${select} FROM ${from}${whereClause(conditions)}`,
      rows: { shape: 'one', cells: selected.cells },
    };
  }
  const distinct = readColumnList(table, args['distinctOn'] ?? null, 'distinctOn');
  const keys = orderKeys(table, args['orderBy'] ?? null, distinct);
  const order = keys.length > 0 ? sql` ORDER BY ${orderBySql(alias, keys)}` : sql``;
  const limit = pageSize(context, args['limit'], 'limit') ?? defaultPageSize(context);
  const offset = pagingParam(args['offset'], 'offset');
  const paging = sql` LIMIT ${limit}${offset ? sql` OFFSET ${offset}` : sql``}`;
  return {
    node: sql`SELECT ${distinctOnClause(alias, distinct)}${select} FROM ${from}${whereClause(conditions)}${order}${paging}`,
    rows: { shape: 'list', cells: selected.cells },
  };
}

/** The columns and cells of a selection of only columns (and `__typename`), else undefined. */
function flatSelection(
  context: BuildContext,
  table: TableModel,
  fieldNodes: ReadonlyArray<FieldNode>,
): { columns: ColumnModel[]; cells: Cell[] } | undefined {
  const type = context.objectType(table.typeName);
  const columns: ColumnModel[] = [];
  const cells: Cell[] = [];
  for (const [key, nodes] of collectSubfields(context, type, fieldNodes)) {
    const name = (nodes[0] as FieldNode).name.value;
    const prefix = `${cells.length === 0 ? '{' : ','}${JSON.stringify(key)}:`;
    if (name === '__typename') {
      cells.push({ kind: 'constant', prefix, json: JSON.stringify(table.typeName) });
      continue;
    }
    const column = table.columns.get(name);
    const kind = column === undefined ? undefined : cellKind(column);
    if (column === undefined || kind === undefined) return undefined;
    columns.push(column);
    cells.push({ kind, prefix });
  }
  return { columns, cells };
}

/**
 * How the driver's value of the column (as columnJson selects it) is written: what PostgreSQL's
 * `row_to_json` writes for it is the number, boolean or string itself. Undefined for the columns
 * whose JSON differs from their decoded value: floats (`1e+16`), json, dates and times (JSON's
 * `T` where text has a space), arrays.
 */
function cellKind(column: ColumnModel): ValueKind | undefined {
  if (column.isArray) return undefined;
  switch (column.scalar) {
    case 'Int':
      return 'number';
    case 'Boolean':
      return 'boolean';
    // Text types, int8 and numeric cast to text, other types by their output function, enum
    // labels (or their GraphQL names), uuid: all strings.
    case 'String':
    case 'BigInt':
    case 'BigFloat':
    case 'UUID':
    case 'enum':
      return 'string';
    default:
      return undefined;
  }
}

/**
 * The JSON of the rows, as PostgreSQL's `row_to_json` (and JSON.stringify) would write it:
 * compact, keys in selection order.
 */
export function flatRowsJson(rows: ReadonlyArray<ReadonlyArray<unknown>>, flat: FlatRows): string {
  if (flat.shape === 'one') {
    const row = rows[0];
    return row === undefined ? 'null' : rowJson(row, flat.cells);
  }
  if (rows.length === 0) return '[]';
  let json = '[';
  for (let i = 0; i < rows.length; i++) {
    if (i > 0) json += ',';
    json += rowJson(rows[i]!, flat.cells);
  }
  return json + ']';
}

function rowJson(row: ReadonlyArray<unknown>, cells: ReadonlyArray<Cell>): string {
  let json = '';
  let c = 0;
  for (let i = 0; i < cells.length; i++) {
    const cell = cells[i]!;
    json += cell.prefix;
    if (cell.kind === 'constant') {
      json += cell.json;
      continue;
    }
    const value = row[c++];
    if (value === null || value === undefined) json += 'null';
    else if (cell.kind === 'string') json += JSON.stringify(String(value));
    else if (cell.kind === 'boolean') json += value === true || value === 't' ? 'true' : 'false';
    else json += String(value);
  }
  return cells.length === 0 ? '{}' : json + '}';
}
