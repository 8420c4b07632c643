import type { FieldNode } from 'graphql';
import type { SourceRootField } from '../../engine/index.js';
import { join, sql } from '../sql/sql.js';
import type { SqlNode } from '../sql/SqlNode.js';
import type { Model } from '../schema/Model.js';
import type { BuildContext } from './BuildContext.js';
import { columnRef } from './columnSql.js';
import { NODE_TYPE_KEY, readNodeId } from './nodeId.js';
import { keyValueSql } from './opaqueText.js';
import { badInput, Param, type Variables } from './Param.js';
import type { ArgValue } from './readArgument.js';
import { singleRowSql } from './selectionSql.js';

/**
 * `node(id:)`: the row of the table the id names, by its primary key, like that table's lookup.
 * The statement depends on the id's type (readArgument.ts's variableShape puts it in the
 * shape); while the id is absent (the statement built at plan time) there is no row. The key
 * values are parameters that read the id again, so one statement serves every id of the type.
 */
export function nodeSql(
  context: BuildContext,
  model: Model,
  field: SourceRootField,
  args: Record<string, ArgValue>,
): SqlNode {
  const id = args['id'];
  if (!(id instanceof Param)) return sql`NULL`;
  return nodeRowSql(context, model, field, (variables) => id.read(variables), id.label);
}

/**
 * `nodes(ids:)`: a JSON array of one `node` row per id, in the order of the ids, null for an id
 * that names no row, each found by its table's primary key (`ARRAY[(SELECT … WHERE t.id = $1),
 * …]`). The statement depends on the types the ids name, in order (variableShape); at most
 * `maxPageSize` ids, else BAD_USER_INPUT. While the ids are absent there are none.
 */
export function nodesSql(
  context: BuildContext,
  model: Model,
  field: SourceRootField,
  args: Record<string, ArgValue>,
): SqlNode {
  const ids = args['ids'];
  const given = ids instanceof Param ? ids.read(context.variables) : undefined;
  const list = given === undefined || given === null ? [] : Array.isArray(given) ? given : [given];
  const { maxPageSize } = model.limits;
  if (list.length > maxPageSize)
    throw badInput(`"nodes" takes at most ${maxPageSize} ids (got ${list.length}).`);
  if (!(ids instanceof Param) || list.length === 0) return sql`'[]'::json`;
  const rows = list.map((_, i) =>
    nodeRowSql(
      context,
      model,
      field,
      (variables) => {
        const value = ids.read(variables);
        return Array.isArray(value) ? (value[i] as unknown) : i === 0 ? value : undefined;
      },
      `${ids.label} (id ${i + 1})`,
    ),
  );
  return sql`array_to_json(ARRAY[${join(rows)}]::json[])`;
}

/**
 * The row the id `read` gives names, or NULL while it is absent. Its key values are parameters
 * that decode the id again (once per id text, as cursors are); its table is the one the id names
 * when the statement is built, which the statement's shape keeps the same.
 */
function nodeRowSql(
  context: BuildContext,
  model: Model,
  field: SourceRootField,
  read: (variables: Variables) => unknown,
  label: string,
): SqlNode {
  const given = read(context.variables);
  if (given === undefined || given === null) return sql`NULL::json`;
  const { table } = readNodeId(model, given);
  let last: { readonly id: unknown; readonly keys: ReadonlyArray<string> } | undefined;
  const keys = (variables: Variables) => {
    const text = read(variables);
    if (last === undefined || last.id !== text)
      last = { id: text, keys: readNodeId(model, text).keys };
    return last.keys;
  };
  const conditions = table.primaryKey.map((column, i) => {
    const key = new Param((variables) => keys(variables)[i], `${label} (node key ${i + 1})`);
    return (alias: string) => sql`${columnRef(alias, column)} = ${keyValueSql(key, column)}`;
  });
  const typeEntry =
    context.mode === 'value' ? [[NODE_TYPE_KEY, sql`${table.typeName}::text`] as const] : [];
  return singleRowSql(
    context,
    table,
    { kind: 'table', table },
    field.fieldNodes as FieldNode[],
    conditions,
    typeEntry,
  );
}
