import { printSchema } from 'graphql';
import { beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from '../../src/engine/index.js';
import { countStatements } from '../../src/pg/driver/countStatements.js';
import { reflect, type Reflection } from '../../src/pg/reflect.js';
import { countedRunner } from './support/reflectedRun.js';
import { useTestDatabase } from './support/testDatabase.js';

/**
 * A lookup per unique constraint: one column, several columns (one argument each), a nullable
 * column, a table with no primary key; a constraint over the primary key's columns adds none.
 */
const db = useTestDatabase(async (client) => {
  await client.exec(`
    CREATE TABLE customers (
      id int PRIMARY KEY,
      email text NOT NULL UNIQUE,
      tax_number text UNIQUE,
      region text NOT NULL,
      local_number int NOT NULL,
      UNIQUE (region, local_number),
      UNIQUE (id)
    );
    CREATE TABLE settings (name text NOT NULL UNIQUE, value text);
    INSERT INTO customers VALUES
      (1, 'ann@example.com', 'T-1', 'north', 1),
      (2, 'bob@example.com', NULL, 'north', 2),
      (3, 'cy@example.com', NULL, 'south', 1);
    INSERT INTO settings VALUES ('mode', 'dark');
  `);
});
let counting: ReturnType<typeof countStatements>;
let reflection: Reflection;
beforeAll(async () => {
  counting = countStatements(db.client);
  reflection = await reflect(counting);
});

const run = countedRunner(
  () => reflection.schema,
  () => counting,
);

describe('unique lookups', () => {
  it('are root fields with one non-null argument per key column', () => {
    const sdl = printSchema(reflection.schema);
    expect(sdl).toContain('customer(id: Int!): Customer');
    expect(sdl).toContain('customerByEmail(email: String!): Customer');
    expect(sdl).toContain('customerByTaxNumber(taxNumber: String!): Customer');
    expect(sdl).toContain(
      'customerByRegionAndLocalNumber(region: String!, localNumber: Int!): Customer',
    );
    expect(sdl).toContain('settingByName(name: String!): Setting');
    expect(sdl).not.toContain('customerById');
    expect(reflection.warnings).toEqual([]);
  });

  it('answer in one statement, with variables and literals, and null for no row', async () => {
    const result = await run(
      `query ($region: String!, $n: Int!) {
        byEmail: customerByEmail(email: "bob@example.com") { id }
        byTax: customerByTaxNumber(taxNumber: "T-1") { email }
        byPair: customerByRegionAndLocalNumber(region: $region, localNumber: $n) { id email }
        none: customerByRegionAndLocalNumber(region: "north", localNumber: 3) { id }
        settingByName(name: "mode") { value }
      }`,
      { region: 'south', n: 1 },
    );
    expect(result).toEqual({
      body: {
        data: {
          byEmail: { id: 2 },
          byTax: { email: 'ann@example.com' },
          byPair: { id: 3, email: 'cy@example.com' },
          none: null,
          settingByName: { value: 'dark' },
        },
      },
      statements: 1,
    });
  });

  it('refuse a missing key argument before any SQL runs', async () => {
    const prepared = createEngine({ schema: reflection.schema }).prepare(
      '{ customerByRegionAndLocalNumber(region: "north") { id } }',
    );
    if (prepared.ok) throw new Error('expected a validation error');
    expect(prepared.body).toContain(
      'argument \\"localNumber\\" of type \\"Int!\\" is required, but it was not provided.',
    );
  });
});
