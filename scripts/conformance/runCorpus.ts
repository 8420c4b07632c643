import { readFileSync } from 'node:fs';
import {
  buildSchema,
  GraphQLError,
  parse,
  validate,
  type DocumentNode,
  type GraphQLSchema,
} from 'graphql';
import type { Engine } from '../../src/engine/index.js';
import type { CaseResult } from './CaseResult.js';
import { checkExecution } from './checkExecution.js';
import { checkRejection } from './checkRejection.js';
import type { Contender } from './Contender.js';
import type { CorpusQuery, CorpusSchema } from './listCorpus.js';
import { messageOf } from './settle.js';
import { wireSchema } from './wireSchema.js';

/**
 * The request entry with every limit off: the corpus tests the GraphQL semantics, and a limit
 * tripping here would be a configuration, not a conformance, difference.
 */
const createUnlimitedEngine = (contender: Contender, schema: GraphQLSchema): Engine =>
  contender.createEngine({
    schema,
    planCacheSize: 100_000,
    maxTokens: Infinity,
    maxDepth: Infinity,
    maxAliases: Infinity,
    maxDirectives: Infinity,
    maxCost: Infinity,
  });

/** Runs every case of the listed schemas and returns one result per case, in corpus order. */
export async function runCorpus(
  contender: Contender,
  schemas: readonly CorpusSchema[],
  onSchemaDone?: (done: number, total: number) => void,
): Promise<CaseResult[]> {
  const results: CaseResult[] = [];
  for (const [index, corpusSchema] of schemas.entries()) {
    results.push(...(await runSchema(contender, corpusSchema)));
    onSchemaDone?.(index + 1, schemas.length);
  }
  return results;
}

async function runSchema(contender: Contender, corpusSchema: CorpusSchema): Promise<CaseResult[]> {
  let schema: GraphQLSchema;
  try {
    schema = wireSchema(buildSchema(readFileSync(corpusSchema.schemaPath, 'utf8')));
  } catch (error) {
    const reason = `graphql-js buildSchema threw: ${messageOf(error)}`;
    return corpusSchema.queries.flatMap((query) => unscored(query, reason));
  }
  let engine: Engine;
  try {
    engine = createUnlimitedEngine(contender, schema);
  } catch (error) {
    // graphql-js built the schema, so Sluice must take it: every case of this schema fails.
    const problem = `createEngine threw ${messageOf(error)}`;
    return corpusSchema.queries.flatMap((query) =>
      query.cases.map(({ id }) => ({
        kind: 'scored' as const,
        id,
        queryPath: query.queryPath,
        category: 'executed' as const,
        failures: [{ check: 'entry' as const, problem }],
      })),
    );
  }
  const results: CaseResult[] = [];
  for (const query of corpusSchema.queries) {
    results.push(...(await runQuery(contender, engine, schema, query)));
  }
  return results;
}

async function runQuery(
  contender: Contender,
  engine: Engine,
  schema: GraphQLSchema,
  query: CorpusQuery,
): Promise<CaseResult[]> {
  const text = readFileSync(query.queryPath, 'utf8');
  const { queryPath } = query;
  let document: DocumentNode | undefined;
  let rejection: { phase: 'parse' | 'validate'; errors: readonly GraphQLError[] } | undefined;
  try {
    document = parse(text);
  } catch (error) {
    if (!(error instanceof GraphQLError))
      return unscored(query, `graphql-js parse threw: ${messageOf(error)}`);
    rejection = { phase: 'parse', errors: [error] };
  }
  if (document) {
    try {
      const errors = validate(schema, document);
      if (errors.length > 0) rejection = { phase: 'validate', errors };
    } catch (error) {
      return unscored(query, `graphql-js validate threw: ${messageOf(error)}`);
    }
  }

  const results: CaseResult[] = [];
  for (const { id, variablesPath } of query.cases) {
    if (rejection || !document) {
      // A rejected document never reaches execution, so its variables do not matter.
      const failures = rejection
        ? checkRejection(engine, text, rejection.phase, rejection.errors)
        : [];
      results.push({ kind: 'scored', id, queryPath, category: 'invalid', failures });
      continue;
    }
    const variablesText =
      variablesPath === undefined ? undefined : readFileSync(variablesPath, 'utf8');
    // The same document object for every variables file: Sluice plans it once and reuses the plan.
    const check = await checkExecution(contender, engine, {
      schema,
      document,
      text,
      variablesText,
    });
    if (!check.scored) {
      results.push({ kind: 'unscored', id, reason: check.reason });
    } else {
      const { failures, keyOrder } = check;
      results.push({
        kind: 'scored',
        id,
        queryPath,
        category: 'executed',
        failures,
        ...(keyOrder ? { keyOrder } : {}),
      });
    }
  }
  return results;
}

const unscored = (query: CorpusQuery, reason: string): CaseResult[] =>
  query.cases.map(({ id }) => ({ kind: 'unscored', id, reason }));
