import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../support/testDatabase.js';
import { writeHarness, type WriteHarness } from './support.js';

/**
 * Creates and upserts whose input shapes the rest of the suite does not cover, each checked
 * against the rows stored: a row a BEFORE trigger skips, defaulted and shared foreign-key
 * columns, explicit nulls, and an upsert whose conflict target comes in a variable.
 */
const db = useTestDatabase((client) =>
  client.exec(`
CREATE TABLE parents (
  id serial PRIMARY KEY,
  code text NOT NULL DEFAULT ('P' || (random() * 1e9)::bigint) UNIQUE,
  name text NOT NULL
);
CREATE FUNCTION skip_named_skip() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.name = 'skip' THEN RETURN NULL; END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER parents_skip BEFORE INSERT ON parents FOR EACH ROW EXECUTE FUNCTION skip_named_skip();
CREATE TABLE kids (
  id serial PRIMARY KEY,
  parent_id integer NOT NULL REFERENCES parents (id),
  name text NOT NULL
);
CREATE TABLE by_code (
  id serial PRIMARY KEY,
  parent_code text NOT NULL REFERENCES parents (code),
  name text NOT NULL
);
CREATE TABLE things (
  id serial PRIMARY KEY,
  parent_id integer DEFAULT 1 REFERENCES parents (id),
  label text DEFAULT 'dflt'
);
CREATE TABLE nodes (
  id serial PRIMARY KEY,
  parent_id integer REFERENCES nodes (id),
  name text NOT NULL
);
CREATE TABLE tenants (id integer PRIMARY KEY);
CREATE TABLE accounts (tenant_id integer NOT NULL REFERENCES tenants, id integer NOT NULL, name text NOT NULL, PRIMARY KEY (tenant_id, id));
CREATE TABLE projects (tenant_id integer NOT NULL REFERENCES tenants, id integer NOT NULL, name text NOT NULL, PRIMARY KEY (tenant_id, id));
CREATE TABLE tasks (
  id serial PRIMARY KEY,
  tenant_id integer NOT NULL,
  account_id integer,
  project_id integer,
  FOREIGN KEY (tenant_id, account_id) REFERENCES accounts,
  FOREIGN KEY (tenant_id, project_id) REFERENCES projects
);
`),
);
let h: WriteHarness;
/** The INSERT … SELECT form (PostgreSQL 15/16; the only form on the 15 server). */
let insertForm: WriteHarness;
beforeAll(async () => {
  h = await writeHarness(db.client);
  insertForm = await writeHarness(db.client, { mergeReturning: false });
});
beforeEach(() =>
  db.client.exec(
    'TRUNCATE parents, kids, by_code, things, nodes, tasks, accounts, projects, tenants RESTART IDENTITY CASCADE',
  ),
);

describe('create', () => {
  it('INSERT form: a row a BEFORE trigger skips does not shift later rows’ children to other parents', async () => {
    const r = await insertForm.run(`mutation { createParents(input: [
      { name: "skip", kids: [{ name: "of-skip" }] },
      { name: "p2", kids: [{ name: "of-p2" }] },
      { name: "p3", kids: [{ name: "of-p3" }] }]) { name } }`);
    expect(r.errors).toBeUndefined();
    const rows = (await h.rows(
      `SELECT k.name, p.name FROM kids k JOIN parents p ON p.id = k.parent_id ORDER BY k.id`,
    )) as Array<[string, string]>;
    // Every stored kid is under its own parent (MERGE form: of-p2 under p2, of-p3 under p3).
    for (const [kid, parent] of rows) expect(kid).toBe(`of-${parent}`);
  });

  it('a defaulted foreign key takes its default in a row that does not give the relation', async () => {
    await h.rows(`INSERT INTO parents (name) VALUES ('one')`);
    const r = await h.run(`mutation { createThings(input: [
      { label: "a", parent: { name: "new" } },
      { label: "b" }]) { label parentId } }`);
    expect(r).toEqual({
      data: {
        createThings: [
          { label: 'a', parentId: 2 },
          { label: 'b', parentId: 1 },
        ],
      },
    });
    expect(await h.rows(`SELECT label, parent_id FROM things ORDER BY id`)).toEqual([
      ['a', 2],
      ['b', 1],
    ]);
  });

  it('an explicit null is stored as NULL, not the column default', async () => {
    await h.rows(`INSERT INTO parents (name) VALUES ('one')`);
    const r = await h.run(
      `mutation { createThings(input: [{ label: null, parentId: null }, { label: "x" }]) { label parentId } }`,
    );
    expect(r.errors).toBeUndefined();
    expect(await h.rows(`SELECT label, parent_id FROM things ORDER BY id`)).toEqual([
      [null, null],
      ['x', 1],
    ]);
  });

  it('a column two foreign keys share is filled by whichever relation a row gives', async () => {
    await h.rows(`INSERT INTO tenants VALUES (1)`);
    const r = await h.run(`mutation { createTasks(input: [
      { account: { tenantId: 1, id: 10, name: "acc" } },
      { project: { tenantId: 1, id: 20, name: "prj" } }]) { tenantId accountId projectId } }`);
    expect(r.errors).toBeUndefined();
    expect(await h.rows(`SELECT tenant_id, account_id, project_id FROM tasks ORDER BY id`)).toEqual(
      [
        [1, 10, null],
        [1, null, 20],
      ],
    );
  });
});

describe('upsert', () => {
  it('one operation text, onConflict in a variable: the read-back follows the constraint', async () => {
    const UPSERT = `mutation ($i: [ParentInput!]!, $oc: ParentOnConflict) {
      createParents(input: $i, onConflict: $oc) { id code name } }`;
    const first = await h.run(UPSERT, {
      i: [{ id: 1, code: 'C1', name: 'one' }],
      oc: { columns: ['ID'], update: ['NAME'] },
    });
    expect(first).toEqual({ data: { createParents: [{ id: 1, code: 'C1', name: 'one' }] } });
    const second = await h.run(UPSERT, {
      i: [
        { code: 'C1', name: 'uno' },
        { code: 'C2', name: 'two' },
      ],
      oc: { columns: ['CODE'], update: ['NAME'] },
    });
    expect(second.errors).toBeUndefined();
    expect(second.data?.['createParents']).toMatchObject([
      { id: 1, code: 'C1', name: 'uno' },
      { code: 'C2', name: 'two' },
    ]);
  });
});
