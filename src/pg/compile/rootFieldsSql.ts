import { GraphQLError, type FieldNode } from 'graphql';
import type { SourceRootField } from '../../engine/index.js';
import { identifier, join, sql } from '../sql/sql.js';
import type { SqlNode } from '../sql/SqlNode.js';
import type { Model } from '../schema/Model.js';
import type { BuildContext } from './BuildContext.js';
import { keyConditionSql } from './keyConditionSql.js';
import { flatRowsSql, type FlatRows } from './flatRowsSql.js';
import { readArgs } from './readArgument.js';
import { listSql, relationSql, singleRowSql } from './selectionSql.js';
import { nodeSql, nodesSql } from './nodeSql.js';

export interface RootStatement {
  /** `SELECT (…)::text AS "users", (…)::text AS "post"`: one text column per root field. */
  readonly node: SqlNode;
  /** Per root field, in order: json (splice the text) or value (parse it, the engine completes it). */
  readonly modes: ReadonlyArray<'json' | 'value'>;
  /** Per root field: whether its JSON may hold a Float (and so NaN or ±Infinity as a string). */
  readonly floats: ReadonlyArray<boolean>;
  /** Per root field: whether its JSON text may not be JSON.stringify's (BuildContext.sawLoose). */
  readonly loose: ReadonlyArray<boolean>;
  /** Per root field: whether its text holds `json_agg`'s `, \n ` (BuildContext.sawSpaced). */
  readonly spaced: ReadonlyArray<boolean>;
  /**
   * Set when the statement is plain rows of the one root field (flatRowsSql.ts), whose JSON is
   * written from them; `node` is then that SELECT, not one text column per root field.
   */
  readonly rows?: FlatRows | undefined;
  /**
   * Set when the statement returns the one root field's list as one row per element, its JSON
   * text in the row's one column (listRowsJson.ts joins them); `node` is then that SELECT.
   */
  readonly list?: boolean | undefined;
}

/**
 * All of a source's root fields of one operation as ONE statement; with `plainRows`, one root
 * field of plain columns as its plain rows (flatRowsSql.ts); with `spacedLists`, lists whose rows
 * hold a relation as `json_agg` (BuildContext.sawSpaced), for a caller that compacts the text;
 * with `listRows`, one root list in json mode as one row per element (RootStatement.list).
 */
export function rootFieldsSql(
  base: Omit<BuildContext, 'mode' | 'sawComputed' | 'sawFloat' | 'sawLoose' | 'sawSpaced'>,
  model: Model,
  fields: ReadonlyArray<SourceRootField>,
  forceValue = false,
  plainRows = false,
  spacedLists = false,
  listRows = false,
): RootStatement {
  const columns: SqlNode[] = [];
  const modes: Array<'json' | 'value'> = [];
  const floats: boolean[] = [];
  const loose: boolean[] = [];
  const spaced: boolean[] = [];
  const only = fields.length === 1 && !forceValue && plainRows ? fields[0] : undefined;
  if (only !== undefined) {
    const context: BuildContext = {
      ...base,
      mode: 'json',
      sawComputed: { value: false },
      sawFloat: { value: false },
      sawLoose: { value: false },
    };
    const flat = flatRowsSql(context, model, only);
    if (flat !== undefined)
      return {
        node: flat.node,
        modes: ['json'],
        floats: [false],
        loose: [false],
        spaced: [false],
        rows: flat.rows,
      };
  }
  const build = (field: SourceRootField, mode: 'json' | 'value', asRows?: { value: boolean }) => {
    const context: BuildContext = {
      ...base,
      mode,
      sawComputed: { value: false },
      sawFloat: { value: false },
      sawLoose: { value: false },
      ...(spacedLists ? { sawSpaced: { value: false } } : {}),
    };
    const node = rootFieldSql(context, model, field, asRows);
    return {
      node,
      computed: context.sawComputed.value,
      float: context.sawFloat.value,
      loose: context.sawLoose.value,
      spaced: context.sawSpaced?.value === true,
    };
  };
  // The one root field, a list in json mode, may be built as rows (listSql's `asRows`); a flat
  // list's node is the aggregate, as without `listRows`.
  const asRows = fields.length === 1 && !forceValue && listRows ? { value: false } : undefined;
  for (const [i, field] of fields.entries()) {
    let mode: 'json' | 'value' = forceValue ? 'value' : 'json';
    let built = build(field, mode, asRows);
    if (built.computed && mode === 'json') {
      // Value mode: the engine parses the field's text whole, so it is the aggregate.
      built = build(field, 'value');
      mode = 'value';
    } else if (asRows?.value === true) {
      const { node, float, loose, spaced } = built;
      return {
        node,
        modes: ['json'],
        floats: [float],
        loose: [loose],
        spaced: [spaced],
        list: true,
      };
    }
    modes.push(mode);
    floats.push(built.float);
    loose.push(built.loose);
    spaced.push(built.spaced);
    const name = Buffer.byteLength(field.responseKey) <= 63 ? field.responseKey : `f${i}`;
    columns.push(sql`${built.node}::text AS ${identifier(name)}`);
  }
  return { node: sql`SELECT ${join(columns, ',\n')}`, modes, floats, loose, spaced };
}

/** `asRows`: a root list's statement of one row per element, when listSql makes one. */
function rootFieldSql(
  context: BuildContext,
  model: Model,
  field: SourceRootField,
  asRows?: { value: boolean },
): SqlNode {
  const root = model.rootFields.get(field.fieldDef.name);
  if (!root) {
    throw new GraphQLError(`Query.${field.fieldDef.name} is not a reflected database field.`, {
      nodes: field.fieldNodes,
    });
  }
  const args = readArgs(context, context.objectType('Query'), field.fieldNodes as FieldNode[]);
  if (root.kind === 'node') return nodeSql(context, model, field, args);
  if (root.kind === 'nodes') return nodesSql(context, model, field, args);
  const { table } = root;
  const source = { kind: 'table', table } as const;
  if (root.kind === 'single') {
    const keyConditions = root.key.map((column) => {
      const key = args[column.fieldName];
      return (alias: string) => keyConditionSql(alias, column, key);
    });
    return singleRowSql(context, table, source, field.fieldNodes, keyConditions);
  }
  if (asRows !== undefined && root.kind === 'list')
    return listSql(context, table, source, field.fieldNodes, args, asRows);
  return relationSql(context, root.kind, table, source, field.fieldNodes, args);
}
