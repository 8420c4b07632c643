import { relative } from 'node:path';
import type { CheckFailure } from './CaseResult.js';
import type { Summary } from './summarize.js';

export interface ReportOptions {
  /** How many failing cases to describe. */
  readonly show: number;
  /** Print the complete expected and actual texts of each described failure. */
  readonly full: boolean;
  readonly seconds: number;
}

const firstLine = (text: string, max = 160): string => {
  const line = text.split('\n', 1)[0] ?? '';
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
};

function describeFailure(failure: CheckFailure, full: boolean): string[] {
  const lines = [`    ${failure.check}: ${failure.problem}`];
  if (failure.difference) {
    lines.push(
      `      at ${failure.difference.path || '(root)'}`,
      `        expected: ${failure.difference.expected}`,
      `        actual:   ${failure.difference.actual}`,
    );
  }
  if (full && failure.expectedText !== undefined) {
    lines.push(
      `      expected text: ${failure.expectedText}`,
      `      actual text:   ${failure.actualText ?? ''}`,
    );
  }
  return lines;
}

/** The human report: totals first, then the first failures with where they part from graphql-js. */
export function formatReport(summary: Summary, options: ReportOptions): string {
  const scored = summary.passed + summary.failed;
  const invalid = summary.invalid.passed + summary.invalid.failed;
  const lines = [
    `scored cases: ${scored} (${scored - invalid} executed by graphql-js; ${invalid} rejected by its parse/validate: ${summary.invalid.passed} passed, ${summary.invalid.failed} failed)`,
    `not scored (graphql-js itself threw): ${summary.unscored}`,
    ...[...summary.unscoredReasons.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 10)
      .map(([reason, count]) => `  ${count} × ${firstLine(reason)}`),
    `cases failing each check: ${Object.entries(summary.failedChecks)
      .map(([check, count]) => `${check} ${count}`)
      .join(', ')}`,
    `execute results equal but with keys in another order than graphql-js (not a failure): ${summary.keyOrderDiffers}`,
    `time: ${options.seconds.toFixed(1)} s`,
  ];
  if (summary.failures.length > 0) {
    const shown = summary.failures.slice(0, options.show);
    lines.push('', `First ${shown.length} of ${summary.failures.length} failing cases:`);
    for (const result of shown) {
      const checks = [...new Set(result.failures.map((failure) => failure.check))].join(', ');
      lines.push(
        `✗ ${result.id}  [${checks}]`,
        `    query: ${relative(process.cwd(), result.queryPath)}`,
      );
      for (const failure of result.failures) lines.push(...describeFailure(failure, options.full));
    }
    lines.push('', 'Rerun one case with --only <id>, and add --full for the complete texts.');
  }
  lines.push('', `${summary.passed} passed, ${summary.failed} failed`);
  return lines.join('\n');
}
