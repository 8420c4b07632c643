import type { GraphQLSchema } from 'graphql';
import { createEngine, type EngineOptions } from '../../../src/engine/index.js';

export interface ResponseBody {
  readonly data?: Record<string, unknown> | null;
  readonly errors?: ReadonlyArray<{
    readonly message: string;
    readonly path?: ReadonlyArray<string | number>;
    readonly extensions?: { readonly code?: string; readonly sqlState?: string };
  }>;
}

/**
 * Engine limits raised far above what the tests send, for tests of the PostgreSQL layer's own
 * bounds (filter depth, pattern length, scalar ranges): with the engine's defaults, its size and
 * depth checks would refuse those inputs first, and the layer's checks would go untested.
 */
export const ENGINE_LIMITS_LIFTED: Omit<EngineOptions, 'schema'> = {
  maxDocumentBytes: 100_000_000,
  maxVariablesBytes: 100_000_000,
  maxInputDepth: 100_000,
  maxTokens: 1_000_000,
};

/**
 * Runs an operation through the engine's request entry (parse, validate, plan, coerce variables,
 * execute), as the server does, and returns the parsed response.
 */
export function engineRequester(
  schema: GraphQLSchema,
  options: Omit<EngineOptions, 'schema'> = {},
): (query: string, variables?: Record<string, unknown>) => Promise<ResponseBody> {
  const engine = createEngine({ ...options, schema });
  return async (query, variables = {}) => {
    const prepared = engine.prepare(query);
    if (!prepared.ok) return JSON.parse(prepared.body) as ResponseBody;
    const outcome = await prepared.execute({ variables });
    return JSON.parse(outcome.body) as ResponseBody;
  };
}
