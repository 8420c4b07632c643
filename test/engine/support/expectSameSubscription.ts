import {
  parse,
  subscribe as graphqlSubscribe,
  validate,
  type DocumentNode,
  type ExecutionArgs,
} from 'graphql';
import { expect } from 'vitest';
import { subscribe as sluiceSubscribe } from '../../../src/engine/index.js';
import { countCase, type DiffArgs, type DiffFixture } from './expectSameAsGraphQLJS.js';
import { captureOutcome, type Outcome } from './outcome.js';
import { shapeOf } from './shapeOf.js';
import { settled } from './timing.js';

type Subscribe = (args: ExecutionArgs) => unknown;

export interface SubscriptionOptions {
  /** How many times to call next() before calling return() (default: until done, at most 20). */
  readonly take?: number;
  /** Validate the document first (default true). */
  readonly validate?: boolean;
}

/** Everything observable of one subscription: how subscribe ended, then each step of the stream. */
interface Transcript {
  readonly subscribed: unknown;
  readonly steps: unknown[];
  readonly log: unknown[];
}

/**
 * Runs a subscription through graphql-js's `subscribe` and Sluice's, on the same document object
 * twice (the second run reuses the cached plan) and on a fresh one, and compares the transcripts:
 * the initial result or error, every event's result (JSON text and structure), the end of the
 * stream or its error, what `return()` gives, and the fixture's log (source cleanup included).
 */
export async function expectSameSubscription(
  fixture: DiffFixture,
  options: SubscriptionOptions = {},
  candidate: Subscribe = sluiceSubscribe,
): Promise<Transcript> {
  countCase();
  const probe = typeof fixture === 'function' ? fixture([]) : fixture;
  const cached = probe.query !== undefined ? parse(probe.query) : probe.document;
  const fresh = probe.query !== undefined ? parse(probe.query) : undefined;
  if (options.validate !== false && cached) {
    const errors = validate(probe.schema, cached);
    if (errors.length > 0) throw new Error(`Fixture document is invalid: ${errors[0]?.message}`);
  }
  const oracle = await transcribe(graphqlSubscribe as Subscribe, fixture, cached, options);
  const runs: [string, DocumentNode | undefined][] = [
    ['first run', cached],
    ['second run, same document object', cached],
    ...(fresh ? [['fresh document object', fresh] as [string, DocumentNode]] : []),
  ];
  for (const [when, document] of runs) {
    const actual = await transcribe(candidate, fixture, document, options);
    if (JSON.stringify(actual) !== JSON.stringify(oracle)) {
      expect(actual, `subscribe, ${when}: transcript`).toEqual(oracle);
      throw new Error(`subscribe, ${when}: transcripts differ`);
    }
  }
  return oracle;
}

async function transcribe(
  subscribe: Subscribe,
  fixture: DiffFixture,
  document: DocumentNode | undefined,
  options: SubscriptionOptions,
): Promise<Transcript> {
  const log: unknown[] = [];
  const args: DiffArgs = typeof fixture === 'function' ? fixture(log) : fixture;
  const { query: _query, oracleSchema: _oracleSchema, ...rest } = args;
  const outcome = await captureOutcome(() => subscribe({ ...rest, document } as ExecutionArgs));
  const steps: unknown[] = [];
  // graphql-js's subscribe is an async function: it never throws synchronously.
  const subscribed = { sync: outcome.sync, ...describe(outcome, 'stream') };
  if (outcome.kind === 'value' && isAsyncIterator(outcome.value)) {
    const stream = outcome.value;
    const take = options.take ?? 20;
    for (let n = 0; n < take; n += 1) {
      const step = await captureOutcome(() => stream.next());
      steps.push(describe(step));
      if (step.kind === 'error' || (step.value as IteratorResult<unknown>).done) break;
    }
    steps.push({ return: describe(await captureOutcome(() => stream.return?.())) });
    steps.push({ afterReturn: describe(await captureOutcome(() => stream.next())) });
  }
  await settled();
  return { subscribed, steps, log: shapeOf(log) as never };
}

function isAsyncIterator(value: unknown): value is AsyncIterableIterator<unknown> {
  return typeof (value as AsyncIterable<unknown> | null)?.[Symbol.asyncIterator] === 'function';
}

/** A result's JSON text and structure, or an error's structure. */
function describe(outcome: Outcome, iteratorLabel?: string): Record<string, unknown> {
  if (outcome.kind === 'error') return { error: shapeOf(outcome.error) };
  if (iteratorLabel && isAsyncIterator(outcome.value)) return { value: iteratorLabel };
  return { json: JSON.stringify(outcome.value) ?? 'undefined', value: shapeOf(outcome.value) };
}
