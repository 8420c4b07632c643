import {
  GraphQLError,
  type FieldNode,
  type GraphQLObjectType,
  type GraphQLSchema,
  type OperationDefinitionNode,
} from 'graphql';
import { ErrorCode } from '../../engine/index.js';
import type { BuildContext } from '../compile/BuildContext.js';
import { columnRef } from '../compile/columnSql.js';
import { keyValueSql } from '../compile/opaqueText.js';
import { arrayLiteral } from '../compile/whereSql.js';
import { jsonObject } from '../compile/jsonObject.js';
import { Param, type Variables } from '../compile/Param.js';
import { baseRows, whereClause } from '../compile/rowsSql.js';
import { readArgs } from '../compile/readArgument.js';
import { objectEntries } from '../compile/selectionSql.js';
import type { Model, TableModel } from '../schema/Model.js';
import { compileSql } from '../sql/compileSql.js';
import { perSubscriberText, type ParamType } from './multiplexedSql.js';
import { identifier, join, sql, value } from '../sql/sql.js';
import type { SqlNode } from '../sql/SqlNode.js';

/** The keys of an event batch: the one parameter every subscriber of a statement shares. */
export const EVENT_KEYS = new Param(() => null, 'the batch of primary keys');

/** One subscriber's event statement, before multiplexing. */
export interface EventStatement {
  /** The statement for one subscriber (`$n` parameters): the key of its group. */
  readonly text: string;
  /** Its values, EVENT_KEYS among them, Params still unread. */
  readonly values: ReadonlyArray<unknown>;
  readonly node: SqlNode;
  /** Whether PostgreSQL's JSON text may differ from JSON.stringify's (rewritten compact). */
  readonly loose: boolean;
}

export interface EventField {
  readonly schema: GraphQLSchema;
  /** The operation the field is in: where its variables are declared. */
  readonly operation: OperationDefinitionNode;
  readonly fragments: BuildContext['fragments'];
  readonly fieldNodes: ReadonlyArray<FieldNode>;
  readonly parentType: GraphQLObjectType;
  readonly variables: Variables;
}

/**
 * The rows of a batch's keys that pass the subscriber's `where`, each as the JSON of its
 * selection (nested relations included, as a read writes them), with the key's position:
 * `SELECT <row json> AS j, k.ord FROM t JOIN jsonb_array_elements(<keys>) WITH ORDINALITY AS k
 * ON t.pk = (k.v->>0)::text::type WHERE <where>`, the keys those of `eventKeysJson`.
 */
export function eventStatement(model: Model, table: TableModel, field: EventField): EventStatement {
  let n = 0;
  const context: BuildContext = {
    model,
    schema: field.schema,
    fragments: field.fragments,
    conditionValues: field.variables,
    variables: field.variables,
    mode: 'json',
    sawComputed: { value: false },
    sawFloat: { value: false },
    sawLoose: { value: false },
    alias: (prefix = 't') => `${prefix}${++n}`,
    objectType: (name) => field.schema.getType(name) as GraphQLObjectType,
  };
  const args = readArgs(context, field.parentType, field.fieldNodes);
  const alias = context.alias();
  const { from, conditions } = baseRows(
    context,
    { kind: 'table', table },
    alias,
    args['where'] ?? null,
  );
  const entries = objectEntries(context, table, alias, field.fieldNodes);
  if (context.sawComputed.value) {
    throw new GraphQLError('A change event cannot select computed fields.', {
      nodes: field.fieldNodes,
      extensions: { code: ErrorCode.GRAPHQL_VALIDATION_FAILED },
    });
  }
  const k = identifier('sluice_k');
  const on = table.primaryKey.map(
    (column, i) =>
      sql`${columnRef(alias, column)} = ${keyValueSql(sql`(${k}."v"->>${value(i)}::int4)`, column)}`,
  );
  const node = sql`SELECT ${jsonObject(context, entries)} AS "j", ${k}."ord" AS "ord" FROM ${from} JOIN jsonb_array_elements(${value(EVENT_KEYS)}::text::jsonb) WITH ORDINALITY AS ${k}("v", "ord") ON ${join(on, ' AND ')}${whereClause(conditions)}`;
  const { text, values } = compileSql(node);
  return { text, values, node, loose: context.sawLoose.value || context.sawFloat.value };
}

/**
 * A batch's keys as the event statement reads them (its `$1`), each value as the notification
 * wrote it (`to_jsonb`'s: a number, or a text the column's type reads back) but an array's: JSON
 * writes it as a list, which no cast reads as the array type, so it goes as the text of its
 * literal (`{"1","2",NULL}`), read back as a key argument's is.
 */
export function eventKeysJson(
  table: TableModel,
  keys: ReadonlyArray<ReadonlyArray<unknown>>,
): string {
  const columns = table.primaryKey;
  if (!columns.some((column) => column.isArray)) return JSON.stringify(keys);
  return JSON.stringify(
    keys.map((key) => key.map((v, i) => (columns[i]?.isArray ? arrayLiteral(v) : v))),
  );
}

/**
 * The statement that serves every subscriber of a group at once: `$1` the batch's keys, `$2` a
 * JSON array of each subscriber's values, each of them read where the single statement had its
 * parameter, cast to the type PostgreSQL inferred for it there. Rows: subscriber's position,
 * key's position, the row's JSON text.
 */
export function multiplexedText(
  statement: EventStatement,
  types: ReadonlyArray<ParamType>,
): string {
  const text = perSubscriberText(statement.node, types, (v) =>
    v === EVENT_KEYS ? '$1' : undefined,
  );
  return `SELECT "sluice_m"."ord", "e"."ord", "e"."j"::text FROM jsonb_array_elements($2::text::jsonb) WITH ORDINALITY AS "sluice_m"("v", "ord") CROSS JOIN LATERAL (${text}) AS "e" ORDER BY 2, 1`;
}
