import { appendFileSync } from 'node:fs';
import {
  execute as graphqlExecute,
  parse,
  validate,
  type DocumentNode,
  type ExecutionArgs,
  type ExecutionResult,
  type GraphQLSchema,
} from 'graphql';
import { expect } from 'vitest';
import { createExecutor, type ExecutionOptions } from '../../../src/engine/index.js';
import { captureOutcome, type Outcome } from './outcome.js';
import { shapeOf } from './shapeOf.js';
import { settled } from './timing.js';

/** The arguments of one case: graphql-js's `ExecutionArgs`, with the document as text or object. */
export interface DiffArgs extends Omit<ExecutionArgs, 'document' | 'schema'> {
  readonly schema: GraphQLSchema;
  /**
   * graphql-js runs on this schema instead of `schema`: an equivalent schema built independently
   * (for `makeSchema` tests, where running the oracle on the schema under test proves nothing).
   */
  readonly oracleSchema?: GraphQLSchema;
  /** Parsed by the harness, once for the cached runs and once more for the fresh-document run. */
  readonly query?: string;
  /** Given as an object so that several cases can share it, and with it the cached plan. */
  readonly document?: DocumentNode;
}

/**
 * A case: its arguments, or a factory giving fresh arguments (fresh root, context and state) for
 * every run. Resolvers may push to `log`; each run's log must equal graphql-js's, which checks the
 * order of side effects and what resolvers were handed.
 */
export type DiffFixture = DiffArgs | ((log: unknown[]) => DiffArgs);

export interface DiffOptions {
  /** Validate the document against the schema first (default true): a typo must not pass silently. */
  readonly validate?: boolean;
  /**
   * After each run, wait until every fixture timer has fired (see timing.ts), then check that the
   * result did not change and compare the log: catches errors appended after the response was
   * returned, and resolvers still running in subtrees that were already nulled.
   */
  readonly settle?: boolean;
}

/** What graphql-js did, for the test to check that the fixture exercises what it claims. */
export interface OracleReport {
  readonly sync: boolean;
  readonly result?: ExecutionResult;
  readonly thrown?: unknown;
  readonly log: readonly unknown[];
}

/** The two entry points compared with graphql-js (the self-test passes deliberately broken ones). */
export interface Implementation {
  readonly name: string;
  execute(args: ExecutionArgs): unknown;
  executeJSON(args: ExecutionArgs): unknown;
  /**
   * The same entry points with generated code off (src/engine/execution/generateSelection.ts): every run
   * is repeated through them, since the path without `new Function` must give the same results.
   */
  readonly withoutCodegen?: Pick<Implementation, 'execute' | 'executeJSON'>;
}

/**
 * Writers and builders are generated from a selection's first object here (after 256 in
 * production), so that every case runs through them; and every list of objects the first run
 * wrote as text is written as objects by the later runs (and as text again without generated
 * code): both ways are compared with graphql-js.
 */
export const EAGER: ExecutionOptions = {
  codegenAfter: 1,
  objectLists: { minEscapedCharsPerItem: 0, minItems: 1 },
};

const eager = createExecutor(EAGER);
const interpreted = createExecutor({ ...EAGER, codegen: false });

export const sluice: Implementation = {
  name: 'Sluice',
  execute: eager.execute,
  executeJSON: eager.executeJSON,
  withoutCodegen: interpreted,
};

/** Runs a case through graphql-js, then Sluice's `execute` and `executeJSON`, and compares. */
export function expectSameAsGraphQLJS(
  fixture: DiffFixture,
  options: DiffOptions = {},
): Promise<OracleReport> {
  return expectSameAs(sluice, fixture, options);
}

interface Run {
  readonly outcome: Outcome;
  readonly log: unknown[];
}

export async function expectSameAs(
  candidate: Implementation,
  fixture: DiffFixture,
  options: DiffOptions = {},
): Promise<OracleReport> {
  countCase();
  const probe = argsOf(fixture, []);
  const [cached, fresh] = documentsOf(probe);
  if (options.validate !== false && cached) {
    assertValid(probe.schema, cached);
    if (probe.oracleSchema) assertValid(probe.oracleSchema, cached);
  }

  const oracleSchema = probe.oracleSchema ?? probe.schema;
  const runOracle = (document: DocumentNode | undefined) =>
    runOnce(fixture, document, options, (args) =>
      graphqlExecute({ ...args, schema: oracleSchema }),
    );
  const oracle = await runOracle(cached);
  const again = await runOracle(cached);
  if (!sameRun(oracle, again)) {
    throw new Error('Fixture is not deterministic: graphql-js gave two different answers.');
  }

  const candidates: [string, Implementation][] = [[candidate.name, candidate]];
  if (probe.oracleSchema) candidates.push(['graphql-js on the schema under test', graphqlJs]);
  const documents: [string, DocumentNode | undefined][] = [
    ['first run', cached],
    ['second run, same document object (cached plan)', cached],
    ...(fresh ? [['fresh document object', fresh] as [string, DocumentNode]] : []),
  ];
  for (const [name, implementation] of candidates) {
    for (const [when, document] of documents) {
      const label = `${name}, ${when}`;
      const executed = await runOnce(fixture, document, options, (a) => implementation.execute(a));
      compareExecute(`${label}: execute`, executed, oracle);
      const written = await runOnce(fixture, document, options, (a) =>
        implementation.executeJSON(a),
      );
      compareExecuteJSON(`${label}: executeJSON`, written, oracle);
      const without = implementation.withoutCodegen;
      if (without !== undefined) {
        const plain = await runOnce(fixture, document, options, (a) => without.execute(a));
        compareExecute(`${label}: execute without generated code`, plain, oracle);
        const unwritten = await runOnce(fixture, document, options, (a) => without.executeJSON(a));
        compareExecuteJSON(`${label}: executeJSON without generated code`, unwritten, oracle);
      }
    }
  }
  return reportOf(oracle);
}

const graphqlJs: Implementation = {
  name: 'graphql-js',
  execute: graphqlExecute,
  executeJSON: (args) => {
    const result = graphqlExecute(args);
    return result instanceof Promise
      ? result.then((r) => JSON.stringify(r))
      : JSON.stringify(result);
  },
};

function argsOf(fixture: DiffFixture, log: unknown[]): DiffArgs {
  return typeof fixture === 'function' ? fixture(log) : fixture;
}

/** The document used for the first runs, and an identical but distinct one. */
function documentsOf(args: DiffArgs): [DocumentNode | undefined, DocumentNode | undefined] {
  if (args.query !== undefined) return [parse(args.query), parse(args.query)];
  // A missing (or null) document is a case of its own: graphql-js throws for it.
  if (args.document == null) return [args.document, undefined];
  const text = args.document.loc?.source.body;
  return [args.document, text === undefined ? undefined : parse(text)];
}

function assertValid(schema: GraphQLSchema, document: DocumentNode): void {
  const errors = validate(schema, document);
  if (errors.length > 0) {
    throw new Error(`Fixture document is invalid: ${errors.map((e) => e.message).join(' | ')}`);
  }
}

async function runOnce(
  fixture: DiffFixture,
  document: DocumentNode | undefined,
  options: DiffOptions,
  call: (args: ExecutionArgs) => unknown,
): Promise<Run> {
  const log: unknown[] = [];
  const { oracleSchema: _oracleSchema, query: _query, ...rest } = argsOf(fixture, log);
  const args = { ...rest, document } as ExecutionArgs;
  const outcome = await captureOutcome(() => call(args));
  if (options.settle) {
    const before = JSON.stringify(shapeOf(outcome));
    await settled();
    if (JSON.stringify(shapeOf(outcome)) !== before) {
      throw new Error('The result changed after it was returned (something kept running).');
    }
  }
  return { outcome, log };
}

function sameRun(a: Run, b: Run): boolean {
  return (
    JSON.stringify(shapeOf(a.outcome)) === JSON.stringify(shapeOf(b.outcome)) &&
    JSON.stringify(shapeOf(a.log)) === JSON.stringify(shapeOf(b.log))
  );
}

function compareExecute(label: string, run: Run, oracle: Run): void {
  compareOutcomes(label, run.outcome, oracle.outcome);
  const [actual, expected] = [run.outcome, oracle.outcome];
  if (actual.kind === 'value' && expected.kind === 'value') {
    expect(textOf(actual.value), `${label}: JSON of the result`).toBe(textOf(expected.value));
    expectSameShape(`${label}: result structure`, actual.value, expected.value);
  }
  expectSameShape(`${label}: resolver log`, run.log, oracle.log);
}

function compareExecuteJSON(label: string, run: Run, oracle: Run): void {
  // The text JSON.stringify writes for graphql-js's result, or the error it throws (a BigInt).
  const expected = oracle.outcome.kind === 'value' ? stringified(oracle.outcome) : oracle.outcome;
  compareOutcomes(label, run.outcome, expected);
  if (run.outcome.kind === 'value' && expected.kind === 'value') {
    expect(typeof run.outcome.value, `${label}: must return a string`).toBe('string');
    expect(run.outcome.value, `${label}: text`).toBe(expected.value);
  }
  expectSameShape(`${label}: resolver log`, run.log, oracle.log);
}

/** Same sync-ness (when graphql-js is synchronous), same kind, and the same error if one. */
function compareOutcomes(label: string, actual: Outcome, expected: Outcome): void {
  if (expected.sync) {
    expect(actual.sync, `${label}: must be synchronous, as graphql-js is here`).toBe(true);
  }
  const threw = actual.kind === 'error' ? ` (it threw ${String(actual.error)})` : '';
  expect(
    actual.kind,
    `${label}: must ${expected.kind === 'error' ? 'throw' : 'return'} as graphql-js does${threw}`,
  ).toBe(expected.kind);
  if (actual.kind === 'error' && expected.kind === 'error') {
    expectSameShape(`${label}: thrown error`, actual.error, expected.error);
  }
}

function stringified(outcome: Outcome & { kind: 'value' }): Outcome {
  try {
    return { kind: 'value', sync: outcome.sync, value: JSON.stringify(outcome.value) };
  } catch (error) {
    return { kind: 'error', sync: outcome.sync, error };
  }
}

function textOf(value: unknown): string {
  try {
    return JSON.stringify(value);
  } catch (error) {
    return `JSON.stringify throws: ${String(error)}`;
  }
}

/** Compares shapes as text first: `toEqual` on a 10,000-row shape takes seconds; it only runs to show the difference. */
function expectSameShape(label: string, actual: unknown, expected: unknown): void {
  const a = shapeOf(actual);
  const e = shapeOf(expected);
  if (JSON.stringify(a) === JSON.stringify(e)) return;
  expect(a, label).toEqual(e);
  throw new Error(`${label}: structures differ`);
}

function reportOf(run: Run): OracleReport {
  const { outcome, log } = run;
  return outcome.kind === 'value'
    ? { sync: outcome.sync, result: outcome.value as ExecutionResult, log }
    : { sync: outcome.sync, thrown: outcome.error, log };
}

/** With SLUICE_DIFF_CASES_LOG set, one line per case is appended to that file (for counting). */
export function countCase(): void {
  const file = process.env['SLUICE_DIFF_CASES_LOG'];
  if (file) appendFileSync(file, `${expect.getState().currentTestName ?? '?'}\n`);
}
