import type { GraphQLSchema } from 'graphql';
import { expect } from 'vitest';
import { createEngine } from '../../../src/engine/index.js';
import type { countStatements } from '../../../src/pg/driver/countStatements.js';
import { runOperation } from './runOperation.js';

export interface RunBody {
  readonly data: Record<string, unknown>;
  readonly errors?: ReadonlyArray<{ message: string; extensions?: { code?: string } }>;
}

/**
 * `run`: an operation through runOperation on the schema `schema()` gives (read when called, so a
 * schema reflected in beforeAll can be named at the top of a file), with its parsed body and SQL;
 * `data`: the same, expecting no errors.
 */
export function reflectedRunners(schema: () => GraphQLSchema): {
  run(query: string, variables?: Record<string, unknown>): Promise<{ body: RunBody; sql: string }>;
  data(
    query: string,
    variables?: Record<string, unknown>,
  ): Promise<{ data: Record<string, unknown>; sql: string }>;
} {
  const run = async (query: string, variables: Record<string, unknown> = {}) => {
    const result = await runOperation(schema(), query, variables);
    return { body: JSON.parse(result.body) as RunBody, sql: result.sql };
  };
  const data = async (query: string, variables: Record<string, unknown> = {}) => {
    const { body, sql } = await run(query, variables);
    expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
    return { data: body.data, sql };
  };
  return { run, data };
}

/**
 * Runs an operation through the engine on `schema()` and says how many statements it sent
 * through `counting` (the client the schema was reflected with); `Body` types the parsed answer.
 */
export function countedRunner<Body = unknown>(
  schema: () => GraphQLSchema,
  counting: () => ReturnType<typeof countStatements>,
): (
  query: string,
  variables?: Record<string, unknown>,
) => Promise<{ body: Body; statements: number }> {
  return async (query, variables = {}) => {
    const prepared = createEngine({ schema: schema() }).prepare(query);
    if (!prepared.ok) throw new Error(prepared.body);
    const before = counting().statements.length;
    const outcome = await prepared.execute({ variables });
    return {
      body: JSON.parse(outcome.body) as Body,
      statements: counting().statements.length - before,
    };
  };
}
