import {
  buildSchema,
  GraphQLError,
  subscribe as graphqlSubscribe,
  type ExecutionArgs,
} from 'graphql';
import { describe, expect, it } from 'vitest';
import * as engine from '../../src/engine/index.js';
import type { DiffArgs } from './support/expectSameAsGraphQLJS.js';
import { expectSameSubscription } from './support/expectSameSubscription.js';
import { failLater, later } from './support/timing.js';

// Spec §6.2.3 Subscription: CreateSourceEventStream, then MapSourceToResponseEvent runs the
// selection for every event. Sluice's `subscribe` must be a drop-in for graphql-js 16's.
const schema = buildSchema(`
  type Tick { n: Int! label: String at: Int }
  type Query { ok: Boolean }
  type Subscription {
    ticks(from: Int = 0, count: Int = 3): Tick
    numbers: Int
    sure: Tick!
    raw: Tick
  }
`);

type Source = (root: unknown, args: Record<string, number>, log: unknown[]) => unknown;

/** A fixture whose `ticks` field streams events from `source`; each event's fields may fail. */
function ticking(query: string, source: Source, extra: Partial<DiffArgs> = {}) {
  return (log: unknown[]): DiffArgs => {
    return {
      schema,
      rootValue: {
        ticks: (args: Record<string, number>, context: unknown[]) =>
          source(undefined, args, context),
        numbers: () => source(undefined, {}, log),
        sure: () => source(undefined, {}, log),
      },
      contextValue: log,
      query,
      ...extra,
    };
  };
}

async function* count(from: number, n: number, log: unknown[]) {
  try {
    for (let i = from; i < from + n; i += 1) {
      log.push(`emit ${i}`);
      yield { ticks: { n: i, label: () => (i === 1 ? new Error('label 1 failed') : `#${i}`) } };
    }
  } finally {
    log.push('source closed');
  }
}

const counting: Source = (_root, { from = 0, count: n = 3 }, log) => count(from, n, log);

describe('subscribe (differential against graphql-js)', () => {
  it('is exported by the engine', () => {
    // Without the export this fails, rather than letting the rest of the file be skipped.
    expect(typeof (engine as Record<string, unknown>)['subscribe']).toBe('function');
  });

  it('maps every event through the selection, with per-event errors', async () => {
    const transcript = await expectSameSubscription(
      ticking('subscription ($f: Int) { ticks(from: $f) { n label alias: n } }', counting, {
        variableValues: { f: 0 },
      }),
    );
    expect(transcript.steps.length).toBeGreaterThan(3);
  });

  it('closes the source when the consumer returns early', async () => {
    const transcript = await expectSameSubscription(
      ticking('subscription { ticks(count: 10) { n } }', counting),
      { take: 2 },
    );
    expect(JSON.stringify(transcript.log)).toContain('source closed');
  });

  it('nulls data for a non-null root field that fails in an event', async () => {
    await expectSameSubscription(
      ticking('subscription { sure { n } }', async function* () {
        yield { sure: { n: 1 } };
        yield { sure: null };
        yield { sure: { n: null } };
      }),
    );
  });

  it('runs events whose fields are async, and a source that throws midway', async () => {
    await expectSameSubscription(
      ticking('subscription { numbers }', async function* () {
        yield { numbers: () => later(2, 1) };
        yield { numbers: () => failLater(1, new Error('event 2 failed')) };
        throw new Error('source broke');
      }),
    );
  });

  it('reports a subscribe resolver that throws, rejects, returns an Error or a GraphQLError', async () => {
    const failures: Source[] = [
      () => {
        throw new Error('thrown');
      },
      () => failLater(1, new Error('rejected')),
      () => new Error('returned'),
      () => {
        throw new GraphQLError('graphql error', { extensions: { code: 'SUB' } });
      },
    ];
    for (const source of failures) {
      await expectSameSubscription(ticking('subscription { ticks { n } }', source));
    }
  });

  it('rejects when the subscribe resolver returns something that is not an async iterable', async () => {
    for (const value of [[1, 2], 'text', null, { next: () => ({ done: true }) }]) {
      const transcript = await expectSameSubscription(
        ticking('subscription { ticks { n } }', () => value),
      );
      expect(JSON.stringify(transcript.subscribed)).toContain('error');
    }
  });

  it('uses a custom async iterable without return(), and subscribeFieldResolver', async () => {
    const iterable = (log: unknown[]) => {
      let n = 0;
      return {
        [Symbol.asyncIterator]: () => ({
          next: async () => (
            log.push(`next ${n}`),
            n < 2
              ? { done: false, value: { ticks: { n }, raw: { n: n++ } } }
              : { done: true, value: undefined }
          ),
        }),
      };
    };
    await expectSameSubscription(
      ticking('subscription { ticks { n } }', (_r, _a, log) => iterable(log)),
    );
    await expectSameSubscription((log) => ({
      schema,
      query: 'subscription { raw { n } }',
      subscribeFieldResolver: () => iterable(log),
    }));
  });

  it('answers variable errors, operation selection errors and a schema without subscriptions', async () => {
    await expectSameSubscription(
      ticking('subscription ($f: Int) { ticks(from: $f) { n } }', counting, {
        variableValues: { f: 'x' },
      }),
    );
    await expectSameSubscription(
      ticking('subscription A { ticks { n } } subscription B { numbers }', counting, {
        operationName: 'C',
      }),
      { validate: false },
    );
    await expectSameSubscription(
      ticking('subscription A { ticks { n } } subscription B { numbers }', counting, {
        operationName: 'A',
      }),
    );
    const noSubscriptions = buildSchema('type Query { ok: Boolean }');
    await expectSameSubscription(
      { schema: noSubscriptions, query: 'subscription { ticks { n } }' },
      { validate: false },
    );
    await expectSameSubscription({ schema }, { validate: false });
  });

  it('can fail: a subscribe that drops the second event is caught', async () => {
    const dropping = async (args: ExecutionArgs) => {
      const stream = (await graphqlSubscribe(args)) as AsyncIterableIterator<unknown>;
      let n = 0;
      return {
        next: async () => (n++ === 1 ? (await stream.next(), stream.next()) : stream.next()),
        return: () => stream.return?.() ?? Promise.resolve({ done: true, value: undefined }),
        [Symbol.asyncIterator]() {
          return this;
        },
      };
    };
    await expect(
      expectSameSubscription(ticking('subscription { ticks { n } }', counting), {}, dropping),
    ).rejects.toThrow(/subscribe, first run/);
  });
});
