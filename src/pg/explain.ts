import type { DocumentNode, GraphQLSchema } from 'graphql';
import { bindValues, Param } from './compile/Param.js';
import { operationSourceFields } from './compile/operationSourceFields.js';

export interface ExplainOptions {
  readonly variables?: Record<string, unknown>;
  readonly operationName?: string;
  /** Run the statement: EXPLAIN (ANALYZE, BUFFERS) with actual times and row counts. */
  readonly analyze?: boolean;
}

export interface ExplainResult {
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
