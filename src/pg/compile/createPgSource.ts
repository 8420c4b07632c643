import type { GraphQLObjectType } from 'graphql';
import {
  isAborted,
  sourceJSONText,
  type Abortable,
  type CompiledSourceQuery,
  type DataSource,
  type SourceCompileRequest,
  type SourceFieldResult,
  type SourceRootField,
} from '../../engine/index.js';
import type { QueryOptions, SetupStatement, SqlClient } from '../driver/SqlClient.js';
import { compileSql } from '../sql/compileSql.js';
import type { SqlNode } from '../sql/SqlNode.js';
import { correlatedValue } from './correlatedValue.js';
import { flatRowsBytes } from './flatRowsBytes.js';
import { flatRowsJson, type FlatRows } from './flatRowsSql.js';
import { listRowsJson } from './listRowsJson.js';
import type { Model } from '../schema/Model.js';
import { MAX_BIND_PARAMETERS } from './BuildContext.js';
import { bindValues, Param, type Variables } from './Param.js';
import { tooManyBindings } from './readArgument.js';
import { withRequestSettings, type PgSettingsHook } from './requestSettings.js';
import { rootFieldsSql } from './rootFieldsSql.js';
import { databaseError, report } from './reportDatabaseError.js';
import { StatementCache } from './StatementCache.js';
import { addStatementTags } from './statementTags.js';
import { compileMutations } from './write/compileMutations.js';
import type { PreparedWrite } from './write/mutationField.js';
import { compactSeparators } from './compactSeparators.js';
import { variablesShapeKey } from './usedVariables.js';

export { databaseError } from './reportDatabaseError.js';

/** One statement text for one shape of the variables, with what each parameter reads. */
export interface Statement {
  readonly text: string;
  readonly values: ReadonlyArray<unknown>;
  readonly modes: ReadonlyArray<'json' | 'value'>;
  /** Per root field: may its JSON hold a Float (see `NON_FINITE`)? */
  readonly floats: ReadonlyArray<boolean>;
  /** Per root field: is its JSON text rewritten compact after the statement (see `compact`)? */
  readonly loose: ReadonlyArray<boolean>;
  /** Per root field: does its text hold `json_agg`'s `, \n ` (compactSeparators takes it out)? */
  readonly spaced: ReadonlyArray<boolean>;
  /** Set when the statement returns the one root field's plain rows (flatRowsSql.ts). */
  readonly rows?: FlatRows | undefined;
  /** Set when the statement returns the one root field's list one row per element (listRowsJson). */
  readonly list?: boolean | undefined;
  /**
   * No value is bound in a subquery run per row of another level (a relation field's or a
   * relation filter's): it may run under a generic plan (QueryOptions.genericPlan). A nested
   * list's per-parent `LIMIT $n` is what a generic plan gets wrong (docs/pg.md); a limit the
   * request gives none is the default page size, written out (rowsSql.ts), which a generic plan
   * knows. The root level's values (its key, filter, limit) are weighed by `auto` as a flat
   * statement's are.
   */
  readonly genericPlan: boolean;
}

/** A statement that failed, for logs (`PgSourceOptions.onDatabaseError`). */
export interface DatabaseErrorEvent {
  /** What the database or the driver said, in full (with PostgreSQL's detail and hint). */
  readonly message: string;
  /** The `extensions.code` the client was given (DATABASE_ERROR, DATABASE_TIMEOUT, …). */
  readonly code: string;
  /** PostgreSQL's SQLSTATE, when it reported one. */
  readonly sqlState?: string;
  /**
   * A stable short name of the statement: `sluice_` and the first 12 hex digits of the SHA-1 of
   * its text. The same statement has the same name in every process, so log lines group by it.
   */
  readonly statement: string;
  /** The request's context (as given to `execute`), so that a logger can find its request id. */
  readonly contextValue: unknown;
}

export interface PgSourceOptions {
  /**
   * Create rows with `MERGE … RETURNING` (PostgreSQL 17 and later), which hands back each inserted
   * row with its input's ordinality, instead of `INSERT … SELECT … RETURNING`, whose rows are
   * matched to the input by their order. `reflect` sets it from the server's version.
   */
  readonly mergeReturning?: boolean | undefined;
  /**
   * Called once per statement that fails (not for one given up through its signal), with what
   * the database said: clients are told only a code and the SQLSTATE, since PostgreSQL's message
   * can quote data. For logs; an exception it throws is ignored. Default: none.
   */
  readonly onDatabaseError?: ((event: DatabaseErrorEvent) => void) | undefined;
  /**
   * Who each request runs as (docs/auth.md): called with the request's `contextValue`, it gives
   * the role and settings its statements run with (`set_config(…, true)` in the statement's
   * transaction, for row-level security policies). A read then runs as one transaction sent in
   * one round trip; a mutation applies them first in its own. A request it gives nothing for
   * runs as without the hook. Default: none (every request as the connecting user).
   */
  readonly pgSettings?: PgSettingsHook | undefined;
  /**
   * Answer a query whose one root field selects only columns whose JSON is their plain value
   * (flatRowsSql.ts) with the plain rows, their JSON written in Node, instead of a statement that
   * builds the JSON in PostgreSQL. That costs PostgreSQL less CPU per request and Node more
   * (docs/pg.md, "Where the JSON is written"): for deployments where the database is the
   * bottleneck and Node processes are added easily. Default: off.
   */
  readonly plainRows?: boolean | undefined;
}

export interface PgSource extends DataSource {
  readonly model: Model;
  readonly client: SqlClient;
  /** Builds the statement of a compile request for given variables (for `explain` and tests). */
  statementFor(request: SourceCompileRequest, variables: Variables): Statement;
  /**
   * Like `compile`, but every field in value mode: for running the schema on plain graphql-js,
   * where root fields are resolved one by one (see `buildSchema`'s fallback resolvers).
   */
  compileValues(request: SourceCompileRequest): CompiledSourceQuery;
  /** A mutation's fields, their input read and checked for given variables (for `explain`). */
  prepareMutations(request: SourceCompileRequest, variables: Variables): PreparedWrite[];
}

/** Most statement shapes kept per operation (variables that change the SQL text, see below). */
const MAX_SHAPES = 32;

/**
 * Most bytes of SQL text kept per operation, over all its shapes (StatementCache.ts). The
 * statement of an ordinary operation is a few kB, so 1 MiB holds all 32 shapes of it; the bound
 * binds only for huge documents, whose statements are then built per request.
 */
const MAX_SHAPE_BYTES = 1024 * 1024;

/**
 * How PostgreSQL writes a float8/float4 NaN or ±Infinity in JSON: as a string. GraphQL's Float
 * cannot represent them (spec §3.5.2, "Float": non-finite values raise a field error), and a
 * spliced string would be a wrong answer. A json-mode field whose text holds one of these strings
 * is therefore run again in value mode, where the engine completes the rows and graphql-js's Float
 * serialize turns each such value into a field error (null, propagated as for any field error).
 * A String value that is exactly "NaN" or "Infinity" also matches: it costs the second statement,
 * and the answer is the same.
 */
const NO_TAGS: ReadonlySet<string> = new Set();

const NON_FINITE = /"(?:NaN|-?Infinity)"/;

/**
 * The DataSource (src/engine/source/DataSource.ts) that turns reflected root fields into ONE SQL
 * statement. Values always become parameters. What changes the statement's text is the *shape*
 * of the variables: which are null, which fields of an input object are given, the values of
 * OrderDirection and of the column enums (distinctOn, groupBy). The common case (no input-object variables) has one shape; each shape is built once and
 * kept with the plan.
 */
export function createPgSource(
  model: Model,
  client: SqlClient,
  options: PgSourceOptions = {},
): PgSource {
  const { onDatabaseError, pgSettings } = options;
  const plainRows = options.plainRows === true;
  const merge = options.mergeReturning === true;
  const writes = { onDatabaseError, merge, pgSettings };
  const source: PgSource = {
    name: 'postgres',
    model,
    client,
    statementFor: (request, variables) =>
      buildStatement(model, request, variables, false, plainRows),
    compile: (request) => compile(request, false),
    compileValues: (request) => compile(request, true),
    prepareMutations: (request, variables) =>
      compileMutations(model, client, request, writes, false).prepare(variables),
  };
  function compile(request: SourceCompileRequest, forceValue: boolean): CompiledSourceQuery {
    if (request.parentType === request.schema.getMutationType())
      return compileMutations(model, client, request, writes, forceValue);
    const shapes = new StatementCache<Statement>(MAX_SHAPES, MAX_SHAPE_BYTES);
    const shapeKey = variablesShapeKey(request);
    // The tables of every shape built so far: a superset of what the statement that ran reads.
    const reads = new Set<string>();
    const statement = (variables: Variables): Statement =>
      shapes.get(shapeKey(variables), () =>
        buildStatement(model, request, variables, forceValue, plainRows, reads),
      );
    /**
     * The statement of some root fields (by index): in value mode for the NON_FINITE case, else
     * for the fields left when others were refused on their own.
     */
    const subsetStatement = (indexes: number[], variables: Variables, value: boolean) =>
      shapes.get(`${shapeKey(variables)}${value ? 'value' : 'fields'}:${indexes.join(',')}`, () =>
        buildStatement(
          model,
          subset(request, indexes),
          variables,
          value || forceValue,
          !value && plainRows,
          reads,
        ),
      );
    // Build the all-absent shape now, so a document the compiler refuses fails at plan time. With
    // several root fields, one of them refused (a literal node id Sluice did not make) is that
    // field's error, found per request (withoutRefused), not the operation's.
    let last: Statement | undefined;
    try {
      last = statement({});
    } catch (error) {
      if (request.fields.length < 2) throw error;
    }
    /**
     * The statement's results, one per column; `fields`, when the statement answers only some of
     * the request's root fields, the index of each column's field.
     */
    const answer = (
      built: Statement,
      fields: ReadonlyArray<number> | undefined,
      variables: Variables,
      contextValue: unknown,
      abortable: Abortable | undefined,
      setup: SetupStatement | undefined,
    ): Promise<SourceFieldResult[]> => {
      const options = queryOptions(abortable, setup, built.genericPlan);
      // Binds the values: throws here, before any statement, for a value a Param refuses.
      const ran = run(built, variables, contextValue, options);
      return ran.then((results) => {
        // Loops, and the list made only when needed: this runs on every request.
        let nonFinite: number[] | undefined;
        for (let i = 0; i < results.length; i++) {
          const result = results[i]!;
          if (built.floats[i] && result.kind === 'json' && hasNonFinite(result.json))
            (nonFinite ??= []).push(i);
        }
        if (nonFinite === undefined) return compact(built, results);
        const fieldIndexes = fields === undefined ? nonFinite : nonFinite.map((i) => fields[i]!);
        const retry = subsetStatement(fieldIndexes, variables, true);
        const retryOptions = queryOptions(abortable, setup, retry.genericPlan);
        const again = run(retry, variables, contextValue, retryOptions);
        return again.then((values) => {
          nonFinite.forEach((i, k) => (results[i] = values[k] as SourceFieldResult));
          return compact(built, results);
        });
      });
    };
    /**
     * After building or binding the statement failed: each root field built and bound alone, so
     * that a field whose request values are refused (a forged node id or cursor, a negative limit)
     * gets its own error, and the others are answered by one statement built without it. When no
     * field fails alone (the operation as a whole binds too many values), every field gets the
     * error, as before.
     */
    const withoutRefused = (
      failure: unknown,
      variables: Variables,
      contextValue: unknown,
      abortable: Abortable | undefined,
      setup: SetupStatement | undefined,
    ): Promise<SourceFieldResult[]> => {
      const refused = request.fields.map((_, i) =>
        refusal(model, subset(request, [i]), variables, forceValue, plainRows),
      );
      const kept = refused.flatMap((error, i) => (error === undefined ? [i] : []));
      if (kept.length === request.fields.length) return Promise.reject(failure);
      let answered: Promise<SourceFieldResult[]>;
      if (kept.length === 0) answered = Promise.resolve([]);
      else {
        try {
          const built = subsetStatement(kept, variables, false);
          last = built;
          answered = answer(built, kept, variables, contextValue, abortable, setup);
        } catch (error) {
          return Promise.reject(error);
        }
      }
      return answered.then((results) => {
        let k = 0;
        return refused.map((error): SourceFieldResult =>
          error === undefined ? (results[k++] as SourceFieldResult) : { kind: 'error', error },
        );
      });
    };
    /** One request: its statement, after the setup of its settings when it has any. */
    const execute = (
      variables: Variables,
      contextValue: unknown,
      abortable: Abortable | undefined,
      setup: SetupStatement | undefined,
    ): Promise<SourceFieldResult[]> => {
      try {
        const built = statement(variables);
        last = built;
        return answer(built, undefined, variables, contextValue, abortable, setup);
      } catch (error) {
        if (request.fields.length < 2) return Promise.reject(error);
        return withoutRefused(error, variables, contextValue, abortable, setup);
      }
    };
    return {
      execute: pgSettings
        ? (variables, contextValue, abortable) =>
            withRequestSettings(pgSettings, contextValue, (setup) =>
              execute(variables, contextValue, abortable, setup),
            )
        : (variables, contextValue, abortable) =>
            execute(variables, contextValue, abortable, undefined),
      tags: { reads, writes: NO_TAGS },
      describe: () => ({
        text: last?.text ?? '',
        parameters: (last?.values ?? []).map(
          (v, i) => `$${i + 1} = ${v instanceof Param ? v.label : JSON.stringify(v)}`,
        ),
      }),
    };
  }
  /** Runs one statement; a failure becomes a GraphQLError for the client and an event for logs. */
  function run(
    statement: Statement,
    variables: Variables,
    contextValue: unknown,
    abortable: QueryOptions | undefined,
  ): Promise<SourceFieldResult[]> {
    const values = bindValues(statement.values, variables);
    const fail = (error: unknown) => {
      const failure = databaseError(error);
      if (onDatabaseError && !abortable?.signal?.aborted)
        report(onDatabaseError, error, failure, statement.text, contextValue);
      throw failure;
    };
    const flat = statement.rows;
    if (flat !== undefined) {
      // The rows written as the field's JSON here: from their bytes where the driver gives them,
      // else from the decoded values (numbers, booleans, strings).
      if (client.queryBytes) {
        return client
          .queryBytes(statement.text, values, abortable)
          .then(
            (rows): SourceFieldResult[] => [{ kind: 'json', json: flatRowsBytes(rows, flat) }],
            fail,
          );
      }
      return client
        .query(statement.text, values, abortable)
        .then(
          (rows): SourceFieldResult[] => [{ kind: 'json', json: flatRowsJson(rows, flat) }],
          fail,
        );
    }
    // Bytes where the driver can give them: a json-mode column then goes to the response undecoded.
    // The request's abortable is the query's options: its `signal` is read only if the query is
    // slow or must wait (QueryOptions).
    const rows = client.queryBytes
      ? client.queryBytes(statement.text, values, abortable)
      : client.query(statement.text, values, abortable);
    return rows.then((rows) => {
      // A root list read one row per element is the one field's cell once joined.
      const row = statement.list === true ? [listRowsJson(rows)] : (rows[0] ?? []);
      return statement.modes.map((mode, i): SourceFieldResult => {
        const cell = row[i];
        const json = typeof cell === 'string' || cell instanceof Uint8Array ? cell : 'null';
        if (mode === 'value') return { kind: 'value', value: JSON.parse(sourceJSONText(json)) };
        return { kind: 'json', json: statement.spaced[i] ? compactSeparators(json) : json };
      });
    }, fail);
  }
  return source;
}

/** The request for some of its root fields (by index). */
function subset(
  request: SourceCompileRequest,
  indexes: ReadonlyArray<number>,
): SourceCompileRequest {
  return { ...request, fields: indexes.map((i) => request.fields[i] as SourceRootField) };
}

/**
 * The error building or binding the statement of `request` (one root field) raises for these
 * variables, or undefined: what makes that field's own error when the operation's statement
 * fails. Nothing runs; tags are not recorded (the statement is not kept).
 */
function refusal(
  model: Model,
  request: SourceCompileRequest,
  variables: Variables,
  forceValue: boolean,
  plainRows: boolean,
): Error | undefined {
  try {
    bindValues(buildStatement(model, request, variables, forceValue, plainRows).values, variables);
    return undefined;
  } catch (error) {
    return error instanceof Error ? error : new Error(String(error));
  }
}

function buildStatement(
  model: Model,
  request: SourceCompileRequest,
  variables: Variables,
  forceValue: boolean,
  plainRows: boolean,
  reads?: Set<string>,
): Statement {
  let n = 0;
  const correlated = new Set<SqlNode>();
  const { node, modes, floats, loose, spaced, rows, list } = rootFieldsSql(
    {
      model,
      schema: request.schema,
      fragments: request.fragments,
      conditionValues: request.conditionValues,
      variables,
      correlated,
      alias: (prefix = 't') => `${prefix}${++n}`,
      objectType: (name) => request.schema.getType(name) as GraphQLObjectType,
      bindings: { count: 0 },
    },
    model,
    request.fields,
    forceValue,
    plainRows,
    true,
    true,
  );
  if (reads !== undefined) addStatementTags(node, model, reads);
  const { text, values } = compileSql(node);
  // The count while building bounds what arguments bind; this, everything else too.
  if (values.length > MAX_BIND_PARAMETERS) throw tooManyBindings();
  const genericPlan = !correlatedValue(node, correlated);
  return { text, values, modes, floats, loose, spaced, rows, list, genericPlan };
}

/**
 * The results with each json-mode field whose text PostgreSQL may not have written as
 * JSON.stringify would (RootStatement.loose: floats, json/jsonb values, json_build_object)
 * rewritten by JSON.stringify, so that every response is compact and byte for byte what
 * graphql-js would answer. Other fields' JSON is already compact (jsonArray, jsonRow) and passes
 * through untouched.
 */
function compact(statement: Statement, results: SourceFieldResult[]): SourceFieldResult[] {
  for (let i = 0; i < results.length; i++) {
    const result = results[i]!;
    if (statement.loose[i] && result.kind === 'json') {
      results[i] = { kind: 'json', json: JSON.stringify(JSON.parse(sourceJSONText(result.json))) };
    }
  }
  return results;
}

/** NON_FINITE.test on text or on UTF-8 bytes (the strings it matches are ASCII). */
export function hasNonFinite(json: string | Uint8Array): boolean {
  if (typeof json === 'string') return NON_FINITE.test(json);
  const bytes = Buffer.from(json.buffer, json.byteOffset, json.length);
  return bytes.includes('"NaN"') || bytes.includes('"Infinity"') || bytes.includes('"-Infinity"');
}

/**
 * The query options of a request: its setup when it has settings, whether its statement may run
 * under a generic plan, and its signal read only when the driver asks for it (the engine's
 * `signal` may be a getter that makes it). `aborted` passes the request's own answer on, so that
 * a query waiting for a connection is checked without making the signal (ConnectionGate asks
 * every waiter). Without either, the abortable as it is.
 */
function queryOptions(
  abortable: Abortable | undefined,
  setup: SetupStatement | undefined,
  genericPlan: boolean,
): QueryOptions | undefined {
  if (setup === undefined && !genericPlan) return abortable;
  return {
    setup,
    genericPlan,
    get signal() {
      return abortable?.signal;
    },
    get aborted() {
      return isAborted(abortable);
    },
  };
}
