import { runInNewContext } from 'node:vm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createEngine, ErrorCode, type Engine } from '../../src/engine/index.js';
import { SETTINGS_TEXT, type PgRequestSettings } from '../../src/pg/compile/requestSettings.js';
import { countStatements } from '../../src/pg/driver/countStatements.js';
import { createPostgresClient } from '../../src/pg/driver/createPostgresClient.js';
import { reflect } from '../../src/pg/reflect.js';
import { jwtClaimSettings } from '../../src/server/auth/jwtClaimSettings.js';
import type { ResponseBody } from './support/engineRequest.js';
import { createRlsDatabase, useRlsRoles } from './support/rlsDatabase.js';
import { useTestDatabase } from './support/testDatabase.js';

/** Row-level security through `pgSettings`: role and claims reach the policies, per request. */
const roles = useRlsRoles();
const MEMBER = roles.member;
/** A login role that is not a superuser (on a server only): what a deployment connects as. */
const LOGIN = roles.extra;

const db = useTestDatabase((client) => createRlsDatabase(client, roles));

interface Context {
  readonly pg?: PgRequestSettings;
}

const as = (sub: string, role: string = MEMBER): Context => ({
  pg: { role, settings: { 'request.jwt.claims': JSON.stringify({ sub, role }) } },
});

const neverAborted = new AbortController().signal;
let engine: Engine;
let counting: ReturnType<typeof countStatements>;

beforeAll(async () => {
  counting = countStatements(db.client);
  const { schema } = await reflect(counting, {
    pgSettings: (context) => (context as Context).pg,
  });
  engine = createEngine({ schema });
});

async function run(
  query: string,
  contextValue: Context,
  variables: Record<string, unknown> = {},
): Promise<ResponseBody> {
  const prepared = engine.prepare(query);
  if (!prepared.ok) return JSON.parse(prepared.body) as ResponseBody;
  // With a signal, as the server gives one: the driver then follows it while the statement runs.
  const outcome = await prepared.execute({ variables, contextValue, signal: neverAborted });
  return JSON.parse(outcome.body) as ResponseBody;
}

const READ = `{
  notes(orderBy: [{ id: ASC }]) { id body owner { name } tags { label } }
  notesConnection(orderBy: [{ id: ASC }]) { totalCount nodes { id } }
  notesAggregate { count sum { score } }
  owners(orderBy: [{ id: ASC }]) { id notesAggregate { count } }
}`;

describe('row-level security through pgSettings', () => {
  it('shows two users disjoint rows through lists, connections, aggregates and relations', async () => {
    const alice = await run(READ, as('alice'));
    const bob = await run(READ, as('bob'));
    expect(alice.errors).toBeUndefined();
    expect(alice.data).toEqual({
      notes: [
        { id: 1, body: 'a1', owner: { name: 'Alice' }, tags: [{ label: 'x' }] },
        { id: 2, body: 'a2', owner: { name: 'Alice' }, tags: [{ label: 'y' }] },
      ],
      notesConnection: { totalCount: 2, nodes: [{ id: 1 }, { id: 2 }] },
      notesAggregate: { count: 2, sum: { score: '30' } },
      owners: [
        { id: 'alice', notesAggregate: { count: 2 } },
        { id: 'bob', notesAggregate: { count: 0 } },
      ],
    });
    expect(bob.data).toEqual({
      notes: [{ id: 3, body: 'b1', owner: { name: 'Bob' }, tags: [{ label: 'z' }] }],
      notesConnection: { totalCount: 1, nodes: [{ id: 3 }] },
      notesAggregate: { count: 1, sum: { score: '5' } },
      owners: [
        { id: 'alice', notesAggregate: { count: 0 } },
        { id: 'bob', notesAggregate: { count: 1 } },
      ],
    });
  });

  it('applies the settings to the request only: the next one on the connection runs as before', async () => {
    await run('{ notes { id } }', as('alice'));
    const plain = await run('{ notes(orderBy: [{ id: ASC }]) { id } }', {});
    // Without a role the connecting user (the tables' owner) runs it, past the policies.
    expect(plain.data).toEqual({ notes: [{ id: 1 }, { id: 2 }, { id: 3 }] });
    const rows = await db.client.query(
      "SELECT current_user = session_user, coalesce(current_setting('request.jwt.claims', true), '')",
    );
    expect(rows).toEqual([[true, '']]);
  });

  it('costs nothing without settings, and one setup statement with them', async () => {
    counting.statements.length = 0;
    await run('{ notes { id } }', {});
    expect(counting.statements).toHaveLength(1);
    expect(counting.statements[0]).not.toBe(SETTINGS_TEXT);
    counting.statements.length = 0;
    await run('{ notes { id } }', { pg: {} });
    expect(counting.statements).toHaveLength(1);
    counting.statements.length = 0;
    await run('{ notes { id } }', as('bob'));
    expect(counting.statements).toEqual([SETTINGS_TEXT, expect.stringContaining('notes')]);
  });

  it('applies them to mutations: a user writes and changes only its own rows', async () => {
    const created = await run(
      'mutation { createNote(input: { id: 10, ownerId: "bob", body: "b2", score: 1 }) { id owner { id } } }',
      as('bob'),
    );
    expect(created).toEqual({ data: { createNote: { id: 10, owner: { id: 'bob' } } } });
    const updated = await run(
      'mutation { updateNotes(where: { score: { gte: 0 } }, set: { body: "changed" }) { id } }',
      as('bob'),
    );
    expect(updated.data).toEqual({ updateNotes: [{ id: 3 }, { id: 10 }] });
    const deleted = await run('mutation { deleteNote(id: 1) { id } }', as('bob'));
    expect(deleted.data).toEqual({ deleteNote: null });
    const rows = await db.client.query('SELECT id, body FROM notes ORDER BY id');
    expect(rows).toEqual([
      [1, 'a1'],
      [2, 'a2'],
      [3, 'changed'],
      [10, 'changed'],
    ]);
  });

  it('refuses a write the policy does not allow (WITH CHECK), and writes nothing', async () => {
    const refused = await run(
      `mutation {
        first: createNote(input: { id: 11, ownerId: "bob", body: "mine", score: 1 }) { id }
        second: createNote(input: { id: 12, ownerId: "alice", body: "not mine", score: 1 }) { id }
      }`,
      as('bob'),
    );
    expect(refused.data).toBeNull();
    expect(refused.errors?.[0]?.extensions).toMatchObject({
      code: ErrorCode.PERMISSION_DENIED,
      sqlState: '42501',
    });
    const rows = await db.client.query('SELECT id FROM notes WHERE id IN (11, 12)');
    expect(rows).toEqual([]);
  });

  it('refuses a create whose row the role may insert but not read, and writes nothing', async () => {
    // Inserting is open; reading is the owner's. A create takes its rows' keys or columns from
    // RETURNING, which PostgreSQL checks against the SELECT policy too: the statement fails.
    await db.client.exec(`
      CREATE TABLE drafts (id int PRIMARY KEY, owner_id text NOT NULL, body text NOT NULL);
      ALTER TABLE drafts ENABLE ROW LEVEL SECURITY;
      CREATE POLICY drafts_insert ON drafts FOR INSERT WITH CHECK (true);
      CREATE POLICY drafts_select ON drafts FOR SELECT
        USING (owner_id = current_setting('request.jwt.claims', true)::json->>'sub');
      GRANT SELECT, INSERT ON drafts TO ${MEMBER};
    `);
    const { schema } = await reflect(db.client, {
      pgSettings: (context) => (context as Context).pg,
    });
    const own = createEngine({ schema });
    const create = async (id: number, owner: string, selection: string) => {
      const prepared = own.prepare(
        `mutation { createDraft(input: { id: ${id}, ownerId: "${owner}", body: "d" }) { ${selection} } }`,
      );
      if (!prepared.ok) throw new Error(prepared.body);
      const outcome = await prepared.execute({ contextValue: as('bob'), signal: neverAborted });
      return JSON.parse(outcome.body) as ResponseBody;
    };
    expect(await create(1, 'bob', 'id ownerId')).toEqual({
      data: { createDraft: { id: 1, ownerId: 'bob' } },
    });
    // Whatever the selection, `__typename` alone included: the row passes through RETURNING.
    for (const selection of ['id ownerId', '__typename']) {
      const refused = await create(2, 'alice', selection);
      expect(refused.data).toBeNull();
      expect(refused.errors?.[0]?.extensions).toMatchObject({
        code: ErrorCode.PERMISSION_DENIED,
        sqlState: '42501',
      });
    }
    expect(await db.client.query('SELECT id FROM drafts ORDER BY id')).toEqual([[1]]);
  });

  it('takes claims and role names as values: quotes and SQL in them change nothing', async () => {
    const injected = await run('{ notes { id } }', as("'; DROP TABLE notes; --"));
    expect(injected).toEqual({ data: { notes: [] } });
    const quoted = await run('{ notes { id } }', as('alice', `${MEMBER}"; DROP TABLE notes; --`));
    expect(quoted.data).toBeNull();
    expect(quoted.errors?.[0]?.extensions).toEqual({
      code: ErrorCode.SETTINGS_REJECTED,
      sqlState: '22023',
    });
    const named = await run('{ notes { id } }', {
      pg: { settings: { "x.y'; DROP TABLE notes; --": 'v' } },
    });
    expect(named.errors?.[0]?.extensions?.code).toBe(ErrorCode.SETTINGS_REJECTED);
    const write = await run('mutation { deleteNote(id: 2) { id } }', as('alice', 'no such role'));
    expect(write.errors?.[0]?.extensions?.code).toBe(ErrorCode.SETTINGS_REJECTED);
    const rows = await db.client.query('SELECT count(*)::int FROM notes');
    expect(rows).toEqual([[4]]);
  });

  it('runs a token whose string claim PostgreSQL cannot hold (a lone surrogate) as its role', async () => {
    // JSON allows "\ud800"; PostgreSQL's text does not, and json_each_text refused the whole
    // settings statement: every request of such a token failed as SETTINGS_REJECTED (403).
    const claims = { sub: 'alice', role: MEMBER, name: 'x\ud800' };
    const pg = jwtClaimSettings({ claims, role: MEMBER, expiresAt: undefined }, undefined);
    expect(await run('{ owners(orderBy: [{ id: ASC }]) { id } }', { pg })).toEqual({
      data: { owners: [{ id: 'alice' }, { id: 'bob' }] },
    });
  });

  it('runs an async hook, and fails the fields with a hook that gives a non-string setting', async () => {
    const { schema } = await reflect(db.client, {
      pgSettings: async () => Promise.resolve(as('alice').pg),
    });
    const prepared = createEngine({ schema }).prepare('{ notesAggregate { count } }');
    if (!prepared.ok) throw new Error(prepared.body);
    const outcome = await prepared.execute({});
    expect(JSON.parse(outcome.body)).toEqual({ data: { notesAggregate: { count: 2 } } });
    const bad = await run('{ notes { id } }', { pg: { settings: { a: 1 as unknown as string } } });
    expect(bad.errors?.[0]?.extensions?.code).toBe(ErrorCode.INTERNAL_SERVER_ERROR);
  });

  it('masks a hook’s bad answer in production, and reports it in full', async () => {
    const { schema } = await reflect(db.client, {
      pgSettings: () => ({ settings: { 'app.secret_name': 42 as unknown as string } }),
    });
    const reported: string[] = [];
    const engine = createEngine({
      schema,
      maskErrors: true,
      onUnexpectedError: (error) => reported.push(error.message),
    });
    const prepared = engine.prepare('{ notes { id } }');
    if (!prepared.ok) throw new Error(prepared.body);
    const body = JSON.parse((await prepared.execute({})).body) as ResponseBody;
    expect(body.errors?.[0]?.message).toBe('Unexpected error.');
    expect(body.errors?.[0]?.extensions?.code).toBe(ErrorCode.INTERNAL_SERVER_ERROR);
    expect(reported).toEqual(['pgSettings: The setting "app.secret_name" is not a string.']);
  });

  it('takes a promise of another realm as a promise, not as settings with no role', async () => {
    const { schema } = await reflect(db.client, {
      pgSettings: () => runInNewContext('Promise.resolve(pg)', { pg: as('alice').pg }),
    });
    const prepared = createEngine({ schema }).prepare('{ notes { id } }');
    if (!prepared.ok) throw new Error(prepared.body);
    const outcome = await prepared.execute({});
    expect(JSON.parse(outcome.body)).toEqual({ data: { notes: [{ id: 1 }, { id: 2 }] } });
  });

  it('refuses the role "none", which PostgreSQL takes for the connecting user', async () => {
    const answer = await run('{ notes { id } }', as('alice', 'none'));
    expect(answer.data).toBeNull();
    expect(answer.errors?.[0]?.extensions?.code).toBe(ErrorCode.INTERNAL_SERVER_ERROR);
  });

  it('refuses a role name over 63 bytes, which PostgreSQL would cut to another role', async () => {
    // A role of the longest name PostgreSQL keeps; the token names it with more after it.
    const long = `${MEMBER}_${'x'.repeat(63)}`.slice(0, 63);
    await db.client.exec(`CREATE ROLE ${long} NOLOGIN IN ROLE ${MEMBER}`);
    try {
      const answer = await run('{ notesAggregate { count } }', as('alice', `${long}_admin`));
      expect(answer.data).toBeNull();
      expect(answer.errors?.[0]?.extensions?.code).toBe(ErrorCode.INTERNAL_SERVER_ERROR);
    } finally {
      await db.client.exec(`DROP ROLE ${long}`);
    }
  });

  it('lets the connecting user assume only roles it is a member of', async () => {
    if (db.url === undefined) {
      // PGlite has one user, a superuser, who may assume every role: the policies still apply
      // to the role it assumes (the rows above), but no role is refused for membership.
      const rows = await db.client.query(
        'SELECT rolsuper FROM pg_roles WHERE rolname = current_user',
      );
      expect(rows).toEqual([[true]]);
      expect((await run('{ notesAggregate { count } }', as('alice'))).errors).toBeUndefined();
      return;
    }
    await db.client.exec(`CREATE ROLE ${LOGIN} LOGIN NOINHERIT`);
    const url = new URL(db.url);
    url.username = LOGIN;
    const login = createPostgresClient(url.toString(), { max: 1 });
    try {
      const { schema } = await reflect(login, { pgSettings: (c) => (c as Context).pg });
      const asLogin = createEngine({ schema });
      const query = async (contextValue: Context) => {
        const prepared = asLogin.prepare('{ notesAggregate { count } }');
        if (!prepared.ok) throw new Error(prepared.body);
        return JSON.parse((await prepared.execute({ contextValue })).body) as ResponseBody;
      };
      const refused = await query(as('alice'));
      expect(refused.data).toBeNull();
      expect(refused.errors?.[0]?.extensions).toEqual({
        code: ErrorCode.SETTINGS_REJECTED,
        sqlState: '42501',
      });
      await db.client.exec(`GRANT ${MEMBER} TO ${LOGIN}`);
      expect(await query(as('alice'))).toEqual({ data: { notesAggregate: { count: 2 } } });
    } finally {
      await login.end();
      await db.client.exec(`DROP OWNED BY ${LOGIN}`);
    }
  });
});
