import { buildSchema, GraphQLError, type GraphQLSchema } from 'graphql';
import { describe, expect, it } from 'vitest';
import {
  createEngine,
  ErrorCode,
  type Abortable,
  type DataSource,
  type PreparedOperation,
  type PrepareResult,
} from '../../../src/engine/index.js';

const schema = buildSchema(`
  type Query { a: String b: String sure: String! busy: String missing: String list: [Int] }
`);
const busy = () => {
  throw new GraphQLError('pool exhausted', { extensions: { code: ErrorCode.DATABASE_BUSY } });
};
const rootValue = {
  a: () => 'A',
  b: () => null,
  sure: () => null,
  busy,
  missing: () => Promise.reject(new Error('boom')),
  list: () => [],
};

function prepared(result: PrepareResult): PreparedOperation {
  if (!result.ok) throw new Error(`expected a prepared operation, got ${result.body}`);
  return result;
}

async function outcomeOf(query: string, variables?: Record<string, unknown>) {
  const engine = createEngine({ schema, maxCost: 5 });
  return prepared(engine.prepare(query)).execute({ rootValue, variables });
}

describe('what an outcome says about its response', () => {
  it('lists the distinct error codes in the order they first appear', async () => {
    const outcome = await outcomeOf('{ x: busy missing y: busy a z: missing }');
    expect(outcome.errorCodes).toEqual([ErrorCode.DATABASE_BUSY, ErrorCode.INTERNAL_SERVER_ERROR]);
    expect(outcome.errorCount).toBe(4);
    expect((await outcomeOf('{ a }')).errorCodes).toEqual([]);
  });

  it('has no data when data is missing, null, or null in every root field', async () => {
    expect(await outcomeOf('{ a b }')).toMatchObject({ noData: false, hasData: true });
    expect(await outcomeOf('{ b }')).toMatchObject({ noData: true, hasData: true });
    expect(await outcomeOf('{ b x: busy }')).toMatchObject({
      noData: true,
      errorCodes: [ErrorCode.DATABASE_BUSY],
    });
    expect(await outcomeOf('{ busy list }')).toMatchObject({ noData: false });
    expect(await outcomeOf('{ a sure }')).toMatchObject({ noData: true, hasData: true }); // data: null
    expect(await outcomeOf('query ($n: Boolean!) { a @skip(if: $n) }', { n: 'x' })).toMatchObject({
      noData: true,
      hasData: false,
      errorCodes: [ErrorCode.BAD_USER_INPUT],
    });
    expect(await outcomeOf('{ a b list busy missing sure }')).toMatchObject({
      noData: true, // over maxCost: no data
      errorCodes: [ErrorCode.COST_LIMIT_EXCEEDED],
    });
  });
});

describe('the abort signal', () => {
  function schemaWithSource(seen: unknown[]): GraphQLSchema {
    const source: DataSource = {
      name: 'fake',
      compile: (request) => ({
        execute: (...args: unknown[]) => {
          seen.push(args[2]);
          return Promise.resolve(request.fields.map(() => ({ kind: 'json' as const, json: '1' })));
        },
        describe: () => ({ text: 'fake', parameters: [] }),
      }),
    };
    const sourced = buildSchema('type Query { one: Int two: Int }');
    for (const field of Object.values(sourced.getQueryType()!.getFields()))
      field.extensions = { sluice: { source } };
    return sourced;
  }

  it('reaches the data source through its third argument, to be read when needed', async () => {
    const seen: unknown[] = [];
    const engine = createEngine({ schema: schemaWithSource(seen) });
    const controller = new AbortController();
    const operation = prepared(engine.prepare('{ one two }'));
    const outcome = await operation.execute({ signal: controller.signal });
    expect(outcome.body).toBe('{"data":{"one":1,"two":1}}');
    await operation.execute();
    expect(seen.map((abortable) => (abortable as Abortable | undefined)?.signal)).toEqual([
      controller.signal,
      undefined,
    ]);
  });
});
