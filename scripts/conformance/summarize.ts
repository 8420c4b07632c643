import type { CaseResult, CheckName } from './CaseResult.js';

export interface Summary {
  readonly passed: number;
  readonly failed: number;
  readonly unscored: number;
  /** Scored cases whose document graphql-js rejected (parse or validate). */
  readonly invalid: { readonly passed: number; readonly failed: number };
  /** Cases that failed each check (a case may fail several). */
  readonly failedChecks: Readonly<Record<CheckName, number>>;
  /** Cases whose `execute` result matched but listed some keys in another order. */
  readonly keyOrderDiffers: number;
  /** Why graphql-js could not answer, with how many cases each reason covers. */
  readonly unscoredReasons: ReadonlyMap<string, number>;
  readonly failures: ReadonlyArray<Extract<CaseResult, { kind: 'scored' }>>;
}

/** A case passes only when every check ran for it matched graphql-js. */
export function summarize(results: readonly CaseResult[]): Summary {
  const failedChecks: Record<CheckName, number> = {
    execute: 0,
    executeJSON: 0,
    entry: 0,
    validation: 0,
  };
  const unscoredReasons = new Map<string, number>();
  const failures: Array<Extract<CaseResult, { kind: 'scored' }>> = [];
  let passed = 0;
  let unscored = 0;
  let keyOrderDiffers = 0;
  const invalid = { passed: 0, failed: 0 };
  for (const result of results) {
    if (result.kind === 'unscored') {
      unscored++;
      unscoredReasons.set(result.reason, (unscoredReasons.get(result.reason) ?? 0) + 1);
      continue;
    }
    if (result.keyOrder) keyOrderDiffers++;
    const ok = result.failures.length === 0;
    if (ok) passed++;
    else failures.push(result);
    if (result.category === 'invalid') invalid[ok ? 'passed' : 'failed']++;
    for (const check of new Set(result.failures.map((failure) => failure.check)))
      failedChecks[check]++;
  }
  return {
    passed,
    failed: failures.length,
    unscored,
    invalid,
    failedChecks,
    keyOrderDiffers,
    unscoredReasons,
    failures,
  };
}
