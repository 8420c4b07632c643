import { createClient as createSseClient, NetworkError } from 'graphql-sse';
import { createClient as createWsClient, type Client } from 'graphql-ws';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createRlsDatabase, useRlsRoles } from '../../test/pg/support/rlsDatabase.js';
import { useDatabaseFlag } from './__fixtures__/demoDatabaseFlag.js';
import { badTokens, JWT_AUDIENCE, JWT_SECRET, signToken } from './__fixtures__/jwtTokens.js';
import { stopCli } from './__fixtures__/spawnCli.js';
import { useServe } from './__fixtures__/useServe.js';

/**
 * `sluice serve --jwt-secret` over graphql-ws and graphql-sse, with their own clients, over a
 * database with row-level security (PostgreSQL with DATABASE_URL, else PGlite): every operation
 * runs with its token's role and claims, as over HTTP.
 */
const roles = useRlsRoles();
const database = useDatabaseFlag((client) => createRlsDatabase(client, roles));
const serve = useServe(database);

type Result = {
  data?: unknown;
  errors?: ReadonlyArray<{ extensions?: { code?: unknown } }>;
};

const disposers: Array<() => unknown> = [];
afterEach(async () => {
  for (const dispose of disposers.splice(0)) await dispose();
});

/** One operation over a fresh graphql-ws socket: its result, or the socket's close. */
async function overWs(url: string, query: string, connectionParams?: Record<string, unknown>) {
  const client: Client = createWsClient({
    url: url.replace('http:', 'ws:'),
    webSocketImpl: WebSocket,
    retryAttempts: 0,
    shouldRetry: () => false,
    ...(connectionParams ? { connectionParams } : {}),
  });
  disposers.push(() => client.dispose());
  try {
    for await (const result of client.iterate({ query })) return result as unknown as Result;
    throw new Error('no result');
  } catch (error) {
    const { code, reason } = error as { code: number; reason: string };
    return { closed: code, reason };
  }
}

/** One operation over graphql-sse: its events, or the refusal's status, challenge and code. */
async function overSse(url: string, query: string, bearer?: string) {
  const client = createSseClient({
    url,
    retryAttempts: 0,
    headers: bearer === undefined ? {} : { authorization: `Bearer ${bearer}` },
  });
  disposers.push(() => client.dispose());
  const events: Result[] = [];
  try {
    for await (const result of client.iterate({ query })) events.push(result as unknown as Result);
    return events;
  } catch (error) {
    if (!(error instanceof NetworkError) || !error.response) throw error;
    const body = (await error.response.json()) as Result;
    return {
      status: error.response.status,
      challenge: error.response.headers.get('www-authenticate'),
      code: body.errors?.[0]?.extensions?.code,
    };
  }
}

const codeOf = (result: unknown) => (result as Result).errors?.[0]?.extensions?.code;
const READ = '{ notes(orderBy: [{ id: ASC }]) { id tags { label } } notesAggregate { count } }';
const ALICE_ROWS = {
  data: {
    notes: [
      { id: 1, tags: [{ label: 'x' }] },
      { id: 2, tags: [{ label: 'y' }] },
    ],
    notesAggregate: { count: 2 },
  },
};
const BOB_ROWS = {
  data: { notes: [{ id: 3, tags: [{ label: 'z' }] }], notesAggregate: { count: 1 } },
};

describe('sluice serve --jwt-secret over graphql-ws and graphql-sse', () => {
  it('runs every operation as its token, the anonymous role without one, and refuses bad tokens', async () => {
    const cli = await serve(['--jwt-audience', JWT_AUDIENCE, '--anonymous-role', roles.anonymous], {
      env: { SLUICE_JWT_SECRET: JWT_SECRET },
    });
    const alice = await signToken({ sub: 'alice', role: roles.member });
    const bob = await signToken({ sub: 'bob', role: roles.member });

    // Two tokens, disjoint rows: lists, aggregates and nested relations, over both transports.
    expect(await overWs(cli.url, READ, { Authorization: `Bearer ${alice}` })).toEqual(ALICE_ROWS);
    expect(await overWs(cli.url, READ, { token: bob })).toEqual(BOB_ROWS);
    expect(await overSse(cli.url, READ, alice)).toEqual([ALICE_ROWS]);
    expect(await overSse(cli.url, READ, bob)).toEqual([BOB_ROWS]);

    // Mutations under the policy: Bob's own note is written, one for Alice is refused.
    const write = (id: number, owner: string) =>
      `mutation { createNote(input: { id: ${id}, ownerId: "${owner}", body: "w", score: 1 }) { id } }`;
    expect(await overWs(cli.url, write(30, 'bob'), { token: bob })).toEqual({
      data: { createNote: { id: 30 } },
    });
    expect(codeOf(await overWs(cli.url, write(31, 'alice'), { token: bob }))).toBe(
      'PERMISSION_DENIED',
    );
    const sseSteal = await overSse(cli.url, write(32, 'alice'), bob);
    expect(Array.isArray(sseSteal) && codeOf(sseSteal[0])).toBe('PERMISSION_DENIED');
    expect(await overSse(cli.url, '{ notesAggregate { count } }', alice)).toEqual([
      { data: { notesAggregate: { count: 2 } } },
    ]);
    expect(await overWs(cli.url, '{ notesAggregate { count } }', { token: bob })).toEqual({
      data: { notesAggregate: { count: 2 } },
    });

    // No token: the anonymous role, which may read owners and not notes.
    const owners = { data: { owners: [{ id: 'alice' }, { id: 'bob' }] } };
    expect(await overWs(cli.url, '{ owners { id } }')).toEqual(owners);
    expect(await overSse(cli.url, '{ owners { id } }')).toEqual([owners]);
    expect(codeOf(await overWs(cli.url, '{ notes { id } }'))).toBe('PERMISSION_DENIED');

    // Every bad token: refused (4403, 401), never the anonymous role.
    for (const [name, bearer, code] of await badTokens(roles.member)) {
      expect({ name, ws: await overWs(cli.url, '{ owners { id } }', { token: bearer }) }).toEqual({
        name,
        ws: { closed: 4403, reason: code },
      });
      expect({ name, sse: await overSse(cli.url, '{ owners { id } }', bearer) }).toEqual({
        name,
        sse: {
          status: 401,
          code,
          challenge: expect.stringMatching(/^Bearer error="invalid_token"/),
        },
      });
    }

    // A role name with quotes, and a claim holding SQL: values, never SQL text.
    const quoted = await signToken({
      sub: 'alice',
      role: `${roles.member}"; DROP TABLE notes; --`,
    });
    expect(codeOf(await overWs(cli.url, '{ notes { id } }', { token: quoted }))).toBe(
      'SETTINGS_REJECTED',
    );
    const injected = await signToken({ sub: "'; DROP TABLE notes; --", role: roles.member });
    expect(await overWs(cli.url, '{ notes { id } }', { token: injected })).toEqual({
      data: { notes: [] },
    });
    expect(await overSse(cli.url, '{ notes { id } }', injected)).toEqual([{ data: { notes: [] } }]);
    expect(await overSse(cli.url, '{ notesAggregate { count } }', bob)).toEqual([
      { data: { notesAggregate: { count: 2 } } },
    ]);
    expect(await stopCli(cli)).toBe(0);
  }, 180_000);
});
