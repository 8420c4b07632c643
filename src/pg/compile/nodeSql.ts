import type { FieldNode } from 'graphql';
import type { SourceRootField } from '../../engine/index.js';
import { sql } from '../sql/sql.js';
import type { SqlNode } from '../sql/SqlNode.js';
import type { Model } from '../schema/Model.js';
import type { BuildContext } from './BuildContext.js';
import { columnRef, columnType } from './columnSql.js';
import { NODE_TYPE_KEY, readNodeId } from './nodeId.js';
import { Param, type Variables } from './Param.js';
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
  const given = id instanceof Param ? id.read(context.variables) : undefined;
  if (!(id instanceof Param) || given === undefined || given === null) return sql`NULL`;
  const { table } = readNodeId(model, given);
  // Every key's parameter reads the same id: decoded once per id text, as cursors are.
  let last: { readonly id: unknown; readonly keys: ReadonlyArray<string> } | undefined;
  const keys = (variables: Variables) => {
    const text = id.read(variables);
    if (last === undefined || last.id !== text)
      last = { id: text, keys: readNodeId(model, text).keys };
    return last.keys;
  };
  const conditions = table.primaryKey.map((column, i) => {
    const key = new Param((variables) => keys(variables)[i], `${id.label} (node key ${i + 1})`);
    return (alias: string) =>
      sql`${columnRef(alias, column)} = ${key}::text::${columnType(column)}`;
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
