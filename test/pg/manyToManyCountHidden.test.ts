import { beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../../src/engine/index.js';
import type { PgRequestSettings } from '../../src/pg/compile/requestSettings.js';
import { reflect } from '../../src/pg/reflect.js';
import { useRlsRoles } from './support/rlsDatabase.js';
import { useTestDatabase } from './support/testDatabase.js';

/**
 * `orderBy: [{ labels: { count: DESC } }]` through a junction table sorts by the number of related
 * rows the request sees, the number `labelsAggregate { count }` gives, also when row-level security
 * hides some of the targets the junction's rows point at.
 */
const roles = useRlsRoles();
const db = useTestDatabase(async (client) => {
  await client.exec(`
    CREATE ROLE ${roles.member} NOLOGIN;
    CREATE TABLE notes (id int PRIMARY KEY);
    CREATE TABLE labels (id int PRIMARY KEY, secret boolean NOT NULL);
    CREATE TABLE note_labels (
      note_id int NOT NULL REFERENCES notes (id),
      label_id int NOT NULL REFERENCES labels (id),
      PRIMARY KEY (note_id, label_id)
    );
    INSERT INTO notes VALUES (1), (2), (3);
    INSERT INTO labels VALUES (1, false), (2, true), (3, true), (4, false);
    INSERT INTO note_labels VALUES (1, 2), (1, 3), (1, 4), (2, 1), (2, 4), (3, 1);
    ALTER TABLE labels ENABLE ROW LEVEL SECURITY;
    CREATE POLICY public_labels ON labels USING (NOT secret);
    GRANT SELECT ON notes, labels, note_labels TO ${roles.member};
  `);
});

interface Context {
  readonly pg?: PgRequestSettings;
}
const member: Context = { pg: { role: roles.member, settings: {} } };

let engine: Engine;
beforeAll(async () => {
  const { schema } = await reflect(db.client, { pgSettings: (c) => (c as Context).pg });
  engine = createEngine({ schema });
});

const run = async (query: string, variables: Record<string, unknown> = {}) => {
  const prepared = engine.prepare(query);
  if (!prepared.ok) throw new Error(prepared.body);
  const outcome = await prepared.execute({ variables, contextValue: member });
  const body = JSON.parse(outcome.body) as { data?: Record<string, unknown>; errors?: unknown };
  expect(body.errors).toBeUndefined();
  return body.data as Record<string, unknown>;
};

describe('orderBy on a many-to-many count with targets the role cannot see', () => {
  it('sorts by the related rows the request sees', async () => {
    const data = await run(`{
      notes(orderBy: [{ labels: { count: DESC } }]) { id labelsAggregate { count } }
      notesConnection(orderBy: [{ labels: { count: DESC } }]) { nodes { id } }
    }`);
    // Note 1 has three labels, two of them secret: one visible, as note 3 has; note 2 has two.
    expect(data['notes']).toEqual([
      { id: 2, labelsAggregate: { count: 2 } },
      { id: 1, labelsAggregate: { count: 1 } },
      { id: 3, labelsAggregate: { count: 1 } },
    ]);
    expect(data['notesConnection']).toEqual({ nodes: [{ id: 2 }, { id: 1 }, { id: 3 }] });
  });
});
