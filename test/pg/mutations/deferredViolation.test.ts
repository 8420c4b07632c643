import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../support/testDatabase.js';
import { writeHarness, type WriteHarness } from './support.js';

/**
 * A constraint checked at COMMIT (DEFERRABLE INITIALLY DEFERRED) fails the operation there; its
 * error names the input row that broke it, as an immediate constraint's does. The search for the
 * row rolls its probes back before COMMIT, so each probe checks the deferred constraints itself.
 */
const db = useTestDatabase((client) =>
  client.exec(`
CREATE TABLE owners (id int PRIMARY KEY);
INSERT INTO owners VALUES (1), (2);
CREATE TABLE pets (
  id serial PRIMARY KEY,
  owner_id int NOT NULL REFERENCES owners DEFERRABLE INITIALLY DEFERRED,
  code text UNIQUE DEFERRABLE INITIALLY DEFERRED
);
`),
);
let h: WriteHarness;
beforeAll(async () => {
  h = await writeHarness(db.client);
});
beforeEach(() => db.client.exec('TRUNCATE pets RESTART IDENTITY'));

describe('a deferred constraint broken by one row of a batch', () => {
  it('a foreign key: the row is named, nothing is written', async () => {
    const owners = [1, 99, 2, 1, 2, 1];
    const r = await h.run(`mutation ($i: [PetInput!]!) { createPets(input: $i) { id } }`, {
      i: owners.map((ownerId) => ({ ownerId })),
    });
    expect(r.errors?.[0]?.extensions).toMatchObject({
      code: 'FOREIGN_KEY_VIOLATION',
      constraint: 'pets_owner_id_fkey',
      inputPath: ['createPets', 'input', 1],
    });
    expect(await h.rows('SELECT count(*)::int FROM pets')).toEqual([[0]]);
  });

  it('a unique key, with a relation selected (write and read-back): the second row of the key', async () => {
    const codes = ['a', 'b', 'a', 'c', 'd'];
    const r = await h.run(
      `mutation ($i: [PetInput!]!) { createPets(input: $i) { id owner { id } } }`,
      { i: codes.map((code) => ({ ownerId: 1, code })) },
    );
    expect(r.errors?.[0]?.extensions).toMatchObject({
      code: 'UNIQUE_VIOLATION',
      constraint: 'pets_code_key',
      inputPath: ['createPets', 'input', 2],
    });
    expect(await h.rows('SELECT count(*)::int FROM pets')).toEqual([[0]]);
  });
});
