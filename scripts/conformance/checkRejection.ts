import type { GraphQLError } from 'graphql';
import type { Engine } from '../../src/engine/index.js';
import type { CheckFailure } from './CaseResult.js';
import { firstDifference, type Json } from './jsonDiff.js';
import { messageOf } from './settle.js';

/** What a client must learn about each error: its message and where it is in the document. */
const essentials = (errors: ReadonlyArray<GraphQLError>): Json =>
  errors.map((error) => {
    const { message, locations } = error.toJSON();
    return locations
      ? { message, locations: locations.map(({ line, column }) => ({ line, column })) }
      : { message };
  });

/**
 * For a document graphql-js rejects (a syntax error from `parse`, or errors from `validate` with
 * the specified rules), the request entry must reject it too: in the same phase, with the same
 * messages and locations, in the same order, and without running anything.
 */
export function checkRejection(
  engine: Engine,
  text: string,
  phase: 'parse' | 'validate',
  expectedErrors: ReadonlyArray<GraphQLError>,
): CheckFailure[] {
  try {
    const prepared = engine.prepare(text);
    if (prepared.ok) {
      return [
        {
          check: 'validation',
          problem: `prepare accepted a document graphql-js rejects in ${phase}: ${expectedErrors[0]?.message ?? ''}`,
        },
      ];
    }
    const failures: CheckFailure[] = [];
    if (prepared.phase !== phase) {
      failures.push({
        check: 'validation',
        problem: `rejected in phase ${prepared.phase}, graphql-js in ${phase}`,
      });
    }
    const expected = essentials(expectedErrors);
    const actual = essentials(prepared.errors);
    const difference = firstDifference(expected, actual);
    if (difference) {
      failures.push({
        check: 'validation',
        problem: 'errors differ',
        difference,
        expectedText: JSON.stringify(expected),
        actualText: JSON.stringify(actual),
      });
    }
    return failures;
  } catch (error) {
    return [{ check: 'validation', problem: `prepare threw ${messageOf(error)}` }];
  }
}
