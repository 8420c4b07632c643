import { GraphQLError } from 'graphql';
import { ErrorCode } from '../../engine/index.js';
import { sql } from '../sql/sql.js';
import type { SqlNode } from '../sql/SqlNode.js';
import type { Model, TableModel } from '../schema/Model.js';
import { textProblem } from '../schema/pgInput.js';
import { columnRef } from './columnSql.js';
import { isOpaqueTexts, keyTextSql, opaqueTextSql, parseOpaqueText } from './opaqueText.js';

/**
 * In value mode, the key under which a `node` row carries its type name, for the `Node`
 * interface's resolveType (no column's key looks like it: theirs start with `#`).
 */
export const NODE_TYPE_KEY = '@type';

/**
 * A row's global id (`nodeId`): base64 of the JSON array [type name, each primary key column's
 * value as text] (opaqueText.ts), the type name a parameter like every other value.
 */
export function nodeIdSql(alias: string, table: TableModel): SqlNode {
  return opaqueTextSql([
    sql`${table.typeName}::text`,
    ...table.primaryKey.map((column) => keyTextSql(columnRef(alias, column), column)),
  ]);
}

/** The type name a global id names, when it holds one (for the statement's shape). */
export function nodeIdTypeName(id: unknown): string | undefined {
  const values = typeof id === 'string' ? parseOpaqueText(id) : undefined;
  return isOpaqueTexts(values) ? (values[0] ?? undefined) : undefined;
}

/**
 * The table and primary key values a global id stands for, or INVALID_NODE_ID: an id that is
 * not one `nodeIdSql` writes, names a type that is not a `Node` of this schema, or holds key
 * values the key's columns cannot take (checked as PostgreSQL would read them).
 */
export function readNodeId(
  model: Model,
  id: unknown,
): { readonly table: TableModel; readonly keys: ReadonlyArray<string> } {
  const values = typeof id === 'string' ? parseOpaqueText(id) : undefined;
  const shown = JSON.stringify(typeof id === 'string' ? id.slice(0, 40) : id);
  if (!isOpaqueTexts(values)) throw invalidNodeId(`${shown} is not a global id.`);
  const [typeName, ...keys] = values;
  const table = typeName === null ? undefined : model.nodeTypes.get(typeName as string);
  if (table === undefined) throw invalidNodeId(`${shown} names no type that implements Node.`);
  const key = table.primaryKey;
  if (
    keys.length !== key.length ||
    keys.some((k, i) => k === null || textProblem(key[i]!, k) !== undefined)
  ) {
    throw invalidNodeId(`${shown} does not hold a primary key of ${table.typeName}.`);
  }
  return { table, keys: keys as string[] };
}

function invalidNodeId(message: string): GraphQLError {
  return new GraphQLError(`Invalid node id: ${message}`, {
    extensions: { code: ErrorCode.INVALID_NODE_ID },
  });
}
