import {
  execute as graphqlExecute,
  GraphQLError,
  type DocumentNode,
  type ExecutionArgs,
  type ExecutionResult,
  type GraphQLSchema,
} from 'graphql';
import type { Engine } from '../../src/engine/index.js';
import type { CheckFailure } from './CaseResult.js';
import type { Contender } from './Contender.js';
import { compareJSONText, compareBody } from './compareOutputs.js';
import { isPromiseLike, messageOf, settle } from './settle.js';

export interface ExecutionCase {
  readonly schema: GraphQLSchema;
  readonly document: DocumentNode;
  /** The document's text, for the request entry (it caches plans by text). */
  readonly text: string;
  /** variables.json as text; each engine gets its own parsed copy, so none can disturb another. */
  readonly variablesText: string | undefined;
}

export type ExecutionCheck =
  | { readonly scored: false; readonly reason: string }
  | {
      readonly scored: true;
      readonly failures: CheckFailure[];
      readonly keyOrder?: CheckFailure['difference'];
    };

/** Milliseconds an engine may take to settle one case's promise. */
const SETTLE_MS = 5_000;

/**
 * Runs one valid case through graphql-js (the oracle) and then through Sluice's `execute`,
 * `executeJSON` and request entry, and says how each differs from the oracle.
 */
export async function checkExecution(
  contender: Contender,
  engine: Engine,
  testCase: ExecutionCase,
): Promise<ExecutionCheck> {
  const args = (): ExecutionArgs => ({
    schema: testCase.schema,
    document: testCase.document,
    variableValues:
      testCase.variablesText === undefined
        ? undefined
        : (JSON.parse(testCase.variablesText) as Record<string, unknown>),
  });
  let oracleArgs: ExecutionArgs;
  try {
    oracleArgs = args();
  } catch (error) {
    return { scored: false, reason: `variables.json is not JSON (${messageOf(error)})` };
  }

  let expected: ExecutionResult;
  let oracleIsSync: boolean;
  try {
    const result = graphqlExecute(oracleArgs);
    oracleIsSync = !isPromiseLike(result);
    expected = await settle(result, SETTLE_MS);
  } catch (error) {
    return { scored: false, reason: `graphql-js execute threw: ${messageOf(error)}` };
  }
  const expectedText = JSON.stringify(expected);
  const oracle: Oracle = { expected, expectedText, isSync: oracleIsSync };

  // Each entry point runs twice with the same document: the first run plans (and Sluice fills its
  // plans in lazily), the second runs what was kept. A run is checked again only if the one before
  // matched, so one bug gives one failure line.
  const failures: CheckFailure[] = [];
  let keyOrder: CheckFailure['difference'];
  for (const [check, run] of [
    ['execute', () => checkExecute(contender, args(), oracle)],
    ['executeJSON', () => checkExecuteJSON(contender, args(), oracle)],
    ['entry', () => checkEntry(engine, testCase, oracle)],
  ] as const) {
    for (const again of [false, true]) {
      const found = await run();
      if ('keyOrder' in found && found.keyOrder) keyOrder ??= found.keyOrder;
      if (found.failures.length > 0) {
        const label = again ? ' (second run, plan reused)' : '';
        failures.push(...found.failures.map((f) => ({ ...f, check, problem: f.problem + label })));
        break;
      }
    }
  }
  return keyOrder ? { scored: true, failures, keyOrder } : { scored: true, failures };
}

interface Oracle {
  readonly expected: ExecutionResult;
  readonly expectedText: string;
  readonly isSync: boolean;
}

interface Found {
  readonly failures: CheckFailure[];
  readonly keyOrder?: CheckFailure['difference'];
}

/** `execute`: the object result, compared as JSON with key order ignored. */
async function checkExecute(
  contender: Contender,
  args: ExecutionArgs,
  oracle: Oracle,
): Promise<Found> {
  const failures: CheckFailure[] = [];
  try {
    const returned = contender.execute(args);
    if (oracle.isSync && isPromiseLike(returned)) {
      failures.push({
        check: 'execute',
        problem: 'returned a Promise where graphql-js answered synchronously',
      });
    }
    const actual = await settle(returned, SETTLE_MS);
    const foreign = (actual.errors ?? []).findIndex((error) => !(error instanceof GraphQLError));
    if (foreign >= 0) {
      failures.push({
        check: 'execute',
        problem: `errors[${foreign}] is not a GraphQLError instance`,
      });
    }
    const compared = compareJSONText(oracle.expectedText, JSON.stringify(actual));
    if (compared.difference) {
      failures.push({ check: 'execute', problem: 'result differs', ...compared });
    } else if (compared.keyOrder) {
      return { failures, keyOrder: compared.keyOrder };
    }
  } catch (error) {
    failures.push({ check: 'execute', problem: `threw ${messageOf(error)}` });
  }
  return { failures };
}

/** `executeJSON`: the byte path, compared byte for byte. */
async function checkExecuteJSON(
  contender: Contender,
  args: ExecutionArgs,
  oracle: Oracle,
): Promise<Found> {
  const failures: CheckFailure[] = [];
  try {
    const returned = contender.executeJSON(args);
    if (oracle.isSync && isPromiseLike(returned)) {
      failures.push({
        check: 'executeJSON',
        problem: 'returned a Promise where graphql-js answered synchronously',
      });
    }
    const actualText: unknown = await settle(returned, SETTLE_MS);
    if (typeof actualText !== 'string') {
      failures.push({
        check: 'executeJSON',
        problem: `returned ${typeof actualText}, not a string`,
      });
    } else if (actualText !== oracle.expectedText) {
      const compared = compareJSONText(oracle.expectedText, actualText);
      const problem = compared.difference
        ? 'JSON text differs'
        : 'JSON text differs in key order or spacing only';
      failures.push({ check: 'executeJSON', problem, ...compared });
    }
  } catch (error) {
    failures.push({ check: 'executeJSON', problem: `threw ${messageOf(error)}` });
  }
  return { failures };
}

/** The request entry servers use: text in, body out, same answer as graphql-js. */
async function checkEntry(engine: Engine, testCase: ExecutionCase, oracle: Oracle): Promise<Found> {
  const { expected, expectedText } = oracle;
  return { failures: await entryFailures(engine, testCase, expected, expectedText) };
}

async function entryFailures(
  engine: Engine,
  testCase: ExecutionCase,
  expected: ExecutionResult,
  expectedText: string,
): Promise<CheckFailure[]> {
  try {
    const prepared = engine.prepare(testCase.text);
    if (!prepared.ok && prepared.phase === 'operation' && !('data' in expected)) {
      // No operation to pick (several and no name): graphql-js answers with an error, no data.
      const compared = compareBody(expectedText, prepared.body);
      return compared ? [{ check: 'entry', ...compared }] : [];
    }
    if (!prepared.ok) {
      return [
        {
          check: 'entry',
          problem: `prepare rejected a document graphql-js accepts (${prepared.phase}): ${prepared.body}`,
        },
      ];
    }
    const variables =
      testCase.variablesText === undefined
        ? undefined
        : (JSON.parse(testCase.variablesText) as Record<string, unknown>);
    const outcome = await settle(prepared.execute({ variables }), SETTLE_MS);
    const failures: CheckFailure[] = [];
    const hasData = 'data' in expected;
    const errorCount = expected.errors?.length ?? 0;
    if (outcome.hasData !== hasData || outcome.errorCount !== errorCount) {
      failures.push({
        check: 'entry',
        problem: `outcome says hasData=${outcome.hasData} errorCount=${outcome.errorCount}, graphql-js has hasData=${hasData} errorCount=${errorCount}`,
      });
    }
    const compared = compareBody(expectedText, outcome.body);
    if (compared) failures.push({ check: 'entry', ...compared });
    return failures;
  } catch (error) {
    return [{ check: 'entry', problem: `threw ${messageOf(error)}` }];
  }
}
