import { getArgumentValues, type FieldNode, type GraphQLObjectType } from 'graphql';
import type {
  SourceCompileRequest,
  SourceFieldResult,
  SourceRootField,
} from '../../../engine/index.js';
import { sourceJSONText } from '../../../engine/index.js';
import type { QueryRows, SqlTransaction } from '../../driver/SqlClient.js';
import { compileSql } from '../../sql/compileSql.js';
import type { SqlNode } from '../../sql/SqlNode.js';
import type { Model, MutationFieldModel, TableModel } from '../../schema/Model.js';
import type { BuildContext } from '../BuildContext.js';
import { bindValues, Param, type Variables } from '../Param.js';
import { readArgs, tooManyBindings } from '../readArgument.js';
import { MAX_BIND_PARAMETERS } from '../BuildContext.js';
import { StatementCache } from '../StatementCache.js';
import { variablesShapeKey } from '../usedVariables.js';
import { changeSql } from './changeSql.js';
import {
  inputError,
  partlyGiven,
  readCreateInput,
  type CreateGraph,
  type InputPath,
} from './createInput.js';
import { addStatementTags, tableTag } from '../statementTags.js';
import { correlatedValue } from '../correlatedValue.js';
import { columnArrayKey, insertSql, insertValues, type Upsert } from './insertSql.js';
import {
  conflictParamKey,
  keyedRows,
  answersFromReturnedRows,
  requireRow,
  returnedRowsSql,
} from './returnedRowsSql.js';
import { compactSeparators } from '../compactSeparators.js';
import { listRowsJson } from '../listRowsJson.js';

/** A built statement of a mutation field: text, values (Params), and how its one cell is read. */
export interface WriteStatement {
  readonly text: string;
  readonly values: ReadonlyArray<unknown>;
  readonly mode: 'json' | 'value';
  /** It may run under a generic plan (BatchStatement.genericPlan; see buildStatement). */
  readonly genericPlan: boolean;
  /** Its plan depends on no value but its rows' keys (BatchStatement.fixedPlan, buildStatement). */
  readonly fixedPlan: boolean;
  /** It returns a list one row per element (returnedRowsSql's `asRows`, listRowsJson.ts). */
  readonly list: boolean;
  /** Its JSON holds `json_agg`'s `, \n ` (BuildContext.sawSpaced), taken out by compactSeparators. */
  readonly spaced: boolean;
}

/** One mutation root field of an operation, compiled once per plan. */
export interface MutationField {
  readonly responseKey: string;
  /** Reads and checks the field's arguments for one request, before any SQL. */
  prepare(variables: Variables): PreparedWrite;
  /** The statements last run (for `describe`). */
  readonly last: BoundStatement[];
}

export interface PreparedWrite {
  /**
   * The field's statements for this request, bound: the write and its read-back (a delete, or a
   * create whose selection reads the created rows alone: the write alone; an empty input:
   * none), whatever the input's size and depth. The read-back needs nothing the write returns
   * to Node (keysOut), so they can be sent together.
   */
  statements(): BoundStatement[];
  /** The field's result, from the rows of its last statement. */
  result(rows: QueryRows | undefined): SourceFieldResult;
  /** The write alone (no read-back): replayed to find which input row broke a constraint. */
  write(tx: SqlTransaction, rows?: number): Promise<void>;
  /** Top-level input rows of a createMany (else undefined): where a failing row is looked for. */
  readonly inputRows: number | undefined;
  readonly inputPath: InputPath;
  /** The write statement's text (for logs). */
  readonly text: string;
  /** The statements with this request's values, for `explain` (undefined: none to run). */
  explained(): Explained | undefined;
}

/** A statement with its values bound, and where each comes from. */
export interface BoundStatement {
  readonly text: string;
  readonly values: unknown[];
  readonly labels: string[];
  readonly mode: 'json' | 'value';
  readonly genericPlan: boolean;
  readonly fixedPlan: boolean;
  readonly list: boolean;
  readonly spaced: boolean;
}

/**
 * A field's statements for one request: the write, and its read-back (the rows the write stored
 * the keys of; none when it has not run). A delete is one statement.
 */
export interface Explained {
  readonly write: BoundStatement;
  readonly readBack: BoundStatement | undefined;
}

/** Most shapes kept per field (input shapes of creates, variable shapes of the rest). */
const MAX_SHAPES = 32;
const MAX_SHAPE_BYTES = 1024 * 1024;

/** How a field builds SQL: the plan's request, with a fresh BuildContext per statement. */
export interface FieldEnv {
  readonly model: Model;
  readonly request: SourceCompileRequest;
  /** The shape of the variables the field's statements depend on (createPgSource's key). */
  readonly shapeKey: (variables: Variables) => string;
  /** Every result as a value (plain graphql-js completes them: buildSchema's fallback). */
  readonly forceValue: boolean;
  /** Creates by MERGE … RETURNING (PgSourceOptions.mergeReturning). */
  readonly merge: boolean;
  /**
   * The tables the operation's statements name, all taken as written (the source's
   * `CompiledSourceQuery.tags.writes`): more than it writes, never less, triggers and cascades
   * aside. Grows as statements are built.
   */
  readonly writes: Set<string>;
}

export function compileMutationField(env: FieldEnv, field: SourceRootField): MutationField {
  const mutation = env.model.mutationFields.get(field.fieldDef.name) as MutationFieldModel;
  const { kind, table } = mutation;
  env.writes.add(tableTag(table.table));
  const parentType = env.request.parentType;
  const nodes = field.fieldNodes as FieldNode[];
  const path: InputPath = [field.responseKey];
  const statements = new StatementCache<WriteStatement>(MAX_SHAPES, MAX_SHAPE_BYTES);
  const last: BoundStatement[] = [];
  const built = (
    key: string,
    make: (context: BuildContext, asRows: { value: boolean }) => SqlNode,
    variables: Variables,
    readBack = false,
  ) => statements.get(key, () => buildStatement(env, variables, make, readBack));
  // The read-back depends on the variables of the selection only, not on the input's.
  const selectionShape = variablesShapeKey(
    env.request,
    nodes.flatMap((node) => (node.selectionSet ? [node.selectionSet] : [])),
  );
  const readBack = (variables: Variables, upsert: Upsert | undefined) =>
    built(
      `read:${upsert ? `upsert:${upsert.constraint.name}` : ''}:${selectionShape(variables)}`,
      (context, asRows) => {
        const rows = keyedRows(table, upsert?.constraint.columns);
        const single = kind !== 'createMany' && kind !== 'updateMany';
        const json = returnedRowsSql(context, table, nodes, single, rows.from, rows.order, asRows);
        // A single-row upsert answers its one row (a non-null field): none is an error.
        return upsert && single ? requireRow(json) : json;
      },
      variables,
      true,
    );
  /** The write and its read-back, bound to this request's values. */
  const pair = (
    statement: WriteStatement,
    bag: Variables,
    variables: Variables,
    upsert: Upsert | undefined,
    conflict: (i: number) => unknown,
    /** The bag is a create's input arrays, whose values were all checked for U+0000. */
    nulChecked = false,
  ): Explained => {
    let keys = variables;
    if (upsert) {
      const withConflict = Object.create(variables) as Record<string, unknown>;
      upsert.constraint.columns.forEach(
        (_, i) => (withConflict[conflictParamKey(i)] = conflict(i)),
      );
      keys = withConflict;
    }
    return {
      write: bound(statement, bag, nulChecked),
      readBack: bound(readBack(variables, upsert), keys),
    };
  };
  /** What a prepared field runs, from its bound statements (the last sent: for `describe`). */
  const running = (explained: Explained) => ({
    statements: () => {
      const list = explained.readBack ? [explained.write, explained.readBack] : [explained.write];
      last.splice(0, last.length, ...list);
      return list;
    },
    result: (rows: QueryRows | undefined) => {
      const last = explained.readBack ?? explained.write;
      return fieldResult(last, last.list ? listRowsJson(rows ?? []) : rows?.[0]?.[0]);
    },
    explained: () => explained,
  });

  if (kind === 'createMany' || kind === 'createOne') {
    // A selection of the created rows alone is answered by the write statement itself.
    const fromReturned = answersFromReturnedRows(env.request, table, nodes);
    return {
      responseKey: field.responseKey,
      last,
      prepare(variables) {
        const args = getArgumentValues(field.fieldDef, nodes[0] as FieldNode, variables);
        const many = kind === 'createMany';
        const rows = (many ? args['input'] : [args['input']]) as Record<string, unknown>[];
        const upsert = readOnConflict(table, args['onConflict'], [...path, 'onConflict']);
        const graphOf = (count: number) =>
          readCreateInput(
            table,
            rows.slice(0, count),
            [...path, 'input'],
            env.model.limits.maxMutationRows,
            !many,
          );
        if (rows.length === 0) return nothingToWrite(path, env.forceValue);
        const graph = graphOf(rows.length);
        if (upsert) checkConflictColumns(graph, upsert, path);
        // Each form of the write under a key of its own (`answer:`, `upsert:`, `keys`).
        const upsertKey = upsert
          ? `upsert:${upsert.constraint.name}:${upsert.update.map((c) => c.name).join(',')}`
          : 'keys';
        // An upsert keeps its read-back: a row it leaves unchanged is not among those RETURNING
        // gives, and one a concurrent transaction inserted is not in its statement's snapshot. So
        // does a create of several levels: an AFTER trigger of a level below may change the root
        // rows after RETURNING gave them (a count of children kept by trigger), and the
        // read-back sees that.
        const answered = fromReturned && !upsert && graph.order.length === 1;
        const writeOf = (g: CreateGraph) =>
          answered
            ? built(
                `write:${g.shape}|answer:${selectionShape(variables)}`,
                (context) =>
                  insertSql(g, undefined, env.merge, (from, order) =>
                    returnedRowsSql(context, table, nodes, !many, from, order),
                  ),
                variables,
              )
            : built(
                `write:${g.shape}|${upsertKey}`,
                () => insertSql(g, upsert, env.merge),
                variables,
              );
        const statement = writeOf(graph);
        const bag = insertValues(graph);
        // No closure here names `graph`: kept by none, it is garbage while the statements run.
        const conflictKeys = (upsert?.constraint.columns ?? []).map((c) =>
          columnArrayKey(graph.root, c),
        );
        const explained = answered
          ? { write: bound(statement, bag, true), readBack: undefined }
          : pair(statement, bag, variables, upsert, (i) => bag[conflictKeys[i] as string], true);
        return {
          text: statement.text,
          inputRows: many ? rows.length : undefined,
          inputPath: [...path, 'input'],
          ...running(explained),
          // Read again from the input (this runs only to find a failing row): the graph of the
          // rows is not kept while the statements run, so it is garbage before they answer.
          async write(tx, count = rows.length) {
            const g = graphOf(count);
            const s = writeOf(g);
            await tx.query(s.text, bindValues(s.values, insertValues(g)));
          },
        };
      },
    };
  }
  const isDelete = kind === 'deleteOne' || kind === 'deleteMany';
  // An update whose selection reads the changed rows alone is answered by its own statement.
  const answered = !isDelete && answersFromReturnedRows(env.request, table, nodes);
  return {
    responseKey: field.responseKey,
    last,
    prepare(variables) {
      const statement = built(
        `change:${env.shapeKey(variables)}`,
        (context) =>
          changeSql(
            context,
            kind,
            table,
            readArgs(context, parentType, nodes),
            nodes,
            path,
            answered,
          ),
        variables,
      );
      return {
        text: statement.text,
        inputRows: undefined,
        inputPath: path,
        ...running(
          isDelete || answered
            ? { write: bound(statement, variables), readBack: undefined }
            : pair(statement, variables, variables, undefined, () => null),
        ),
        async write(tx) {
          await tx.query(statement.text, bindValues(statement.values, variables));
        },
      };
    },
  };
}

/** `onConflict`: exactly one of constraint and columns, naming a key the input gives. */
function readOnConflict(table: TableModel, value: unknown, path: InputPath): Upsert | undefined {
  if (value === null || value === undefined) return undefined;
  const { constraint, columns, update } = value as {
    constraint?: string | null;
    columns?: string[] | null;
    update: string[];
  };
  const write = table.write;
  if (!write) return undefined;
  const hasConstraint = constraint !== null && constraint !== undefined;
  const hasColumns = columns !== null && columns !== undefined;
  if (hasConstraint === hasColumns)
    throw inputError('Give exactly one of "constraint" and "columns".', path);
  let target = hasConstraint ? write.constraints.get(constraint) : undefined;
  if (hasColumns) {
    const names = new Set(columns.map((c) => write.columnValues.get(c)?.name));
    target = [...write.constraints.values()].find(
      (k) => k.columns.length === names.size && k.columns.every((c) => names.has(c.name)),
    );
    if (!target)
      throw inputError(
        'These columns are not the primary key or a unique constraint of the table.',
        [...path, 'columns'],
      );
  }
  if (!target) throw inputError('Unknown constraint.', [...path, 'constraint']);
  const updates = [...new Set(update)]
    .map((c) => write.columnValues.get(c))
    .filter((c) => c !== undefined);
  return { constraint: target, update: updates };
}

/** An empty list to create: no statement at all. */
function nothingToWrite(path: InputPath, asValue: boolean): PreparedWrite {
  return {
    text: '',
    inputRows: 0,
    inputPath: [...path, 'input'],
    statements: () => [],
    result: () => (asValue ? { kind: 'value', value: [] } : { kind: 'json', json: '[]' }),
    write: () => Promise.resolve(),
    explained: () => undefined,
  };
}

function checkConflictColumns(graph: CreateGraph, upsert: Upsert, path: InputPath): void {
  if (graph.root.groups.length > 1) {
    throw inputError(
      'The rows of an upsert must all give an identity column (or all leave it out).',
      [...path, 'input'],
    );
  }
  const group = graph.root.groups[0];
  for (const column of upsert.constraint.columns) {
    // A row that left a defaulted one out would take its default only in the INSERT: DISTINCT ON
    // and the match of rows to keys read the input's (NULL) and would merge such rows.
    const partly = group !== undefined && partlyGiven(group, column) !== undefined;
    if ((!graph.root.given.has(column.name) || partly) && graph.root.rows.length > 0) {
      throw inputError(
        `An upsert on ${upsert.constraint.name} needs "${column.fieldName}" in every input row.`,
        [...path, 'onConflict'],
      );
    }
  }
}

/**
 * `readBack`: the statement reads rows a write stored the keys of (keyedRows), it writes none.
 * `make` sets `asRows.value` when its statement returns a list one row per element.
 */
function buildStatement(
  env: FieldEnv,
  variables: Variables,
  make: (context: BuildContext, asRows: { value: boolean }) => SqlNode,
  readBack = false,
): WriteStatement {
  const correlated = new Set<SqlNode>();
  const build = (mode: 'json' | 'value') => {
    // Table aliases made (`t1`, `t2`, …): one per level of rows or relation filter.
    let tables = 0;
    let n = 0;
    const context: BuildContext = {
      model: env.model,
      schema: env.request.schema,
      fragments: env.request.fragments,
      conditionValues: env.request.conditionValues,
      variables,
      correlated,
      alias: (prefix = 't') => {
        if (prefix === 't') tables++;
        return `${prefix}${++n}`;
      },
      objectType: (name) => env.request.schema.getType(name) as GraphQLObjectType,
      mode,
      sawComputed: { value: false },
      sawFloat: { value: false },
      sawLoose: { value: false },
      sawSpaced: { value: false },
      // A variable used at several places of one field (its `where`, its selection's aliases)
      // binds its values at each: bounded as a read's are, before the rest is built.
      bindings: { count: 0 },
    };
    const asRows = { value: false };
    const node = make(context, asRows);
    return {
      node,
      rebuild: context.sawComputed.value || context.sawFloat.value || context.sawLoose.value,
      list: asRows.value,
      spaced: context.sawSpaced?.value === true,
      tables,
    };
  };
  // A selection with computed fields, or one that may meet a non-finite Float, goes to the engine
  // as a value: it completes the rows (and raises the Float's field error) as for a read.
  let mode: 'json' | 'value' = env.forceValue ? 'value' : 'json';
  let result = build(mode);
  if (result.rebuild && mode === 'json') {
    mode = 'value';
    result = build(mode);
  }
  addStatementTags(result.node, env.model, env.writes);
  const { text, values } = compileSql(result.node);
  // Past what a driver takes, PGlite's client breaks for every later statement and postgres.js
  // fails the statement: refused as a read is (createPgSource.ts), before any SQL.
  if (values.length > MAX_BIND_PARAMETERS) throw tooManyBindings();
  // A create's write makes no alias (its rows are arrays of unknown length, whatever the values:
  // its plan, and those of the foreign-key checks of its rows, do not depend on them); an update
  // or a read-back of one level makes one. A read-back with a relation may have a per-parent
  // LIMIT $n that a generic plan gets wrong (docs/pg.md), and keeps custom plans, unless it binds
  // no value in a per-parent subquery (correlatedValue, as a read is marked): its limits are then
  // the default page size, written out (rowsSql.ts), and its plan depends on the key arrays
  // alone, whose length no plan knows better than a generic one does (docs/pg-mutations.md,
  // "Plans"). Under `auto` a batch of fewer than ten rows would keep custom plans, so it is
  // marked fixedPlan, not genericPlan.
  const fixedPlan = readBack && !correlatedValue(result.node, correlated);
  const { list, spaced, tables } = result;
  return { text, values, mode, genericPlan: tables <= 1, fixedPlan, list, spaced };
}

function bound(statement: WriteStatement, bag: Variables, nulChecked = false): BoundStatement {
  return {
    text: statement.text,
    values: bindValues(statement.values, bag, nulChecked),
    labels: statement.values.map((v) => (v instanceof Param ? v.label : JSON.stringify(v))),
    mode: statement.mode,
    genericPlan: statement.genericPlan,
    fixedPlan: statement.fixedPlan,
    list: statement.list,
    spaced: statement.spaced,
  };
}

/** The field's result from its last statement's cell, `json_agg`'s separators taken out. */
function fieldResult(statement: BoundStatement, cell: unknown): SourceFieldResult {
  const text = typeof cell === 'string' || cell instanceof Uint8Array ? cell : 'null';
  const json = statement.spaced ? compactSeparators(text) : text;
  return statement.mode === 'json'
    ? { kind: 'json', json }
    : { kind: 'value', value: JSON.parse(sourceJSONText(json)) as unknown };
}
