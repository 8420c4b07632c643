import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../support/testDatabase.js';
import { writeHarness, type WriteHarness } from './support.js';

/**
 * A column whose type is a domain with a DEFAULT takes that default when an INSERT leaves it out
 * (the column itself has none: `atthasdef` is false), and stores NULL when given NULL. Each
 * create is checked against the same rows written by plain SQL into a twin table.
 */
const db = useTestDatabase((client) =>
  client.exec(`
CREATE DOMAIN label AS text DEFAULT 'unlabelled';
CREATE DOMAIN short_label AS label CHECK (length(VALUE) < 20);
CREATE TABLE notes (id serial PRIMARY KEY, body text NOT NULL, label label, tag short_label);
CREATE TABLE oracle (id serial PRIMARY KEY, body text NOT NULL, label label, tag short_label);
`),
);
let h: WriteHarness;
beforeAll(async () => {
  h = await writeHarness(db.client);
});
beforeEach(() => db.client.exec('TRUNCATE notes, oracle RESTART IDENTITY'));

const stored = (table: string) => h.rows(`SELECT id, body, label, tag FROM ${table} ORDER BY id`);

describe('a column of a domain with a default', () => {
  it('given null stores NULL, as INSERT … VALUES (NULL) does', async () => {
    const r = await h.run(
      `mutation { createNote(input: { body: "a", label: null, tag: null }) { id label tag } }`,
    );
    expect(r.errors).toBeUndefined();
    await db.client.exec(`INSERT INTO oracle (body, label, tag) VALUES ('a', NULL, NULL)`);
    expect(await stored('notes')).toEqual(await stored('oracle'));
    expect(r.data).toEqual({ createNote: { id: 1, label: null, tag: null } });
  });

  it('left out takes the domain’s default, also beside a row that gives it', async () => {
    const r = await h.run(`mutation { createNotes(input: [
      { body: "a", label: "given", tag: "t" }, { body: "b" }, { body: "c", label: null }]) { id label tag } }`);
    expect(r.errors).toBeUndefined();
    await db.client.exec(`INSERT INTO oracle (body, label, tag) VALUES ('a', 'given', 't');
      INSERT INTO oracle (body) VALUES ('b'); INSERT INTO oracle (body, label) VALUES ('c', NULL)`);
    expect(await stored('notes')).toEqual(await stored('oracle'));
  });
});
