import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { exportSPKI, generateKeyPair, SignJWT } from 'jose';
import { afterAll, describe, expect, it } from 'vitest';
import { createRlsDatabase, useRlsRoles } from '../../test/pg/support/rlsDatabase.js';
import { useDatabaseFlag } from './__fixtures__/demoDatabaseFlag.js';
import { badTokens, JWT_AUDIENCE, JWT_SECRET, signToken } from './__fixtures__/jwtTokens.js';
import { postQuery } from './__fixtures__/postQuery.js';
import { runInProcess } from './__fixtures__/runInProcess.js';
import { stopCli } from './__fixtures__/spawnCli.js';
import { useServe } from './__fixtures__/useServe.js';

/** `sluice serve` with JWT verification, end to end, over a database with row-level security. */
const roles = useRlsRoles();
const database = useDatabaseFlag(async (client) => {
  await createRlsDatabase(client, roles);
  // A login that is no member of the other roles: it may not assume them.
  await client.exec(`CREATE ROLE ${roles.extra} LOGIN`);
});
const serve = useServe(database);
const withJwt = (...args: string[]) =>
  serve(['--jwt-audience', JWT_AUDIENCE, '--anonymous-role', roles.anonymous, ...args], {
    env: { SLUICE_JWT_SECRET: JWT_SECRET },
  });

const dir = mkdtempSync(join(tmpdir(), 'sluice-auth-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Answer {
  readonly status: number;
  readonly challenge: string | null;
  readonly body: {
    data?: Record<string, unknown> | null;
    errors?: Array<{ extensions?: Record<string, unknown> }>;
  };
}

async function post(url: string, query: string, bearer?: string): Promise<Answer> {
  const res = await postQuery(url, query, bearer === undefined ? {} : { bearer });
  return {
    status: res.status,
    challenge: res.headers.get('www-authenticate'),
    body: (await res.json()) as Answer['body'],
  };
}

const code = (answer: Answer) => answer.body.errors?.[0]?.extensions?.['code'];

describe('sluice serve --jwt-secret', () => {
  it('runs each token as its role and claims, the anonymous role without one, and refuses bad tokens', async () => {
    const cli = await withJwt();
    const alice = await signToken({ sub: 'alice', role: roles.member });
    const bob = await signToken({ sub: 'bob', role: roles.member });
    const read = '{ notes(orderBy: [{ id: ASC }]) { id tags { label } } notesAggregate { count } }';
    expect((await post(cli.url, read, alice)).body).toEqual({
      data: {
        notes: [
          { id: 1, tags: [{ label: 'x' }] },
          { id: 2, tags: [{ label: 'y' }] },
        ],
        notesAggregate: { count: 2 },
      },
    });
    expect((await post(cli.url, read, bob)).body).toEqual({
      data: { notes: [{ id: 3, tags: [{ label: 'z' }] }], notesAggregate: { count: 1 } },
    });

    // No token: the anonymous role, which may read owners and not notes.
    expect((await post(cli.url, '{ owners { id } }')).body.data).toEqual({
      owners: [{ id: 'alice' }, { id: 'bob' }],
    });
    const anonymous = await post(cli.url, '{ notes { id } }');
    expect(code(anonymous)).toBe('PERMISSION_DENIED');

    // A write the policy refuses (Bob writing Alice's note) fails and writes nothing.
    const steal = await post(
      cli.url,
      'mutation { createNote(input: { id: 20, ownerId: "alice", body: "x", score: 0 }) { id } }',
      bob,
    );
    expect(code(steal)).toBe('PERMISSION_DENIED');
    expect((await post(cli.url, '{ notesAggregate { count } }', alice)).body.data).toEqual({
      notesAggregate: { count: 2 },
    });

    // Every bad token: 401 with the challenge, and never the anonymous role.
    for (const [name, bearer, expected] of await badTokens(roles.member)) {
      const answer = await post(cli.url, '{ owners { id } }', bearer);
      expect({ name, status: answer.status, code: code(answer), data: answer.body.data }).toEqual({
        name,
        status: 401,
        code: expected,
        data: undefined,
      });
      expect(answer.challenge).toMatch(/^Bearer error="invalid_token"/);
    }

    // A role name with quotes, and a claim holding SQL: values, never SQL text.
    const quoted = await post(
      cli.url,
      '{ notes { id } }',
      await signToken({ sub: 'alice', role: `${roles.member}"; DROP TABLE notes; --` }),
    );
    expect({ status: quoted.status, code: code(quoted) }).toEqual({
      status: 403,
      code: 'SETTINGS_REJECTED',
    });
    const injected = await post(
      cli.url,
      '{ notes { id } }',
      await signToken({ sub: "'; DROP TABLE notes; --", role: roles.member }),
    );
    expect(injected.body).toEqual({ data: { notes: [] } });
    expect((await post(cli.url, '{ notesAggregate { count } }', bob)).body.data).toEqual({
      notesAggregate: { count: 1 },
    });
    expect(await stopCli(cli)).toBe(0);
  }, 180_000);
});

describe('sluice serve --jwt-secret with the result cache', () => {
  it('keeps one entry per role and claims: the same document never answers another token', async () => {
    // Every answer kept from its first request: each entry's isolation, not its admission.
    const cli = await withJwt(
      '--cache-bytes',
      '1000000',
      '--cache-fields',
      'Query.notes,Query.owners',
      '--cache-admission',
      'all',
    );
    const ask = async (query: string, bearer?: string) => {
      const res = await postQuery(cli.url, query, bearer === undefined ? {} : { bearer });
      return {
        cache: res.headers.get('x-sluice-cache'),
        control: res.headers.get('cache-control')?.split(',')[0],
        body: (await res.json()) as Answer['body'],
      };
    };
    const alice = await signToken({ sub: 'alice', role: roles.member });
    const bob = await signToken({ sub: 'bob', role: roles.member });
    // Alice again, with one more claim: other settings, another entry.
    const aliceInTeam = await signToken({ sub: 'alice', role: roles.member, team: 'blue' });
    const read = '{ notes(orderBy: [{ id: ASC }]) { id } }';
    const rows = (...ids: number[]) => ({ data: { notes: ids.map((id) => ({ id })) } });
    expect(await ask(read, alice)).toEqual({ cache: 'miss', control: 'private', body: rows(1, 2) });
    expect(await ask(read, alice)).toEqual({ cache: 'hit', control: 'private', body: rows(1, 2) });
    expect(await ask(read, bob)).toEqual({ cache: 'miss', control: 'private', body: rows(3) });
    expect(await ask(read, bob)).toEqual({ cache: 'hit', control: 'private', body: rows(3) });
    expect(await ask(read, aliceInTeam)).toMatchObject({ cache: 'miss', body: rows(1, 2) });
    // No token: the anonymous role's own entry (it may not read notes: nothing is kept).
    expect(code((await ask(read)) as unknown as Answer)).toBe('PERMISSION_DENIED');
    expect(await ask('{ owners { id } }')).toMatchObject({ cache: 'miss', control: 'public' });
    expect(await ask('{ owners { id } }', alice)).toMatchObject({ cache: 'miss' });

    // Bob's write, under the policy, drops the entries that read notes: each sees its rows anew.
    const write = await ask(
      'mutation { createNote(input: { id: 40, ownerId: "bob", body: "w", score: 1 }) { id } }',
      bob,
    );
    expect(write.body).toEqual({ data: { createNote: { id: 40 } } });
    expect(await ask(read, bob)).toEqual({ cache: 'miss', control: 'private', body: rows(3, 40) });
    expect(await ask(read, alice)).toEqual({ cache: 'miss', control: 'private', body: rows(1, 2) });
    expect(await ask('{ owners { id } }', alice)).toMatchObject({ cache: 'hit' });
    // The other tests of this file see the rows as created.
    expect((await ask('mutation { deleteNote(id: 40) { id } }', bob)).body).toEqual({
      data: { deleteNote: { id: 40 } },
    });
    expect(await stopCli(cli)).toBe(0);
  }, 180_000);
});

describe('sluice serve --jwt-public-key', () => {
  it('verifies ES256 tokens with a PEM file, reads --jwt-role-claim, and needs a token', async () => {
    const { publicKey, privateKey } = await generateKeyPair('ES256', { extractable: true });
    const pem = join(dir, 'public.pem');
    writeFileSync(pem, await exportSPKI(publicKey));
    const cli = await serve(['--jwt-public-key', pem, '--jwt-role-claim', 'db_role']);
    const missing = await post(cli.url, '{ owners { id } }');
    expect({ status: missing.status, code: code(missing), challenge: missing.challenge }).toEqual({
      status: 401,
      code: 'AUTHENTICATION_REQUIRED',
      challenge: 'Bearer',
    });
    const signed = await new SignJWT({ sub: 'bob', db_role: roles.member })
      .setProtectedHeader({ alg: 'ES256' })
      .sign(privateKey);
    expect((await post(cli.url, '{ notes { id } }', signed)).body).toEqual({
      data: { notes: [{ id: 3 }] },
    });
    // The HS token of the other server is refused here: a public key never acts as a secret.
    expect((await post(cli.url, '{ owners { id } }', await signToken({ sub: 'bob' }))).status).toBe(
      401,
    );
    expect(await stopCli(cli)).toBe(0);
  }, 180_000);

  it('refuses unusable JWT options before it starts', async () => {
    const base = ['serve', '--database', database.value, '--port', '0'];
    const usage = await runInProcess([...base, '--anonymous-role', 'anon']);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('--anonymous-role needs a way to verify tokens');
    const two = await runInProcess([...base, '--jwt-secret', JWT_SECRET, '--jwt-jwks', 'x.json']);
    expect(two.code).toBe(2);
    const short = await runInProcess([...base, '--jwt-secret', 'short']);
    expect(short.code).toBe(3);
    expect(short.stderr).toContain('at least 32 bytes');
    const unreadable = await runInProcess([...base, '--jwt-public-key', join(dir, 'none.pem')]);
    expect(unreadable.code).toBe(3);
  });
});

describe('sluice serve --anonymous-role', () => {
  const base = ['serve', '--port', '0', '--jwt-secret', JWT_SECRET, '--anonymous-role'];

  it('refuses to start with a role the database does not have', async () => {
    for (const role of [
      'none',
      `${roles.anonymous}_typo`,
      `${roles.anonymous}"; DROP TABLE notes; --`,
    ]) {
      const run = await runInProcess([...base, role, '--database', database.value]);
      expect({ role, code: run.code }).toEqual({ role, code: 3 });
      expect(run.stderr).toContain(`The anonymous role ${JSON.stringify(role)} does not exist`);
    }
  });

  it('refuses to start with a role the connecting user may not assume', async () => {
    // PGlite has one user, a superuser, who may assume any role: nothing to refuse there.
    if (!database.onServer) return;
    const url = new URL(database.value);
    url.username = roles.extra;
    const run = await runInProcess([...base, roles.anonymous, '--database', url.href]);
    expect(run.code).toBe(3);
    expect(run.stderr).toContain(`may not assume the anonymous role "${roles.anonymous}"`);
  });
});
