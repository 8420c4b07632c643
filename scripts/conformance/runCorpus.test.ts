import { rmSync } from 'node:fs';
import type { ExecutionArgs, ExecutionResult } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  Engine,
  ExecuteRequest,
  PreparedOperation,
  PrepareResult,
} from '../../src/engine/index.js';
import type { CheckName } from './CaseResult.js';
import { sluice, type Contender } from './Contender.js';
import { writeFixtureCorpus } from './fixtureCorpus.js';
import { listCorpus } from './listCorpus.js';
import { runCorpus } from './runCorpus.js';
import { summarize, type Summary } from './summarize.js';

let root: string;
beforeAll(() => {
  root = writeFixtureCorpus();
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const run = async (contender: Contender, only?: string): Promise<Summary> =>
  summarize(await runCorpus(contender, listCorpus(root, only)));

/** The same engine with one entry point replaced, to prove the runner notices. */
const breakExecute = (change: (result: ExecutionResult) => unknown): Contender => ({
  ...sluice,
  execute: (args: ExecutionArgs) => {
    const result = sluice.execute(args);
    return (result instanceof Promise ? result.then(change) : change(result)) as ExecutionResult;
  },
});

const reverseKeys = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(reverseKeys)
    : value !== null && typeof value === 'object'
      ? Object.fromEntries(
          Object.entries(value)
            .reverse()
            .map(([k, v]) => [k, reverseKeys(v)]),
        )
      : value;

const checksOf = (summary: Summary, id: string): CheckName[] =>
  summary.failures.find((failure) => failure.id === id)?.failures.map((f) => f.check) ?? [];

describe('runCorpus on the fixture corpus', () => {
  it('scores Sluice as matching graphql-js on every case graphql-js answers', async () => {
    const summary = await run(sluice);
    expect(summary.failures).toEqual([]);
    expect(summary).toMatchObject({
      passed: 7,
      failed: 0,
      unscored: 1,
      invalid: { passed: 2, failed: 0 },
      keyOrderDiffers: 0,
    });
    expect([...summary.unscoredReasons.keys()]).toEqual([
      'graphql-js buildSchema threw: Error: Unknown type "Missing".',
    ]);
  });

  it('catches a wrong value and says where it is', async () => {
    const wrong = breakExecute((result) =>
      JSON.parse(JSON.stringify(result).replaceAll('"str"', '"STR"')),
    );
    const summary = await run(wrong, 'kitchen/shapes');
    expect(summary.failed).toBe(1);
    const failure = summary.failures[0]?.failures[0];
    expect(failure).toMatchObject({
      check: 'execute',
      problem: 'result differs',
      difference: { path: 'data.first.label', expected: '"str"', actual: '"STR"' },
    });
  });

  it('counts a different key order from execute, without failing it', async () => {
    const summary = await run(breakExecute(reverseKeys), 'kitchen/shapes');
    expect(summary).toMatchObject({ passed: 1, failed: 0, keyOrderDiffers: 1 });
  });

  it('fails executeJSON on any byte of difference, key order and spacing included', async () => {
    const reordered: Contender = {
      ...sluice,
      executeJSON: (args) => JSON.stringify(reverseKeys(sluice.execute(args))),
    };
    const spaced: Contender = {
      ...sluice,
      executeJSON: (args) => JSON.stringify(sluice.execute(args), null, 1),
    };
    for (const contender of [reordered, spaced]) {
      const summary = await run(contender, 'kitchen/shapes');
      expect(checksOf(summary, 'kitchen/shapes')).toEqual(['executeJSON']);
      expect(summary.failures[0]?.failures[0]?.problem).toBe(
        'JSON text differs in key order or spacing only',
      );
    }
  });

  it('fails a Promise where graphql-js is synchronous', async () => {
    const summary = await run(
      breakExecute((result) => Promise.resolve(result)),
      'kitchen/shapes',
    );
    expect(summary.failures[0]?.failures.map((f) => f.problem)).toEqual([
      'returned a Promise where graphql-js answered synchronously',
    ]);
  });

  it('fails errors that are plain objects instead of GraphQLError instances', async () => {
    const summary = await run(
      breakExecute((result) => JSON.parse(JSON.stringify(result))),
      'kitchen',
    );
    // Only the cases with errors: two variable coercion failures and the ambiguous operation.
    expect(summary.failures.map((f) => f.id).sort()).toEqual([
      'kitchen/two-ops',
      'kitchen/vars/bad-enum',
      'kitchen/vars/null-id',
    ]);
    expect(summary.failures[0]?.failures[0]?.problem).toBe(
      'errors[0] is not a GraphQLError instance',
    );
  });

  it('runs each entry point twice, so a plan that goes wrong once reused is caught', async () => {
    const seen = new WeakSet<object>();
    const forgetful: Contender = {
      ...sluice,
      executeJSON: (args) => {
        const text = sluice.executeJSON(args) as string;
        if (!seen.has(args.document)) {
          seen.add(args.document);
          return text;
        }
        return text.replace('"str"', 'null');
      },
    };
    const summary = await run(forgetful, 'kitchen/shapes');
    expect(summary.failures[0]?.failures).toMatchObject([
      {
        check: 'executeJSON',
        problem: 'JSON text differs (second run, plan reused)',
        difference: { path: 'data.first.label', expected: '"str"', actual: 'null' },
      },
    ]);
  });

  it('turns a throwing engine into failed cases, not a crashed run', async () => {
    const throwing: Contender = {
      ...sluice,
      executeJSON: () => {
        throw new TypeError('boom');
      },
    };
    const summary = await run(throwing, 'kitchen/vars/ok');
    expect(summary.failures[0]?.failures).toEqual([
      { check: 'executeJSON', problem: 'threw TypeError: boom' },
    ]);
  });

  it('checks the request entry: its body, and the rejections of invalid documents', async () => {
    const tampered: Contender = {
      ...sluice,
      createEngine: (options) => {
        const engine = sluice.createEngine(options);
        const prepare = (query: string, name?: string | null): PrepareResult => {
          const prepared = engine.prepare(query, name);
          if (!prepared.ok)
            return { ...prepared, phase: 'validate', errors: prepared.errors.slice(1) };
          return {
            ...prepared,
            // The corpus has no data sources, so bodies are always text.
            execute: ((request?: ExecuteRequest) => {
              const outcome = prepared.execute(request);
              const edit = (o: Awaited<typeof outcome>) => ({
                ...o,
                body: o.body.replace('"str"', '"STR"'),
              });
              return outcome instanceof Promise ? outcome.then(edit) : edit(outcome);
            }) as PreparedOperation['execute'],
          };
        };
        return { ...engine, prepare } satisfies Engine;
      },
    };
    const summary = await run(tampered, 'kitchen');
    expect(checksOf(summary, 'kitchen/vars/ok')).toEqual(['entry']);
    expect(checksOf(summary, 'kitchen/unknown-field')).toEqual(['validation']);
    // The syntax error is reported in the wrong phase and with its only error dropped.
    expect(checksOf(summary, 'kitchen/syntax')).toEqual(['validation', 'validation']);
    expect(summary.invalid).toEqual({ passed: 0, failed: 2 });
    expect(summary.failedChecks).toMatchObject({ execute: 0, executeJSON: 0 });
  });
});
