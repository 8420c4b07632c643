import { beforeAll, describe, expect, it } from 'vitest';
import { operationSourceFields } from '../../../src/pg/compile/operationSourceFields.js';
import { useTestDatabase } from '../support/testDatabase.js';
import { writeHarness, type WriteHarness } from './support.js';

/**
 * Writes whose selection the write statement answers itself (its rows from RETURNING, no
 * read-back), next to the forms that keep a read-back, on tables made to trip them: a column
 * named like the statement's own helper columns, a constraint named like a form, Float and JSON
 * columns (the selection goes to the engine as a value), and a parent whose row a trigger of its
 * children changes.
 */
const SCHEMA = `
CREATE TABLE ranks (id serial PRIMARY KEY, rn int, ord int, note text DEFAULT 'n');
CREATE TABLE answers (
  id serial PRIMARY KEY,
  question text NOT NULL,
  who text NOT NULL,
  CONSTRAINT answer UNIQUE (question, who),
  CONSTRAINT keys UNIQUE (who, question)
);
CREATE TABLE samples (id serial PRIMARY KEY, label text, ratio float8, doc jsonb);
CREATE TABLE parents (id serial PRIMARY KEY, name text NOT NULL, kid_count int NOT NULL DEFAULT 0);
CREATE TABLE kids (id serial PRIMARY KEY, parent_id int NOT NULL REFERENCES parents (id), k text);
CREATE FUNCTION count_kid() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE parents SET kid_count = kid_count + 1 WHERE id = NEW.parent_id;
  RETURN NULL;
END $$;
CREATE TRIGGER count_kid AFTER INSERT ON kids FOR EACH ROW EXECUTE FUNCTION count_kid();
`;

const db = useTestDatabase((client) => client.exec(SCHEMA));
let h: WriteHarness;

beforeAll(async () => {
  h = await writeHarness(db.client);
});

async function run(query: string, variables: Record<string, unknown> = {}) {
  h.counting.statements.length = 0;
  const result = await h.run(query, variables);
  return { result, statements: h.counting.statements.length };
}

/** Whether each statement of the one field of `query` may run under a generic plan. */
function generic(query: string, variables: Record<string, unknown> = {}): boolean[] {
  const prepared = operationSourceFields(h.reflection.schema, query, { variables });
  const [field] = prepared.source!.prepareMutations(prepared.request, prepared.variables);
  return field!.statements().map((s) => s.genericPlan);
}

describe('writes answered by their own statement', () => {
  it('creates rows of several column groups whose columns are named like the helper columns', async () => {
    const { result, statements } = await run(
      `mutation { createRanks(input: [{ rn: 1, ord: 7 }, { rn: 2, note: "y" }]) { id rn ord note } }`,
    );
    expect(result).toEqual({
      data: {
        createRanks: [
          { id: 1, rn: 1, ord: 7, note: 'n' },
          { id: 2, rn: 2, ord: null, note: 'y' },
        ],
      },
    });
    expect(statements).toBe(1);
  });

  it('keeps the answered create, the upsert and the upsert doing nothing apart, whatever the constraints are named', async () => {
    const document = `mutation ($i: [AnswerInput!]!, $oc: AnswerOnConflict) {
      createAnswers(input: $i, onConflict: $oc) { id question who }
    }`;
    const row = { question: 'q', who: 'w' };
    const created = await run(document, { i: [row] });
    expect(created.result).toEqual({ data: { createAnswers: [{ id: 1, ...row }] } });
    for (const constraint of ['ANSWER', 'KEYS']) {
      // The same row again: nothing to update, no error, the row as it is.
      const upserted = await run(document, { i: [row], oc: { constraint, update: [] } });
      expect(upserted.result).toEqual({ data: { createAnswers: [{ id: 1, ...row }] } });
      expect(upserted.statements).toBe(2);
    }
    const again = await run(document, { i: [{ question: 'q2', who: 'w' }] });
    expect(again.result).toEqual({
      data: { createAnswers: [{ id: 4, question: 'q2', who: 'w' }] },
    });
  });

  it('keeps generic plans for a selection the engine completes as a value (Float, JSON)', async () => {
    for (const selection of ['id label', 'id ratio', 'id doc']) {
      expect(generic(`mutation { createSample(input: { label: "a" }) { ${selection} } }`)).toEqual([
        true,
      ]);
      expect(
        generic(`mutation { updateSample(id: 1, set: { label: "b" }) { ${selection} } }`),
      ).toEqual([true]);
    }
    const { result } = await run(
      `mutation { createSample(input: { label: "a", ratio: 0.5, doc: { x: [1] } }) { id ratio doc } }`,
    );
    expect(result).toEqual({ data: { createSample: { id: 1, ratio: 0.5, doc: { x: [1] } } } });
  });

  it('reads a nested create back: a trigger of its children may change the root rows', async () => {
    const { result, statements } = await run(
      `mutation { createParent(input: { name: "p", kids: [{ k: "a" }, { k: "b" }] }) { id kidCount } }`,
    );
    expect(result).toEqual({ data: { createParent: { id: 1, kidCount: 2 } } });
    expect(statements).toBe(2);
  });
});
