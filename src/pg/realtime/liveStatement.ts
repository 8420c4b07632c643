import { GraphQLError, type FieldNode, type GraphQLObjectType, type GraphQLSchema } from 'graphql';
import { ErrorCode, type SourceRootField } from '../../engine/index.js';
import type { BuildContext } from '../compile/BuildContext.js';
import { collectSubfields } from '../compile/collectFields.js';
import type { Variables } from '../compile/Param.js';
import { rootFieldsSql } from '../compile/rootFieldsSql.js';
import { addStatementTags } from '../compile/statementTags.js';
import type { Model } from '../schema/Model.js';
import { compileSql } from '../sql/compileSql.js';
import { perSubscriberText, type ParamType } from './multiplexedSql.js';
import type { SqlNode } from '../sql/SqlNode.js';

/** What one subscriber of a live query asks: the `live` field of its subscription. */
export interface LiveField {
  readonly schema: GraphQLSchema;
  readonly fragments: BuildContext['fragments'];
  readonly fieldNodes: ReadonlyArray<FieldNode>;
  readonly variables: Variables;
}

/** One entry of the live result object, in response order. */
export interface LiveEntry {
  /** The response key, as JSON text (`"users"`). */
  readonly key: string;
  /** The statement's column of it, or -1 for `__typename` (always `"Query"`). */
  readonly column: number;
  /** Whether its JSON may hold a Float written as `"NaN"` or `"Infinity"` (not representable). */
  readonly float: boolean;
  /** Whether its JSON text may differ from JSON.stringify's (rewritten compact). */
  readonly loose: boolean;
}

/** One subscriber's live statement, before multiplexing: the key of its group. */
export interface LiveStatement {
  readonly text: string;
  /** Its values, Params still unread. */
  readonly values: ReadonlyArray<unknown>;
  readonly node: SqlNode | undefined;
  readonly entries: ReadonlyArray<LiveEntry>;
  /** The tables it reads (`schema.name`, from the compiled SQL: nested relations included). */
  readonly reads: ReadonlySet<string>;
}

/**
 * The statement of a live query: the Query fields selected under `live`, compiled as a read of
 * them is (one text column per root field, never the plain-rows form), and the tables it reads.
 * A selection with computed fields is refused, as for change events: its rows would need the
 * engine's resolvers per re-run.
 */
export function liveStatement(model: Model, field: LiveField): LiveStatement {
  let n = 0;
  const queryType = field.schema.getQueryType() as GraphQLObjectType;
  const base = {
    model,
    schema: field.schema,
    fragments: field.fragments,
    conditionValues: field.variables,
    variables: field.variables,
    alias: (prefix = 't') => `${prefix}${++n}`,
    objectType: (name: string) => field.schema.getType(name) as GraphQLObjectType,
  };
  const collected = collectSubfields(base, queryType, field.fieldNodes);
  const fields: SourceRootField[] = [];
  const keys: Array<{ key: string; index: number }> = [];
  const queryFields = queryType.getFields();
  for (const [responseKey, nodes] of collected) {
    const name = (nodes[0] as FieldNode).name.value;
    if (name === '__typename') {
      keys.push({ key: responseKey, index: -1 });
      continue;
    }
    const fieldDef = queryFields[name];
    if (fieldDef === undefined) continue;
    keys.push({ key: responseKey, index: fields.length });
    fields.push({ responseKey, fieldDef, fieldNodes: nodes });
  }
  const reads = new Set<string>();
  if (fields.length === 0) {
    const entries = keys.map(({ key }) => ({
      key: JSON.stringify(key),
      column: -1,
      float: false,
      loose: false,
    }));
    return { text: '', values: [], node: undefined, entries, reads };
  }
  const root = rootFieldsSql(base, model, fields, false, false);
  if (root.modes.includes('value')) {
    throw new GraphQLError('A live query cannot select computed fields.', {
      nodes: field.fieldNodes,
      extensions: { code: ErrorCode.GRAPHQL_VALIDATION_FAILED },
    });
  }
  addStatementTags(root.node, model, reads);
  const { text, values } = compileSql(root.node);
  const entries = keys.map(({ key, index }) => ({
    key: JSON.stringify(key),
    column: index,
    float: index >= 0 && root.floats[index] === true,
    loose: index >= 0 && root.loose[index] === true,
  }));
  return { text, values, node: root.node, entries, reads };
}

/**
 * The statement that re-runs a live query for every subscriber of its group at once: `$1` a JSON
 * array of each subscriber's values (as for change events, multiplexedSql.ts). Rows: the
 * subscriber's position, then one text column per root field.
 */
export function liveMultiplexedText(node: SqlNode, types: ReadonlyArray<ParamType>): string {
  const text = perSubscriberText(node, types, () => undefined);
  return `SELECT "sluice_m"."ord", "e".* FROM jsonb_array_elements($1::text::jsonb) WITH ORDINALITY AS "sluice_m"("v", "ord") CROSS JOIN LATERAL (${text}) AS "e"`;
}
