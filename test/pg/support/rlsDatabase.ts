import { randomBytes } from 'node:crypto';
import { afterAll } from 'vitest';
import { createPostgresClient } from '../../../src/pg/driver/createPostgresClient.js';
import type { SqlClient } from '../../../src/pg/driver/SqlClient.js';
import { introspect } from '../../../src/pg/catalog/introspect.js';
import type { PgRequestSettings } from '../../../src/pg/compile/requestSettings.js';
import { changeTriggersSql, triggerTables } from '../../../src/pg/realtime/changeTriggersSql.js';

/** The claim the policies read, as PostgREST and Supabase policies read it. */
const SUB = `current_setting('request.jwt.claims', true)::json->>'sub'`;

export interface RlsRoles {
  /** The role tokens run as: reads and writes notes and tags, under their policies. */
  readonly member: string;
  /** The role of requests without a token: may read owners, nothing else. */
  readonly anonymous: string;
  /** Names of roles a test may create too; dropped with the others. */
  readonly extra: string;
}

/**
 * Roles for one test file, with names unique per run (roles are global on a server: hex digits
 * only), dropped after the file. Call it before the database's own hooks: after-hooks run in
 * reverse, so the roles are dropped once the database (and every privilege in it) is gone. On
 * PGlite they end with its instance.
 */
export function useRlsRoles(): RlsRoles {
  const suffix = randomBytes(4).toString('hex');
  const roles = {
    member: `sluice_rls_${suffix}_member`,
    anonymous: `sluice_rls_${suffix}_anon`,
    extra: `sluice_rls_${suffix}_login`,
  };
  afterAll(async () => {
    const url = process.env['DATABASE_URL'];
    if (!url) return;
    const admin = createPostgresClient(url, { max: 1 });
    try {
      for (const role of [roles.extra, roles.member, roles.anonymous])
        await admin.exec(`DROP ROLE IF EXISTS ${role}`);
    } finally {
      await admin.end();
    }
  });
  return roles;
}

/**
 * Owners, their notes and the notes' tags, with row-level security on notes (a note is its
 * owner's: `owner_id` is the token's `sub`, for reads and, through WITH CHECK, for writes) and on
 * tags (visible when their note is). Alice owns notes 1 and 2, Bob note 3.
 */
export async function createRlsDatabase(client: SqlClient, roles: RlsRoles): Promise<void> {
  await client.exec(`
    CREATE ROLE ${roles.member} NOLOGIN;
    CREATE ROLE ${roles.anonymous} NOLOGIN;
    CREATE TABLE owners (id text PRIMARY KEY, name text NOT NULL);
    CREATE TABLE notes (
      id int PRIMARY KEY,
      owner_id text NOT NULL REFERENCES owners (id),
      body text NOT NULL,
      score int NOT NULL
    );
    CREATE TABLE tags (
      id int PRIMARY KEY,
      note_id int NOT NULL REFERENCES notes (id),
      label text NOT NULL
    );
    INSERT INTO owners VALUES ('alice', 'Alice'), ('bob', 'Bob');
    INSERT INTO notes VALUES (1, 'alice', 'a1', 10), (2, 'alice', 'a2', 20), (3, 'bob', 'b1', 5);
    INSERT INTO tags VALUES (1, 1, 'x'), (2, 2, 'y'), (3, 3, 'z');
    ALTER TABLE notes ENABLE ROW LEVEL SECURITY;
    CREATE POLICY own_notes ON notes USING (owner_id = ${SUB}) WITH CHECK (owner_id = ${SUB});
    ALTER TABLE tags ENABLE ROW LEVEL SECURITY;
    CREATE POLICY own_tags ON tags USING (EXISTS (SELECT 1 FROM notes n WHERE n.id = note_id));
    GRANT SELECT ON owners TO ${roles.member}, ${roles.anonymous};
    GRANT SELECT, INSERT, UPDATE, DELETE ON notes, tags TO ${roles.member};
  `);
}

/** createRlsDatabase, with the change triggers on its tables (the realtime tests). */
export async function createRlsRealtimeDatabase(client: SqlClient, roles: RlsRoles): Promise<void> {
  await createRlsDatabase(client, roles);
  const catalog = await introspect(client, ['public']);
  await client.exec(changeTriggersSql(triggerTables(catalog.tables).tables, 'public'));
}

/** A request's context as the engine's `pgSettings` reads it: `pg`, the role and claims. */
export interface RlsContext {
  readonly pg?: PgRequestSettings;
}

/** The context of a token for `sub`: the member role, with the claims the policies read. */
export function memberContext(roles: RlsRoles, sub: string): RlsContext {
  return {
    pg: {
      role: roles.member,
      settings: { 'request.jwt.claims': JSON.stringify({ sub, role: roles.member }) },
    },
  };
}
