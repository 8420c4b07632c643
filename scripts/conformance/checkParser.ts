import { readFileSync } from 'node:fs';
import { parseDifference } from '../../test/engine/support/parseDifference.js';
import type { CorpusSchema } from './listCorpus.js';

export interface ParserCheck {
  readonly documents: number;
  /** Each failing document's path and how Sluice's parse differed from graphql-js's. */
  readonly failures: ReadonlyArray<string>;
}

/**
 * Every schema and query text of the corpus through Sluice's `parse` and graphql-js's, with and
 * without locations: the same AST (keys, values, locations, tokens) or the same error.
 */
export function checkParser(schemas: ReadonlyArray<CorpusSchema>): ParserCheck {
  const failures: string[] = [];
  let documents = 0;
  const check = (path: string): void => {
    const text = readFileSync(path, 'utf8');
    documents++;
    const difference = parseDifference(text) ?? parseDifference(text, { noLocation: true });
    if (difference !== undefined) failures.push(`${path}: ${difference.slice(0, 2000)}`);
  };
  for (const schema of schemas) {
    check(schema.schemaPath);
    for (const query of schema.queries) check(query.queryPath);
  }
  return { documents, failures };
}
