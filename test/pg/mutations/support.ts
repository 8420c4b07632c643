import { createEngine, type Engine } from '../../../src/engine/index.js';
import { countStatements } from '../../../src/pg/driver/countStatements.js';
import type { SqlClient } from '../../../src/pg/driver/SqlClient.js';
import { reflect, type ReflectOptions, type Reflection } from '../../../src/pg/reflect.js';

export interface WriteHarness {
  readonly reflection: Reflection;
  readonly engine: Engine;
  readonly counting: ReturnType<typeof countStatements>;
  /** Runs an operation through the engine; the parsed response. */
  run(query: string, variables?: Record<string, unknown>): Promise<Response>;
  /** Rows of a query run directly on the database. */
  rows(text: string): Promise<ReadonlyArray<ReadonlyArray<unknown>>>;
}

export interface Response {
  readonly data?: Record<string, unknown> | null;
  readonly errors?: ReadonlyArray<{
    message: string;
    path?: ReadonlyArray<string | number>;
    extensions?: Record<string, unknown>;
  }>;
}

/** The engine over a reflected write database, with a statement counter on its client. */
export async function writeHarness(
  client: SqlClient,
  options: ReflectOptions = {},
): Promise<WriteHarness> {
  const counting = countStatements(client);
  const reflection = await reflect(counting, options);
  // Returned graphs nest lists three deep: the default cost bound is for anonymous reads.
  const engine = createEngine({ schema: reflection.schema, maxCost: 10_000_000_000 });
  return {
    reflection,
    engine,
    counting,
    async run(query, variables = {}) {
      const prepared = engine.prepare(query);
      if (!prepared.ok) return JSON.parse(prepared.body) as Response;
      const outcome = await prepared.execute({ variables });
      return JSON.parse(outcome.body) as Response;
    },
    rows: (text) => client.query(text),
  };
}
