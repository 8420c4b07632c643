import { createClient as createSseClient } from 'graphql-sse';
import { createClient } from 'graphql-ws';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { useStartedClis } from './__fixtures__/spawnCli.js';

const start = useStartedClis();

describe('sluice serve: subscriptions over WebSocket and SSE', () => {
  it('serves both on the endpoint, takes the limit flags, and closes sockets with 1001 on SIGTERM', async () => {
    const cli = await start([
      'serve',
      '--schema',
      'src/cli/__fixtures__/realtimeSchema.mjs',
      '--port',
      '0',
      '--max-subscriptions-per-connection',
      '1',
      '--log-level',
      'silent',
    ]);
    expect(cli.stderr()).toContain(`Realtime:   ${cli.url.replace('http:', 'ws:')} (graphql-ws)`);
    const sse = createSseClient({ url: cli.url, retryAttempts: 0 });
    const overSse: unknown[] = [];
    for await (const result of sse.iterate({ query: 'subscription { counted(to: 2) }' }))
      overSse.push(result);
    expect(overSse).toEqual([{ data: { counted: 1 } }, { data: { counted: 2 } }]);
    sse.dispose();

    const closes: number[] = [];
    const ws = (url: string) =>
      createClient({
        url: url.replace('http:', 'ws:'),
        webSocketImpl: WebSocket,
        retryAttempts: 0,
        shouldRetry: () => false,
        on: { closed: (event) => closes.push((event as { code: number }).code) },
      });
    // One operation at a time per socket (the flag): a second one closes the socket.
    const limited = ws(cli.url);
    const sink = { next: () => {}, error: () => {}, complete: () => {} };
    limited.subscribe({ query: 'subscription { forever }' }, sink);
    limited.subscribe({ query: 'subscription { forever }' }, sink);
    await expect.poll(() => closes).toEqual([4430]);
    await limited.dispose();

    const client = ws(cli.url);
    const events: unknown[] = [];
    client.subscribe(
      { query: 'subscription { forever }' },
      { next: (value) => events.push(value), error: () => {}, complete: () => {} },
    );
    await expect.poll(() => events.length).toBeGreaterThan(0);
    cli.child.kill('SIGTERM');
    expect(await cli.exited).toBe(0);
    expect(closes).toEqual([4430, 1001]);
    await client.dispose();
  });

  it("SIGTERM's log line counts the WebSockets and event streams it closes", async () => {
    const cli = await start([
      'serve',
      '--schema',
      'src/cli/__fixtures__/realtimeSchema.mjs',
      '--port',
      '0',
      '--log-level',
      'info',
    ]);
    const seen = { ws: 0, sse: 0 };
    const sink = (key: 'ws' | 'sse') => ({
      next: () => (seen[key] += 1),
      error: () => {},
      complete: () => {},
    });
    const ws = createClient({
      url: cli.url.replace('http:', 'ws:'),
      webSocketImpl: WebSocket,
      retryAttempts: 0,
      shouldRetry: () => false,
    });
    ws.subscribe({ query: 'subscription { forever }' }, sink('ws'));
    const sse = createSseClient({ url: cli.url, retryAttempts: 0 });
    sse.subscribe({ query: 'subscription { forever }' }, sink('sse'));
    await expect.poll(() => Math.min(seen.ws, seen.sse)).toBeGreaterThan(0);
    cli.child.kill('SIGTERM');
    expect(await cli.exited).toBe(0);
    const line = cli
      .stdout()
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as { msg: string })
      .find((l) => l.msg === 'shutting down');
    expect(line).toMatchObject({ inFlight: 0, webSockets: 1, eventStreams: 1 });
    sse.dispose();
    await ws.dispose();
  });

  it('serves a reflected database over both, answering what HTTP answers', async () => {
    const cli = await start(['demo', '--port', '0', '--log-level', 'silent']);
    const query = '{ user(id: 2) { username posts(limit: 1) { id } } }';
    const client = createClient({
      url: cli.url.replace('http:', 'ws:'),
      webSocketImpl: WebSocket,
      retryAttempts: 0,
    });
    const overWs: unknown[] = [];
    for await (const result of client.iterate({ query })) overWs.push(result);
    await client.dispose();
    const sse = createSseClient({ url: cli.url, retryAttempts: 0 });
    const overSse: unknown[] = [];
    for await (const result of sse.iterate({ query })) overSse.push(result);
    sse.dispose();
    const overHttp = await (
      await fetch(cli.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query }),
      })
    ).json();
    expect(overWs).toEqual([overHttp]);
    expect(overSse).toEqual([overHttp]);
    expect(overHttp).toMatchObject({ data: { user: { username: expect.any(String) } } });
    cli.child.kill('SIGTERM');
    expect(await cli.exited).toBe(0);
  });

  it('--no-realtime serves HTTP only', async () => {
    const cli = await start([
      'serve',
      '--schema',
      'src/cli/__fixtures__/realtimeSchema.mjs',
      '--port',
      '0',
      '--no-realtime',
      '--log-level',
      'silent',
    ]);
    const socket = new WebSocket(cli.url.replace('http:', 'ws:'), 'graphql-transport-ws');
    const status = await new Promise<number>((resolve) => {
      socket.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
      socket.once('open', () => resolve(101));
      socket.once('error', () => {});
    });
    expect(status).toBe(404);
    cli.child.kill('SIGTERM');
    expect(await cli.exited).toBe(0);
  });
});
