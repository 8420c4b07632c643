import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { graphql } from 'graphql';
import { beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from '../../../src/engine/index.js';
import type { Reflection } from '../../../src/pg/reflect.js';
import { goldenCases, goldenVariables } from '../support/goldenCases.js';
import { useTestDatabase } from '../support/testDatabase.js';
import { goldenReflection, setupGoldenDatabase } from './goldenSchema.js';

/**
 * Every golden query's response, as the server sends it (the engine's byte path, the database's
 * JSON spliced unparsed), is byte for byte `JSON.stringify` of what plain graphql-js answers over
 * the same schema (buildSchema's resolvers, whose rows the engine never sees as JSON text): no
 * space or newline PostgreSQL's JSON functions put in, numbers written as JavaScript writes them.
 */
const dir = join(fileURLToPath(new URL('.', import.meta.url)), 'queries');
const cases = goldenCases(dir);
const decoder = new TextDecoder();

const db = useTestDatabase(setupGoldenDatabase);
let reflection: Reflection;
beforeAll(async () => {
  reflection = await goldenReflection(db.client);
});

describe('compact responses', () => {
  it.each(cases)('%s', async (name) => {
    const query = readFileSync(join(dir, `${name}.graphql`), 'utf8');
    const variableValues = goldenVariables(query);
    const expected = JSON.stringify(
      await graphql({ schema: reflection.schema, source: query, variableValues }),
    );
    const engine = createEngine({ schema: reflection.schema });
    const prepared = engine.prepare(query);
    if (!prepared.ok) throw new Error(prepared.body);
    const asBytes = await prepared.execute({ variables: variableValues, bytes: true });
    const body = asBytes.body;
    expect(typeof body === 'string' ? body : decoder.decode(body)).toBe(expected);
    const asText = await prepared.execute({ variables: variableValues });
    expect(asText.body).toBe(expected);
  });
});
