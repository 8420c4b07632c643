import type { Difference } from './jsonDiff.js';

/**
 * What each case is checked for:
 * - `execute`: Sluice's `execute` deep-equals graphql-js's result as JSON (key order ignored),
 *   errors are GraphQLError instances, and it is synchronous whenever graphql-js is;
 * - `executeJSON`: Sluice's byte path equals `JSON.stringify(graphqlJsResult)` byte for byte;
 * - `entry`: the request entry (`createEngine().prepare(text).execute()`) accepts the document and
 *   answers the same body, once the `extensions.code` it adds to errors is set aside;
 * - `validation`: for a document graphql-js rejects, the request entry rejects it in the same phase
 *   with the same messages and locations.
 *
 * `execute`, `executeJSON` and `entry` each run twice per case (the second run reuses the plan).
 */
export type CheckName = 'execute' | 'executeJSON' | 'entry' | 'validation';

export interface CheckFailure {
  readonly check: CheckName;
  /** One line: what went wrong. */
  readonly problem: string;
  /** Where the outputs part, when there are outputs to compare. */
  readonly difference?: Difference;
  readonly expectedText?: string;
  readonly actualText?: string;
}

export type CaseResult =
  | {
      readonly kind: 'scored';
      readonly id: string;
      readonly queryPath: string;
      /** `executed`: graphql-js ran it; `invalid`: graphql-js's parse or validate rejected it. */
      readonly category: 'executed' | 'invalid';
      readonly failures: readonly CheckFailure[];
      /** Set when `execute` matched but lists some object's keys in another order. */
      readonly keyOrder?: Difference;
    }
  | {
      /** graphql-js itself threw (corpus README: such a case is not scored). */
      readonly kind: 'unscored';
      readonly id: string;
      readonly reason: string;
    };
