import type { DocumentNode, GraphQLSchema } from 'graphql';
import type { PgSource } from './compile/createPgSource.js';
import { bindValues, Param } from './compile/Param.js';
import type { BoundStatement } from './compile/write/mutationField.js';
import type { SourceCompileRequest } from '../engine/index.js';
import { operationSourceFields } from './compile/operationSourceFields.js';

export interface ExplainOptions {
  readonly variables?: Record<string, unknown>;
  readonly operationName?: string;
  /** Run the statement: EXPLAIN (ANALYZE, BUFFERS) with actual times and row counts. */
  readonly analyze?: boolean;
}

export interface ExplainResult extends ExplainedStatement {
  /**
   * A mutation's statements, one after the other in one transaction: per root field its write and
   * its read-back (a delete is one statement). `sql`, `parameters` and `plan` above are the first's.
   */
  readonly statements?: ReadonlyArray<ExplainedStatement & { readonly title: string }>;
}

export interface ExplainedStatement {
  /** The statement exactly as Sluice sends it. */
  readonly sql: string;
  /** Each `$n`: where its value comes from (a variable path or a literal) and the value bound now. */
  readonly parameters: ReadonlyArray<{
    readonly name: string;
    readonly from: string;
    readonly value: unknown;
  }>;
  /** PostgreSQL's EXPLAIN output (text format). */
  readonly plan: string;
}

/**
 * The SQL of an operation's database fields, its parameter map and PostgreSQL's plan, for a DBA to
 * read and tune (the `sluice explain` command prints this).
 */
export async function explain(
  schema: GraphQLSchema,
  query: string | DocumentNode,
  options: ExplainOptions = {},
): Promise<ExplainResult> {
  const { request, source, variables } = operationSourceFields(schema, query, {
    ...(options.variables ? { variables: options.variables } : {}),
    ...(options.operationName ? { operationName: options.operationName } : {}),
  });
  if (!source) throw new Error('The operation selects no database field.');
  if (request.parentType === schema.getMutationType())
    return explainMutations(source, request, variables, options.analyze === true);
  const statement = source.statementFor(request, variables);
  const values = bindValues(statement.values, variables);
  const parameters = statement.values.map((v, i) => ({
    name: `$${i + 1}`,
    from: v instanceof Param ? v.label : 'constant',
    value: values[i],
  }));
  // SETTINGS lists the planner settings that differ from the defaults (Sluice's and --pg-settings).
  const explainSql = `EXPLAIN (${options.analyze ? 'ANALYZE, BUFFERS, ' : ''}SETTINGS, FORMAT TEXT) ${statement.text}`;
  const rows = await source.client.query(explainSql, values);
  return { sql: statement.text, parameters, plan: rows.map((r) => String(r[0])).join('\n') };
}

const ROLLBACK = new Error('explain rolls back');

/**
 * EXPLAIN of every statement of a mutation, in one transaction that is always rolled back. Plain
 * EXPLAIN runs nothing, so a read-back is planned for the keys it would get as unknown (no rows).
 * With `analyze`, each write runs under EXPLAIN ANALYZE, is undone to a savepoint, then runs again
 * plainly for its keys, so the read-back and the next fields see what it wrote, as they would.
 */
async function explainMutations(
  source: PgSource,
  request: SourceCompileRequest,
  variables: Record<string, unknown>,
  analyze: boolean,
): Promise<ExplainResult> {
  const steps = source.prepareMutations(request, variables);
  const client = source.client;
  if (!client.transaction) throw new Error('This database client cannot run transactions.');
  const prefix = `EXPLAIN (${analyze ? 'ANALYZE, BUFFERS, ' : ''}SETTINGS, FORMAT TEXT) `;
  const statements: Array<ExplainedStatement & { title: string }> = [];
  const describe = (
    title: string,
    statement: BoundStatement,
    plan: ReadonlyArray<ReadonlyArray<unknown>>,
  ) =>
    statements.push({
      title,
      sql: statement.text,
      parameters: statement.values.map((value, i) => ({
        name: `$${i + 1}`,
        from: statement.labels[i] ?? 'constant',
        value,
      })),
      plan: plan.map((r) => String(r[0])).join('\n'),
    });
  try {
    await client.transaction(async (tx) => {
      for (const [i, step] of steps.entries()) {
        const explained = step.explained();
        if (!explained) continue;
        const field = request.fields[i]?.responseKey ?? String(i);
        const { write, readBack } = explained;
        if (analyze) {
          await tx.query('SAVEPOINT sluice_explain');
          describe(`${field}: write`, write, await tx.query(prefix + write.text, write.values));
          await tx.query('ROLLBACK TO SAVEPOINT sluice_explain');
          // Run for real (rolled back with the rest): the read-back reads the keys it stores.
          await tx.query(write.text, write.values);
        } else {
          describe(`${field}: write`, write, await tx.query(prefix + write.text, write.values));
        }
        if (readBack) {
          describe(
            `${field}: read-back`,
            readBack,
            await tx.query(prefix + readBack.text, readBack.values),
          );
        }
      }
      throw ROLLBACK;
    });
  } catch (error) {
    if (error !== ROLLBACK) throw error;
  }
  const [first] = statements;
  if (!first) throw new Error('The mutation writes nothing (an empty input list).');
  return { ...first, statements };
}
