/**
 * Differential conformance run: every case of a GraphQL conformance corpus through graphql-js 16
 * (the oracle) and through Sluice's `execute`, `executeJSON` and request entry; first, every schema
 * and query text through Sluice's `parse` against graphql-js's.
 *
 *   npm run conformance -- <corpus directory> [--only <case id part>] [--show N] [--full] [--eager]
 *
 * The corpus is a generated set of schemas and operations, kept outside the repository and passed
 * as a path. Prints `N passed, M failed` and exits 1 when any case fails, 2 on a usage error. With
 * no corpus directory it only prints the usage: nothing else needs the corpus.
 */
import { existsSync, statSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { versionInfo } from 'graphql';
import { sluice, sluiceWith } from './conformance/Contender.js';
import { formatReport } from './conformance/formatReport.js';
import { checkParser } from './conformance/checkParser.js';
import { listCorpus } from './conformance/listCorpus.js';
import { runCorpus } from './conformance/runCorpus.js';
import { summarize } from './conformance/summarize.js';

const usage = `usage: npm run conformance -- <corpus dir | one schema dir> [--only <case id part>] [--show N] [--full] [--eager]
  --only   run only the cases whose id (schema/query/vars) contains this text
  --show   how many failing cases to describe (default 20)
  --full   print the complete expected and actual texts of the described failures
  --eager  generate writers and builders from each selection's first object, and write every
           list of objects as objects after its first time (as the differential tests do);
           by default they need 256 objects, which few corpus cases reach`;

async function main(): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      allowPositionals: true,
      options: {
        only: { type: 'string' },
        show: { type: 'string', default: '20' },
        full: { type: 'boolean', default: false },
        eager: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (error) {
    console.error(`${(error as Error).message}\n${usage}`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (values.help || positionals.length === 0) {
    console.log(`${usage}\nNo corpus given: nothing to run.`);
    return 0;
  }
  const root = positionals[0] as string;
  const show = Number(values.show);
  if (positionals.length > 1 || !Number.isInteger(show) || show < 0) {
    console.error(usage);
    return 2;
  }
  if (!existsSync(root) || !statSync(root).isDirectory()) {
    console.error(`conformance: no corpus folder at ${root}`);
    return 2;
  }
  const contender = values.eager
    ? sluiceWith({ codegenAfter: 1, objectLists: { minEscapedCharsPerItem: 0, minItems: 1 } })
    : sluice;
  const schemas = listCorpus(root, values.only);
  const caseCount = schemas.reduce(
    (n, s) => n + s.queries.reduce((m, q) => m + q.cases.length, 0),
    0,
  );
  if (caseCount === 0) {
    console.error(
      `conformance: no cases found under ${root}${values.only ? ` matching ${values.only}` : ''}`,
    );
    return 2;
  }
  console.log(
    `Conformance: ${caseCount} cases in ${schemas.length} schemas from ${root}\n` +
      `oracle graphql-js ${versionInfo.major}.${versionInfo.minor}.${versionInfo.patch}; Sluice from src/engine; node ${process.version}` +
      (values.eager
        ? "\ngenerated code from each selection's first object; lists of objects both ways"
        : ''),
  );
  const started = performance.now();
  const parser = checkParser(schemas);
  console.log(
    `parser: ${parser.documents - parser.failures.length} of ${parser.documents} documents parse as with graphql-js`,
  );
  for (const failure of parser.failures.slice(0, show)) console.log(`  ${failure}`);
  const progress = process.stderr.isTTY
    ? (done: number, total: number) => process.stderr.write(`\r${done}/${total} schemas`)
    : undefined;
  const results = await runCorpus(contender, schemas, progress);
  if (progress) process.stderr.write('\r\x1b[K');
  const summary = summarize(results);
  console.log(
    formatReport(summary, {
      show,
      full: values.full,
      seconds: (performance.now() - started) / 1000,
    }),
  );
  return summary.failed > 0 || parser.failures.length > 0 ? 1 : 0;
}

process.exitCode = await main();
