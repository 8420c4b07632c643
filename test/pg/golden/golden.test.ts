import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from '../../../src/engine/index.js';
import { formatSql } from '../../../src/pg/sql/formatSql.js';
import type { Reflection } from '../../../src/pg/reflect.js';
import { runOperation } from '../support/runOperation.js';
import { goldenCases, goldenVariables } from '../support/goldenCases.js';
import { useTestDatabase } from '../support/testDatabase.js';
import { goldenReflection, seedProgress, setupGoldenDatabase } from './goldenSchema.js';

/**
 * Golden files (after Grafast's dataplan-pg tests): each `queries/<name>.graphql` is run
 * against the demo database; the statement must equal `<name>.sql` and the response `<name>.json`.
 * A first line `# variables: {…}` gives variables. A case named `flat_…` runs with the source
 * option `plainRows` (its statement is then the plain rows, flatRowsSql.ts). `UPDATE_GOLDEN=1`
 * rewrites the expectations (review the diff before committing it).
 */
const dir = join(fileURLToPath(new URL('.', import.meta.url)), 'queries');
const update = process.env['UPDATE_GOLDEN'] === '1';
const cases = goldenCases(dir);

const db = useTestDatabase(setupGoldenDatabase);
let defaults: Reflection;
let plainRows: Reflection;
beforeAll(async () => {
  defaults = await goldenReflection(db.client);
  plainRows = await goldenReflection(db.client, true);
});

describe('golden queries', () => {
  it('has cases', () => {
    expect(cases.length).toBeGreaterThanOrEqual(10);
  });

  it('seeded the demo database step by step, reporting progress', () => {
    const total = seedProgress[0]?.total;
    expect(seedProgress.map((p) => p.done)).toEqual(
      Array.from({ length: total ?? 0 }, (_, i) => i + 1),
    );
    expect(seedProgress.at(-1)).toEqual({ step: 'statistics', done: total, total });
  });

  it.each(cases)('%s', async (name) => {
    const reflection = name.startsWith('flat_') ? plainRows : defaults;
    const query = readFileSync(join(dir, `${name}.graphql`), 'utf8');
    const variables = goldenVariables(query);
    const run = await runOperation(reflection.schema, query, variables);
    const sqlText = [
      `-- ${name}.graphql, modes: ${run.modes.join(', ')}`,
      ...run.parameters.map((p) => `-- ${p}`),
      formatSql(run.sql),
      '',
    ].join('\n');
    const result = JSON.stringify(JSON.parse(run.body), null, 2) + '\n';
    if (update) {
      writeFileSync(join(dir, `${name}.sql`), sqlText);
      writeFileSync(join(dir, `${name}.json`), result);
      return;
    }
    expect(sqlText).toBe(readFileSync(join(dir, `${name}.sql`), 'utf8'));
    // Key order matters (GraphQL spec §7.2.2: fields in selection order), so compare text.
    const expected =
      JSON.stringify(JSON.parse(readFileSync(join(dir, `${name}.json`), 'utf8')), null, 2) + '\n';
    expect(result).toBe(expected);
    // The same through the engine's request entry (plan cache, executor, byte path).
    const prepared = createEngine({ schema: reflection.schema }).prepare(query);
    if (!prepared.ok) throw new Error(prepared.body);
    const outcome = await prepared.execute({ variables });
    expect(JSON.stringify(JSON.parse(outcome.body), null, 2) + '\n').toBe(expected);
  });
});
