import { beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../../src/engine/index.js';
import { countStatements } from '../../src/pg/driver/countStatements.js';
import { reflect, type Reflection } from '../../src/pg/reflect.js';
import { runOperation } from './support/runOperation.js';
import { useTestDatabase } from './support/testDatabase.js';

/**
 * float4/float8 NaN and ±Infinity: PostgreSQL stores them, GraphQL's Float cannot represent them
 * (spec §3.5.2: non-finite values raise a field error). They must become field errors, as
 * graphql-js's Float serialize makes them, never the strings PostgreSQL writes in JSON.
 */
const db = useTestDatabase(async (client) => {
  await client.exec(`
    CREATE TABLE readings (
      id int PRIMARY KEY,
      label text NOT NULL,
      value float8,
      exact float8 NOT NULL,
      series float4[]
    );
    INSERT INTO readings VALUES
      (1, 'plain', 1.5, 1, '{1,2}'),
      (2, 'nan', 'NaN', 2, NULL),
      (3, 'inf', 'Infinity', 'Infinity', '{0.5,-Infinity}'),
      (4, 'NaN', 2.5, 4, NULL);
  `);
});
let reflection: Reflection;
let counting: ReturnType<typeof countStatements>;
let engine: Engine;
beforeAll(async () => {
  counting = countStatements(db.client);
  reflection = await reflect(counting);
  engine = createEngine({ schema: reflection.schema });
});

interface Body {
  data?: unknown;
  errors?: Array<{ message: string; path?: unknown[]; extensions?: unknown }>;
}

/** Runs `query` through the engine, and through the seam harness: both must give `expected`. */
async function check(query: string, expected: Body): Promise<void> {
  const prepared = engine.prepare(query);
  if (!prepared.ok) throw new Error(prepared.body);
  const viaEngine = JSON.parse((await prepared.execute()).body) as Body;
  const viaHarness = JSON.parse((await runOperation(reflection.schema, query)).body) as Body;
  for (const body of [viaEngine, viaHarness]) {
    expect({
      data: body.data,
      errors: body.errors?.map(({ message, path }) => ({ message, path })),
    }).toEqual(expected);
  }
}

const nonNumeric = (text: string) => `Float cannot represent non numeric value: "${text}"`;

describe('non-finite floats from PostgreSQL', () => {
  it('makes NaN and Infinity a field error with its path (nullable column)', async () => {
    await check('{ readings { id value } }', {
      data: {
        readings: [
          { id: 1, value: 1.5 },
          { id: 2, value: null },
          { id: 3, value: null },
          { id: 4, value: 2.5 },
        ],
      },
      errors: [
        { message: nonNumeric('NaN'), path: ['readings', 1, 'value'] },
        { message: nonNumeric('Infinity'), path: ['readings', 2, 'value'] },
      ],
    });
  });

  it('propagates the null of a non-null Float to the nearest nullable parent', async () => {
    await check('{ reading(id: 3) { label exact } ok: reading(id: 1) { exact } }', {
      data: { reading: null, ok: { exact: 1 } },
      errors: [{ message: nonNumeric('Infinity'), path: ['reading', 'exact'] }],
    });
  });

  it('does so inside float arrays and aggregates', async () => {
    await check('{ reading(id: 3) { series } readingsAggregate { max { value } sum { exact } } }', {
      data: {
        reading: { series: [0.5, null] },
        readingsAggregate: { max: { value: null }, sum: { exact: null } },
      },
      errors: [
        { message: nonNumeric('-Infinity'), path: ['reading', 'series', 1] },
        // PostgreSQL sorts NaN above every number, so max() is NaN.
        { message: nonNumeric('NaN'), path: ['readingsAggregate', 'max', 'value'] },
        { message: nonNumeric('Infinity'), path: ['readingsAggregate', 'sum', 'exact'] },
      ],
    });
  });

  it('runs one statement when every float is finite, and a string "NaN" is only a string', async () => {
    const before = counting.statements.length;
    await check('{ readings(where: { id: { in: [1, 4] } }) { label value series } }', {
      data: {
        readings: [
          { label: 'plain', value: 1.5, series: [1, 2] },
          { label: 'NaN', value: 2.5, series: null },
        ],
      },
    });
    // Two runs (engine, harness). The label "NaN" looks like a non-finite float in the JSON, so
    // each run reads the field again in value mode: two statements per run, same answer.
    expect(counting.statements.length - before).toBe(4);
    const finite = counting.statements.length;
    await check('{ reading(id: 1) { value exact } }', {
      data: { reading: { value: 1.5, exact: 1 } },
    });
    expect(counting.statements.length - finite).toBe(2);
  });
});
