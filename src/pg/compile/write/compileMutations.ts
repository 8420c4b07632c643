import { GraphQLError } from 'graphql';
import {
  ErrorCode,
  type CompiledSourceQuery,
  type SourceCompileRequest,
  type SourceFieldResult,
} from '../../../engine/index.js';
import {
  StatementFailure,
  type QueryOptions,
  type QueryRows,
  type SetupStatement,
  type SqlClient,
  type SqlTransaction,
} from '../../driver/SqlClient.js';
import type { Model, TableModel } from '../../schema/Model.js';
import type { DatabaseErrorEvent } from '../createPgSource.js';
import { databaseError, report } from '../reportDatabaseError.js';
import { withRequestSettings, type PgSettingsHook } from '../requestSettings.js';
import { variablesShapeKey } from '../usedVariables.js';
import type { InputPath } from './createInput.js';
import { compileMutationField, type BoundStatement, type PreparedWrite } from './mutationField.js';
import { hiddenUpsertRow } from './returnedRowsSql.js';

/**
 * How often an operation whose transaction hit a serialization failure or a deadlock is run
 * again, in all. The transaction rolled back whole, so running it again is safe.
 */
const MAX_ATTEMPTS = 3;
const RETRYABLE: ReadonlySet<string> = new Set(['40001', '40P01']);
const NO_TAGS: ReadonlySet<string> = new Set();

/**
 * The mutation root fields of one operation (docs/pg.md, "Mutations"): all of them in ONE
 * transaction, one after the other, each seeing what the ones before it wrote. Every field's
 * input is read and checked before any SQL; a field runs at most two statements (its write and
 * its read-back), whatever its input's size and depth. Any error rolls everything back.
 */
export function compileMutations(
  model: Model,
  client: SqlClient,
  request: SourceCompileRequest,
  options: WriteOptions,
  forceValue: boolean,
): CompiledMutations {
  const { onDatabaseError, merge, pgSettings } = options;
  const writes = new Set<string>();
  const env = { model, request, shapeKey: variablesShapeKey(request), forceValue, merge, writes };
  const fields = request.fields.map((field) => {
    if (!model.mutationFields.has(field.fieldDef.name)) {
      throw new GraphQLError(`Mutation.${field.fieldDef.name} is not a reflected database field.`, {
        nodes: field.fieldNodes,
      });
    }
    return compileMutationField(env, field);
  });
  return {
    execute(variables, contextValue, abortable) {
      // Read at once (unlike a read's): a write that was given up before it began never starts,
      // and a mutation costs far more than following its signal.
      const signal = abortable?.signal;
      let prepared: PreparedWrite[];
      try {
        prepared = fields.map((field) => field.prepare(variables));
      } catch (error) {
        return Promise.reject(error);
      }
      return withRequestSettings(pgSettings, contextValue, (setup) =>
        runMutations(model, client, prepared, signal, setup),
      ).catch((error: unknown) => {
        if (error instanceof Failure) {
          if (onDatabaseError && !signal?.aborted)
            report(onDatabaseError, error.error, error.shown, error.text, contextValue);
          throw error.shown;
        }
        throw error;
      });
    },
    describe: () => {
      const statements = fields.flatMap((field) => field.last);
      return {
        text: statements.map((s) => s.text).join(';\n'),
        parameters: statements.flatMap((s, n) =>
          s.labels.map((label, i) => `statement ${n + 1}: $${i + 1} = ${label}`),
        ),
      };
    },
    prepare: (variables) => fields.map((field) => field.prepare(variables)),
    tags: { reads: NO_TAGS, writes },
  };
}

/** What the source's options say about writes (PgSourceOptions). */
export interface WriteOptions {
  readonly onDatabaseError: ((event: DatabaseErrorEvent) => void) | undefined;
  readonly merge: boolean;
  readonly pgSettings: PgSettingsHook | undefined;
}

export interface CompiledMutations extends CompiledSourceQuery {
  /** Each field's input read and checked for one request (what `execute` runs; for `explain`). */
  prepare(variables: Readonly<Record<string, unknown>>): PreparedWrite[];
}

/** A database error as the client sees it, with what the logs get. */
class Failure extends Error {
  constructor(
    readonly error: unknown,
    readonly shown: GraphQLError,
    readonly text: string,
  ) {
    super(shown.message);
  }
}

async function runMutations(
  model: Model,
  client: SqlClient,
  prepared: ReadonlyArray<PreparedWrite>,
  signal: AbortSignal | undefined,
  setup: SetupStatement | undefined,
): Promise<SourceFieldResult[]> {
  if (!client.transaction) {
    throw new GraphQLError('This database client cannot run transactions, so it takes no writes.', {
      extensions: { code: ErrorCode.DATABASE_ERROR },
    });
  }
  // The request's settings apply to every statement of the transaction (the driver runs the
  // setup first), and to the probes that locate a violating row.
  const options = signal === undefined && setup === undefined ? undefined : { signal, setup };
  // Every field's statements, in order: none needs what an earlier one returned to Node, so a
  // client that pipelines sends them together (SqlClient.transactionBatch).
  const statements: BoundStatement[] = [];
  const owner: number[] = [];
  const lastOf: number[] = [];
  prepared.forEach((field, i) => {
    for (const statement of field.statements()) {
      statements.push(statement);
      owner.push(i);
    }
    lastOf.push(statements.length - 1);
  });
  const results = (rows: ReadonlyArray<QueryRows>) =>
    prepared.map((field, i) => {
      const at = lastOf[i] as number;
      return field.result(at >= 0 && owner[at] === i ? rows[at] : undefined);
    });
  if (statements.length === 0) return results([]);
  for (let attempt = 1; ; attempt++) {
    let at = 0;
    try {
      const rows =
        statements.length === 1
          ? [await alone(client, statements[0] as BoundStatement, options)]
          : client.transactionBatch
            ? await client.transactionBatch(statements, options)
            : await client.transaction(async (tx) => {
                const all: QueryRows[] = [];
                for (at = 0; at < statements.length; at++) {
                  const { text, values } = statements[at] as BoundStatement;
                  all.push(await tx.query(text, values));
                }
                return all;
              }, options);
      return results(rows);
    } catch (caught) {
      let error = caught;
      if (error instanceof StatementFailure) {
        at = error.index;
        error = error.error;
      }
      // COMMIT's own failure (a deferred constraint): the last field's.
      const failing = owner[Math.min(at, statements.length - 1)] as number;
      if (error instanceof GraphQLError) throw error;
      const sqlState = sqlStateOf(error);
      if (
        sqlState !== undefined &&
        RETRYABLE.has(sqlState) &&
        attempt < MAX_ATTEMPTS &&
        !signal?.aborted
      )
        continue;
      const field = prepared[failing] as PreparedWrite;
      if (hiddenUpsertRow(error)) throw new Failure(error, hiddenRowError(), field.text);
      const failure = databaseError(error);
      const located =
        sqlState !== undefined && /^2[23]/.test(sqlState)
          ? await violation(model, client, prepared, failing, error, failure, options)
          : failure;
      throw new Failure(error, located, field.text);
    }
  }
}

/**
 * The operation's one statement (a delete, or a create or update answered by its own statement):
 * atomic alone, so it runs without BEGIN and COMMIT around it, unless the request's settings come
 * first (the driver then runs both in a transaction of their own). On the primary: a client over
 * read replicas sends statements outside a transaction to a replica.
 */
function alone(
  client: SqlClient,
  statement: BoundStatement,
  options: QueryOptions | undefined,
): Promise<QueryRows> {
  const primary = client.primary ?? client;
  const queryOptions = { ...options, genericPlan: statement.genericPlan };
  return primary.queryBytes
    ? primary.queryBytes(statement.text, statement.values, queryOptions)
    : primary.query(statement.text, statement.values, queryOptions);
}

/**
 * A constraint violation (or a value PostgreSQL refused), with where it happened: the constraint,
 * the GraphQL type and fields it covers, and `inputPath`, the input row that broke it. For a
 * list of rows the row is found by running the write again on ever shorter prefixes of the list,
 * each in a transaction that is rolled back (binary search: about log2(rows) statements, on this
 * path only); the first prefix that fails ends with the culprit.
 */
async function violation(
  model: Model,
  client: SqlClient,
  prepared: ReadonlyArray<PreparedWrite>,
  failing: number,
  error: unknown,
  failure: GraphQLError,
  options: QueryOptions | undefined,
): Promise<GraphQLError> {
  const field = prepared[failing] as PreparedWrite;
  const details = error as Record<string, unknown>;
  const constraint = text(details['constraint_name'] ?? details['constraint']);
  const tableName = text(details['table_name'] ?? details['table']);
  const schemaName = text(details['schema_name'] ?? details['schema']);
  const columnName = text(details['column_name'] ?? details['column']);
  const table = [...model.tables.values()].find(
    (t) =>
      t.table.name === tableName && (schemaName === undefined || t.table.schema === schemaName),
  );
  const columns = constraintColumns(table, constraint, columnName);
  let inputPath: InputPath = field.inputPath;
  if (field.inputRows !== undefined && field.inputRows > 0 && client.transaction) {
    const sqlState = sqlStateOf(error);
    const fails = async (rows: number): Promise<boolean> => {
      try {
        await client.transaction!(async (tx: SqlTransaction) => {
          for (let i = 0; i < failing; i++) await (prepared[i] as PreparedWrite).write(tx);
          await field.write(tx, rows);
          // A deferred constraint is checked at COMMIT, which a probe never reaches: checked
          // here instead (SET CONSTRAINTS … IMMEDIATE runs the checks still pending).
          await tx.query('SET CONSTRAINTS ALL IMMEDIATE');
          throw ROLLBACK;
        }, options);
      } catch (probe) {
        if (probe === ROLLBACK) return false;
        return sqlStateOf(probe) === sqlState;
      }
      return false;
    };
    let low = 1;
    let high = field.inputRows;
    while (low < high) {
      const middle = Math.floor((low + high) / 2);
      if (await fails(middle)) high = middle;
      else low = middle + 1;
    }
    inputPath = [...field.inputPath, low - 1];
  }
  return new GraphQLError(failure.message, {
    originalError: failure.originalError ?? undefined,
    extensions: {
      ...failure.extensions,
      ...(constraint === undefined ? {} : { constraint }),
      ...(table ? { type: table.typeName } : {}),
      ...(columns.length > 0 ? { columns } : {}),
      inputPath,
    },
  });
}

const ROLLBACK = new Error('rolled back on purpose');

/** The GraphQL field names of a violated constraint's columns (unique, foreign key, not-null). */
function constraintColumns(
  table: TableModel | undefined,
  constraint: string | undefined,
  column: string | undefined,
): string[] {
  if (!table) return [];
  const fieldOf = (name: string) =>
    [...table.columns.values()].find((c) => c.name === name)?.fieldName ?? name;
  const key = [...(table.write?.constraints.values() ?? [])].find((k) => k.name === constraint);
  if (key) return key.columns.map((c) => c.fieldName);
  const fk = table.table.foreignKeys.find((k) => k.name === constraint);
  if (fk) return fk.columns.map(fieldOf);
  return column === undefined ? [] : [fieldOf(column)];
}

/**
 * A single-row upsert that found no row to answer (returnedRowsSql.requireRow): the row with its
 * key is hidden from the request's role. Exactly the error PostgreSQL's refusal to change the
 * hidden row gives (42501, classifyDatabaseError), so the answer tells nothing of the row's
 * values: the same whether the upsert would have changed it or left it alone.
 */
function hiddenRowError(): GraphQLError {
  return databaseError(
    Object.assign(new Error('no row for a single-row upsert'), { code: '42501' }),
  );
}

function sqlStateOf(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) ? code : undefined;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}
