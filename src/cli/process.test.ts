import { describe, expect, it } from 'vitest';
import { spawnCli, useStartedClis } from './__fixtures__/spawnCli.js';

const start = useStartedClis();

const post = (url: string, query: string) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query }),
  });

describe('sluice as a process', () => {
  it('serve --schema: serves the module, logs JSON lines, and drains in-flight requests on SIGTERM', async () => {
    const cli = await start([
      'serve',
      '--schema',
      'src/cli/__fixtures__/schema.mjs',
      '--port',
      '0',
    ]);
    expect(cli.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/graphql$/);
    expect(await (await post(cli.url, '{ hello }')).json()).toEqual({
      data: { hello: 'Hello, world!' },
    });

    const slow = post(cli.url, '{ slow(ms: 700) }');
    await new Promise((r) => setTimeout(r, 200));
    cli.child.kill('SIGTERM');
    const res = await slow;
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ data: { slow: 'slept 700' } });
    expect(await cli.exited).toBe(0);

    const logs = cli
      .stdout()
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { msg: string; status?: number });
    expect(logs.map((l) => l.msg)).toEqual([
      'listening',
      'request',
      'signal',
      'shutting down',
      'request',
      'stopped',
    ]);
    expect(cli.stderr()).toContain('SIGTERM: finishing in-flight requests');
  });

  it('serve --schema: SIGHUP (nothing to reflect again) does not end the server', async () => {
    const cli = await start([
      'serve',
      '--schema',
      'src/cli/__fixtures__/schema.mjs',
      '--port',
      '0',
      '--log-level',
      'silent',
    ]);
    cli.child.kill('SIGHUP');
    await new Promise((r) => setTimeout(r, 500));
    expect([cli.child.exitCode, cli.child.signalCode]).toEqual([null, null]);
    expect(await (await post(cli.url, '{ hello }')).json()).toEqual({
      data: { hello: 'Hello, world!' },
    });
    cli.child.kill('SIGTERM');
    expect(await cli.exited).toBe(0);
  });

  it('serve reads SLUICE_* variables (port, path) and a default-exported GraphQLSchema', async () => {
    const cli = await start(['serve'], {
      SLUICE_SCHEMA: 'src/cli/__fixtures__/schemaObject.mjs',
      SLUICE_PORT: '0',
      SLUICE_PATH: '/api',
      SLUICE_LOG_LEVEL: 'silent',
    });
    expect(cli.url).toMatch(/\/api$/);
    expect(await (await post(cli.url, '{ built }')).json()).toEqual({ data: { built: 'by code' } });
    cli.child.kill('SIGINT');
    expect(await cli.exited).toBe(0);
    expect(cli.stdout()).toBe('');
  });

  it('NODE_ENV=production: masks resolver errors, hides suggestions, no introspection, GraphiQL or /metrics', async () => {
    const cli = await start(
      [
        'serve',
        '--schema',
        'src/cli/__fixtures__/schema.mjs',
        '--port',
        '0',
        '--log-level',
        'error',
      ],
      { NODE_ENV: 'production' },
    );
    const boom = (await (await post(cli.url, '{ boom }')).json()) as {
      errors: Array<{ message: string }>;
    };
    expect(boom.errors[0]?.message).toBe('Unexpected error.');
    expect(cli.stdout()).toContain('hunter2'); // logged in full, for the operator
    const typo = await (await post(cli.url, '{ helo }')).text();
    expect(typo).toContain('Cannot query field');
    expect(typo).not.toContain('Did you mean');
    const schema = (await (await post(cli.url, '{ __schema { queryType { name } } }')).json()) as {
      errors?: Array<{ extensions?: { code?: string } }>;
    };
    expect(schema.errors?.[0]?.extensions?.code).toBe('INTROSPECTION_DISABLED');
    const page = await fetch(cli.url, { headers: { accept: 'text/html' } });
    expect(await page.text()).not.toContain('graphiql.min.js');
    expect((await fetch(new URL('/metrics', cli.url))).status).toBe(404);
    expect(cli.stderr()).not.toContain('GraphiQL:');
    cli.child.kill('SIGTERM');
    expect(await cli.exited).toBe(0);
  });

  it('NODE_ENV=production with --introspection --graphiql --metrics serves them', async () => {
    const cli = await start(
      [
        'serve',
        '--schema',
        'src/cli/__fixtures__/schema.mjs',
        '--port',
        '0',
        '--log-level',
        'silent',
        '--introspection',
        '--graphiql',
        '--metrics',
      ],
      { NODE_ENV: 'production' },
    );
    const boom = (await (await post(cli.url, '{ boom }')).json()) as {
      errors: Array<{ message: string }>;
    };
    expect(boom.errors[0]?.message).toBe('Unexpected error.');
    const schema = (await (await post(cli.url, '{ __schema { queryType { name } } }')).json()) as {
      data?: unknown;
    };
    expect(schema.data).toEqual({ __schema: { queryType: { name: 'Query' } } });
    const page = await fetch(cli.url, { headers: { accept: 'text/html' } });
    expect(await page.text()).toContain('graphiql.min.js');
    expect((await fetch(new URL('/metrics', cli.url))).status).toBe(200);
    cli.child.kill('SIGTERM');
    expect(await cli.exited).toBe(0);
  });

  it('NODE_ENV=production with --no-production: development defaults, errors unmasked', async () => {
    const cli = await start(
      [
        'serve',
        '--schema',
        'src/cli/__fixtures__/schema.mjs',
        '--port',
        '0',
        '--log-level',
        'info',
        '--no-production',
      ],
      { NODE_ENV: 'production' },
    );
    const boom = (await (await post(cli.url, '{ boom }')).json()) as {
      errors: Array<{ message: string }>;
    };
    expect(boom.errors[0]?.message).toContain('hunter2');
    expect(await (await post(cli.url, '{ helo }')).text()).toContain('Did you mean');
    const schema = (await (await post(cli.url, '{ __schema { queryType { name } } }')).json()) as {
      data?: unknown;
    };
    expect(schema.data).toEqual({ __schema: { queryType: { name: 'Query' } } });
    expect((await fetch(new URL('/metrics', cli.url))).status).toBe(200);
    expect(cli.stderr()).toContain('GraphiQL:');
    // stdout and stderr are separate pipes: the log line may come after the URL on stderr.
    const listening = () =>
      cli
        .stdout()
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as { msg: string; production?: boolean })
        .find((line) => line.msg === 'listening');
    await expect.poll(() => listening()?.production).toBe(false);
    cli.child.kill('SIGTERM');
    expect(await cli.exited).toBe(0);
  });

  it('demo: seeds PGlite with a progress bar, serves the reflected database and GraphiQL, and is ready', async () => {
    const limits = ['--default-page-size', '3', '--max-page-size', '5'];
    const cli = await start(['demo', '--port', '0', '--log-level', 'warn', ...limits]);
    expect(cli.stderr()).toMatch(/Seeding demo data\s+\d+%/);
    expect(cli.stderr()).toMatch(/200 users, 2000 posts, 10000 comments \(PGlite, [\d.]+ s\)/);
    expect(cli.stderr()).toContain(`GraphiQL:   open ${cli.url}`);
    const page = await fetch(cli.url, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('graphiql.min.js');
    const res = await post(
      cli.url,
      '{ users(limit: 2) { username posts(limit: 1) { title author { id } } } tagsAggregate { count } }',
    );
    const body = (await res.json()) as {
      data: { users: Array<{ username: string; posts: unknown[] }>; tagsAggregate: unknown };
    };
    expect(body.data.users).toHaveLength(2);
    expect(body.data.users[0]?.posts).toHaveLength(1);
    expect(body.data.tagsAggregate).toEqual({ count: 12 });
    // The reflection limits reach the demo database as they reach serve --database's.
    const paged = (await (await post(cli.url, '{ tags { id } }')).json()) as {
      data: { tags: unknown[] };
    };
    expect(paged.data.tags).toHaveLength(3);
    const overPage = await post(cli.url, '{ users(limit: 6) { id } }');
    expect(await overPage.json()).toMatchObject({
      errors: [{ extensions: { code: 'BAD_USER_INPUT' } }],
    });
    const ready = await fetch(new URL('/ready', cli.url));
    expect(ready.status).toBe(200);
    cli.child.kill('SIGTERM');
    expect(await cli.exited).toBe(0);
  }, 180_000);

  it('demo: a SIGHUP while it seeds does not end it', async () => {
    const cli = spawnCli(['demo', '--port', '0', '--log-level', 'silent']);
    await expect
      .poll(() => cli.stderr(), { timeout: 60_000, interval: 20 })
      .toContain('Seeding demo data');
    cli.child.kill('SIGHUP');
    const url = await cli.ready;
    expect((await fetch(new URL('/ready', url))).status).toBe(200);
    cli.child.kill('SIGTERM');
    expect(await cli.exited).toBe(0);
  }, 180_000);

  it('demo --memory: the in-memory resolver demo, with its mutation', async () => {
    const cli = await start(['demo', '--memory', '--port', '0', '--log-level', 'warn']);
    expect(cli.stderr()).toContain('200 users, 2000 posts, 10000 comments (in memory)');
    const created = await post(
      cli.url,
      'mutation { createComment(postId: 1, authorId: 2, content: "  ") { id } }',
    );
    expect(await created.json()).toMatchObject({
      errors: [{ extensions: { code: 'BAD_USER_INPUT' } }],
    });
    cli.child.kill('SIGTERM');
    expect(await cli.exited).toBe(0);
  });
});
