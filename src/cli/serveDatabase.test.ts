import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useDemoDatabaseFlag } from './__fixtures__/demoDatabaseFlag.js';
import { runInProcess as run } from './__fixtures__/runInProcess.js';
import { postQuery } from './__fixtures__/postQuery.js';
import { stopCli, useStartedClis } from './__fixtures__/spawnCli.js';
import { useServe } from './__fixtures__/useServe.js';

/** `sluice serve --database`: on a PGlite directory (npm test) or a server database (test:pg). */
const database = useDemoDatabaseFlag();
const serve = useServe(database);
/** For the commands that find the database another way (a schema module, a config, the env). */
const start = useStartedClis();

const post = async (url: string, query: string) =>
  (await (await postQuery(url, query)).json()) as {
    data?: Record<string, unknown>;
    errors?: unknown[];
  };

describe('sluice serve --database', () => {
  it('reflects and serves the database, is ready while it answers, and stops on SIGTERM', async () => {
    const cli = await serve([], { logLevel: 'info' });
    expect(await post(cli.url, '{ user(id: 3) { username postsAggregate { count } } }')).toEqual({
      data: { user: { username: 'edsger3', postsAggregate: { count: 5 } } },
    });
    expect((await fetch(new URL('/ready', cli.url))).status).toBe(200);
    expect(await stopCli(cli)).toBe(0);
    const logs = cli
      .stdout()
      .trim()
      .split('\n')
      .map((line) => (JSON.parse(line) as { msg: string }).msg);
    expect(logs.at(-1)).toBe('stopped');
  }, 180_000);

  it('serves a --schema module that reflects the database with computed fields', async () => {
    const cli = await start(
      ['serve', '--schema', 'src/cli/__fixtures__/reflectedSchema.ts', '--port', '0'],
      { FIXTURE_DATABASE: database.value, SLUICE_LOG_LEVEL: 'silent' },
    );
    expect(await post(cli.url, '{ user(id: 3) { handle postsAggregate { count } } }')).toEqual({
      data: { user: { handle: '@edsger3', postsAggregate: { count: 5 } } },
    });
    expect(await stopCli(cli)).toBe(0);
  }, 180_000);

  it('serves the reflection choices of the config file: view keys, renames, relay', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sluice-serve-config-'));
    try {
      const config = join(dir, 'sluice.json');
      writeFileSync(
        config,
        JSON.stringify({
          database: database.value,
          logLevel: 'silent',
          relay: true,
          rename: { published_posts: 'Published', 'published_posts.author': 'writer' },
          viewKeys: {
            published_posts: {
              primaryKey: ['id'],
              foreignKeys: [{ columns: ['author_id'], references: 'users', name: 'author' }],
            },
          },
        }),
      );
      const cli = await start(['serve', '--config', config, '--port', '0']);
      const first = await post(
        cli.url,
        '{ publishedPostsConnection(first: 1) { nodes { nodeId id writer { username } } } }',
      );
      const node = (
        first.data?.['publishedPostsConnection'] as { nodes: Array<{ nodeId: string }> }
      ).nodes[0];
      expect(node).toMatchObject({ writer: { username: expect.any(String) as unknown } });
      const again = await post(
        cli.url,
        `{ node(id: "${node?.nodeId}") { __typename ... on Published { id } } }`,
      );
      expect(again).toEqual({
        data: { node: { __typename: 'Published', id: (node as unknown as { id: number }).id } },
      });
      cli.child.kill('SIGTERM');
      expect(await cli.exited).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 180_000);

  it('takes DATABASE_URL, and exposes only --tables', async () => {
    const cli = await start(['serve', '--port', '0', '--tables', 'users,posts'], {
      DATABASE_URL: database.value,
      SLUICE_LOG_LEVEL: 'silent',
    });
    expect(await post(cli.url, '{ posts(limit: 1) { id author { id } } }')).toEqual({
      data: { posts: [{ id: 1, author: { id: 1 } }] },
    });
    const hidden = await post(cli.url, '{ comments { id } }');
    expect(JSON.stringify(hidden.errors)).toContain('Cannot query field \\"comments\\"');
    expect(await stopCli(cli, 'SIGINT')).toBe(0);
  }, 180_000);

  it('passes the reflection limits to the pg layer and the plan cache bound to the engine', async () => {
    const cli = await serve(
      [
        '--default-page-size',
        '2',
        '--max-page-size',
        '5',
        '--max-filter-depth',
        '2',
        '--max-pattern-length',
        '3',
      ],
      { env: { SLUICE_MAX_LIST_LENGTH: '2', SLUICE_PLAN_CACHE_BYTES: '1' } },
    );
    const code = (res: { errors?: unknown[] }) =>
      (res.errors?.[0] as { extensions?: { code?: string } } | undefined)?.extensions?.code;
    // --default-page-size: a list without a limit returns that many rows.
    for (let i = 0; i < 2; i++)
      expect((await post(cli.url, '{ users { id } }')).data).toEqual({
        users: [{ id: 1 }, { id: 2 }],
      });
    // --max-page-size
    expect((await post(cli.url, '{ users(limit: 5) { id } }')).data?.['users']).toHaveLength(5);
    expect(code(await post(cli.url, '{ users(limit: 6) { id } }'))).toBe('BAD_USER_INPUT');
    // --max-filter-depth: the argument is level 1, each `and` item one more.
    const nested = (levels: number): string =>
      levels === 1 ? '{ id: { eq: 1 } }' : `{ and: [${nested(levels - 1)}] }`;
    expect((await post(cli.url, `{ users(where: ${nested(2)}) { id } }`)).data).toEqual({
      users: [{ id: 1 }],
    });
    expect(code(await post(cli.url, `{ users(where: ${nested(3)}) { id } }`))).toBe(
      'MAX_INPUT_DEPTH_EXCEEDED',
    );
    // --max-pattern-length
    const like = (pattern: string) =>
      post(cli.url, `{ users(where: { username: { like: "${pattern}" } }) { id } }`);
    expect((await like('ed%')).errors).toBeUndefined();
    expect(code(await like('ed%3'))).toBe('BAD_USER_INPUT');
    // SLUICE_MAX_LIST_LENGTH
    const list = (ids: string) => post(cli.url, `{ users(where: { id: { in: ${ids} } }) { id } }`);
    expect((await list('[1, 2]')).data).toEqual({ users: [{ id: 1 }, { id: 2 }] });
    expect(code(await list('[1, 2, 3]'))).toBe('BAD_USER_INPUT');
    // SLUICE_PLAN_CACHE_BYTES: no plan fits in 1 byte, so the repeated document was no hit.
    const metrics = await (await fetch(new URL('/metrics', cli.url))).text();
    expect(metrics).toMatch(/^sluice_plan_cache_hits_total 0$/m);
    expect(metrics).toMatch(/^sluice_plan_cache_entries 0$/m);
    expect(await stopCli(cli)).toBe(0);
  }, 180_000);

  it('refuses a default page size over the largest one before opening the database', async () => {
    const res = await run([
      'serve',
      '--database',
      'postgres://127.0.0.1:1/db',
      '--max-page-size',
      '50',
    ]);
    expect(res.code).toBe(2);
    expect(res.stderr).toContain(
      '--default-page-size (100) must not be larger than --max-page-size (50).',
    );
  });

  it('exits 5 when the schemas hold no table to serve', async () => {
    const res = await run(['serve', '--database', database.value, '--database-schemas', 'nowhere']);
    expect(res.code).toBe(5);
    expect(res.stderr).toContain('has no table or view to serve in schema nowhere.');
  }, 180_000);

  it.each([
    [['--database', 'not a url'], 2, '--database: expected a postgres:// URL or pglite:<dir>'],
    [['--database', 'http://localhost/db'], 2, 'got a http: URL'],
    [['--database', 'postgres://u:secret@127.0.0.1:1/db'], 8, 'connection refused'],
    [['--database', 'postgres://x', '--schema', 'm.mjs'], 2, 'not both'],
  ])('%j exits %i', async (args, code, message) => {
    const res = await run(['serve', ...args]);
    expect(res.code).toBe(code);
    expect(res.stderr).toContain(message);
    expect(res.stderr).not.toContain('secret');
  });

  it('exits 8 when the database does not exist (server) or is not a directory (PGlite)', async () => {
    const missing = database.onServer
      ? database.value.replace(/\/[^/]+$/, '/sluice_no_such_database')
      : 'pglite:/dev/null/db';
    const res = await run(['serve', '--database', missing]);
    expect(res.code).toBe(8);
    expect(res.stderr).toMatch(
      database.onServer ? /database "sluice_no_such_database" does not exist/ : /Cannot use PGlite/,
    );
  }, 60_000);
});
