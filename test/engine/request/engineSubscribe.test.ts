import { buildSchema } from 'graphql';
import { describe, expect, it } from 'vitest';
import {
  createEngine,
  ErrorCode,
  type ExecuteOutcome,
  type PreparedOperation,
  type PrepareResult,
} from '../../../src/engine/index.js';

const schema = buildSchema(`
  type Query { hello: String }
  type Tick { n: Int! label: String }
  type Subscription { ticks(count: Int!): Tick fails: Tick }
`);

async function* ticks(count: number) {
  for (let n = 0; n < count; n++) yield { ticks: { n, label: n === 1 ? null : `#${n}` } };
}

const rootValue = {
  ticks: ({ count }: { count: number }) => ticks(count),
  fails: () => {
    throw new Error('no stream for you');
  },
};

function prepared(result: PrepareResult): PreparedOperation {
  if (!result.ok) throw new Error(`expected a prepared operation, got ${result.body}`);
  return result;
}

describe('subscriptions through the request entry', () => {
  it('refuses to execute a subscription with OPERATION_NOT_SUPPORTED and no data', async () => {
    const operation = prepared(
      createEngine({ schema }).prepare('subscription { ticks(count: 2) { n } }'),
    );
    expect(operation.operationType).toBe('subscription');
    const outcome = await operation.execute({ rootValue });
    expect(JSON.parse(outcome.body)).toEqual({
      errors: [
        {
          message:
            'Subscriptions cannot be executed as a single result; subscribe to them instead.',
          locations: [{ line: 1, column: 1 }],
          extensions: { code: ErrorCode.OPERATION_NOT_SUPPORTED },
        },
      ],
    });
    expect(outcome).toMatchObject({
      hasData: false,
      noData: true,
      errorCount: 1,
      errorCodes: [ErrorCode.OPERATION_NOT_SUPPORTED],
    });
  });

  it('streams every event as a JSON outcome from the cached document', async () => {
    const engine = createEngine({ schema });
    const query = 'subscription ($c: Int!) { ticks(count: $c) { n label } }';
    for (const round of [1, 2]) {
      const operation = prepared(engine.prepare(query));
      expect(operation.cached).toBe(round === 2);
      const stream = await operation.subscribe({ rootValue, variables: { c: 3 } });
      if (!(Symbol.asyncIterator in stream)) throw new Error(stream.body);
      const bodies: string[] = [];
      for await (const event of stream) bodies.push(event.body);
      expect(bodies).toEqual([
        '{"data":{"ticks":{"n":0,"label":"#0"}}}',
        '{"data":{"ticks":{"n":1,"label":null}}}',
        '{"data":{"ticks":{"n":2,"label":"#2"}}}',
      ]);
    }
  });

  it('answers an error outcome when the stream cannot start', async () => {
    const engine = createEngine({ schema, maskErrors: true });
    const badVariables = await prepared(
      engine.prepare('subscription ($c: Int!) { ticks(count: $c) { n } }'),
    ).subscribe({ rootValue, variables: { c: 'three' } });
    expect(badVariables).toMatchObject({
      hasData: false,
      noData: true,
      errorCodes: [ErrorCode.BAD_USER_INPUT],
    });
    const failing = (await prepared(engine.prepare('subscription { fails { n } }')).subscribe({
      rootValue,
    })) as ExecuteOutcome;
    expect(JSON.parse(failing.body)).toMatchObject({
      errors: [
        { message: 'Unexpected error.', extensions: { code: ErrorCode.INTERNAL_SERVER_ERROR } },
      ],
    });
    expect(failing.errorCodes).toEqual([ErrorCode.INTERNAL_SERVER_ERROR]);
  });

  it('refuses to subscribe to a query, and checks the cost of a subscription', async () => {
    const engine = createEngine({ schema, maxCost: 1 });
    const query = (await prepared(engine.prepare('{ hello }')).subscribe()) as ExecuteOutcome;
    expect(query.errorCodes).toEqual([ErrorCode.OPERATION_NOT_SUPPORTED]);
    const costly = (await prepared(
      engine.prepare('subscription { ticks(count: 1) { n label } }'),
    ).subscribe({
      rootValue,
    })) as ExecuteOutcome;
    expect(costly.errorCodes).toEqual([ErrorCode.COST_LIMIT_EXCEEDED]);
  });
});
