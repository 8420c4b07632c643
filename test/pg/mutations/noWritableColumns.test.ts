import { validateSchema, type GraphQLSchema } from 'graphql';
import { beforeAll, describe, expect, it } from 'vitest';
import { reflect } from '../../../src/pg/reflect.js';
import { engineRequester, type ResponseBody } from '../support/engineRequest.js';
import { useTestDatabase } from '../support/testDatabase.js';

/**
 * Tables whose every column is an identity ALWAYS or a generated column: no input can give any
 * of them. GraphQL has no input object nor enum without members, so such a table gets no upsert
 * (`<Type>Column` would be empty) and, unless a relation of its create input reaches another
 * table, no create (`<Type>Input` would be empty); the schema still builds, and the rest works.
 */
const db = useTestDatabase((client) =>
  client.exec(`
CREATE TABLE ticks (
  id int GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  twice int GENERATED ALWAYS AS (id * 2) STORED
);
CREATE TABLE batches (id int GENERATED ALWAYS AS IDENTITY PRIMARY KEY);
CREATE TABLE jobs (
  id int GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  batch_id int REFERENCES batches (id)
);
`),
);
let schema: GraphQLSchema;
let run: (query: string) => Promise<ResponseBody>;
beforeAll(async () => {
  schema = (await reflect(db.client)).schema;
  run = engineRequester(schema);
});

describe('a table without a writable column', () => {
  it('reflects a valid schema: no create or upsert where no input can hold a field', () => {
    expect(validateSchema(schema)).toEqual([]);
    const mutation = Object.keys(schema.getMutationType()?.getFields() ?? {});
    expect(mutation.filter((f) => /Ticks?$/.test(f))).toEqual([
      'updateTick',
      'updateTicks',
      'deleteTick',
      'deleteTicks',
    ]);
    expect(schema.getType('TickInput')).toBeUndefined();
    expect(schema.getType('TickColumn')).toBeUndefined();
    expect(mutation).toContain('createBatch');
    const createBatch = schema.getMutationType()?.getFields()['createBatch'];
    expect(createBatch?.args.map((a) => a.name)).toEqual(['input']);
  });

  it('creates such rows through a relation, and deletes them', async () => {
    expect(
      await run('mutation { createBatch(input: { jobs: [{}, {}] }) { id jobs { id batchId } } }'),
    ).toEqual({
      data: {
        createBatch: {
          id: 1,
          jobs: [
            { id: 1, batchId: 1 },
            { id: 2, batchId: 1 },
          ],
        },
      },
    });
    expect(await run('mutation { createJob(input: { batch: {} }) { id batch { id } } }')).toEqual({
      data: { createJob: { id: 3, batch: { id: 2 } } },
    });
    expect(await db.client.query('SELECT id, batch_id FROM jobs ORDER BY id')).toEqual([
      [1, 1],
      [2, 1],
      [3, 2],
    ]);
    await db.client.exec('INSERT INTO ticks DEFAULT VALUES');
    expect(await run('mutation { deleteTick(id: 1) { id twice } }')).toEqual({
      data: { deleteTick: { id: 1, twice: 2 } },
    });
    expect(await db.client.query('SELECT count(*)::int FROM ticks')).toEqual([[0]]);
  });
});
