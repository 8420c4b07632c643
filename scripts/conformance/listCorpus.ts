import { existsSync, readdirSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';

/**
 * The corpus layout (its README): `<schema-id>/schema.graphqls`, `<schema-id>/<query-id>/query.graphql`
 * and optionally `<schema-id>/<query-id>/<vars-id>/variables.json`, one case per variables file; a
 * query folder without one is a single case with no variables.
 */
export interface CorpusSchema {
  readonly id: string;
  readonly schemaPath: string;
  readonly queries: readonly CorpusQuery[];
}

export interface CorpusQuery {
  /** `<schema-id>/<query-id>` */
  readonly id: string;
  readonly queryPath: string;
  readonly cases: readonly CorpusCase[];
}

export interface CorpusCase {
  /** `<schema-id>/<query-id>` or `<schema-id>/<query-id>/<vars-id>` */
  readonly id: string;
  readonly variablesPath?: string;
}

const subfolders = (dir: string): string[] =>
  readdirSync(dir)
    .filter((name) => statSync(join(dir, name)).isDirectory())
    .sort();

/**
 * Lists the cases under `root`, which is either the corpus folder or one schema folder in it (handy
 * to rerun one schema). Sorted, so runs are repeatable. `only` keeps the cases whose id contains it.
 */
export function listCorpus(root: string, only?: string): CorpusSchema[] {
  const schemaDirs = existsSync(join(root, 'schema.graphqls'))
    ? [{ id: basename(root), dir: root }]
    : subfolders(root).map((id) => ({ id, dir: join(root, id) }));
  const schemas: CorpusSchema[] = [];
  for (const { id, dir } of schemaDirs) {
    const schemaPath = join(dir, 'schema.graphqls');
    if (!existsSync(schemaPath)) continue;
    const queries: CorpusQuery[] = [];
    for (const queryId of subfolders(dir)) {
      const queryDir = join(dir, queryId);
      const queryPath = join(queryDir, 'query.graphql');
      if (!existsSync(queryPath)) continue;
      const base = `${id}/${queryId}`;
      const variableCases = subfolders(queryDir)
        .filter((varsId) => existsSync(join(queryDir, varsId, 'variables.json')))
        .map((varsId) => ({
          id: `${base}/${varsId}`,
          variablesPath: join(queryDir, varsId, 'variables.json'),
        }));
      const cases: CorpusCase[] = variableCases.length > 0 ? variableCases : [{ id: base }];
      const kept = only === undefined ? cases : cases.filter((c) => c.id.includes(only));
      if (kept.length > 0) queries.push({ id: base, queryPath, cases: kept });
    }
    if (queries.length > 0) schemas.push({ id, schemaPath, queries });
  }
  return schemas;
}
