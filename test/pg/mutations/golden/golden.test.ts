import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatSql } from '../../../../src/pg/sql/formatSql.js';
import { runOperation } from '../../support/runOperation.js';
import { goldenCases, goldenVariables } from '../../support/goldenCases.js';
import { useTestDatabase } from '../../support/testDatabase.js';
import { writeHarness, type WriteHarness } from '../support.js';
import { setupWriteDatabase } from '../writeSchema.js';

/**
 * Golden mutations: each `<name>.graphql` runs, in name order, against one fresh write database
 * (so each case sees what the cases before it wrote); its statements must equal `<name>.sql` and
 * its response `<name>.json`. A first line `# variables: {…}` gives variables. `UPDATE_GOLDEN=1`
 * rewrites the expectations (review the diff). The same files hold on PGlite and PostgreSQL 15.
 */
const dir = fileURLToPath(new URL('.', import.meta.url));
const update = process.env['UPDATE_GOLDEN'] === '1';
const cases = goldenCases(dir);

const db = useTestDatabase(setupWriteDatabase);
let h: WriteHarness;
beforeAll(async () => {
  // The INSERT form, which every server runs (PostgreSQL 17's MERGE form: mergePath.test.ts).
  h = await writeHarness(db.client, { mergeReturning: false });
});

describe('golden mutations', () => {
  it('has cases', () => {
    expect(cases.length).toBeGreaterThanOrEqual(15);
  });

  it.each(cases)('%s', async (name) => {
    const query = readFileSync(join(dir, `${name}.graphql`), 'utf8');
    const variables = goldenVariables(query);
    h.counting.statements.length = 0;
    const run = await runOperation(h.reflection.schema, query, variables);
    const sqlText = [
      h.counting.statements.length === 1
        ? `-- ${name}.graphql: 1 statement (atomic alone: no transaction around it)`
        : `-- ${name}.graphql: ${h.counting.statements.length} statements in one transaction`,
      ...run.parameters.map((p) => `-- ${p}`),
      ...h.counting.statements.map((s) => formatSql(s) + ';'),
      '',
    ].join('\n');
    // Compact, as JSON.stringify writes it: no separator `json_agg` puts between elements.
    expect(run.body).toBe(JSON.stringify(JSON.parse(run.body)));
    const result = JSON.stringify(JSON.parse(run.body), null, 2) + '\n';
    if (update) {
      writeFileSync(join(dir, `${name}.sql`), sqlText);
      writeFileSync(join(dir, `${name}.json`), result);
      return;
    }
    expect(sqlText).toBe(readFileSync(join(dir, `${name}.sql`), 'utf8'));
    // Key order matters (fields in selection order), so compare text, as formatted here.
    const expected = readFileSync(join(dir, `${name}.json`), 'utf8');
    expect(result).toBe(JSON.stringify(JSON.parse(expected), null, 2) + '\n');
  });
});
