import { request, type IncomingMessage } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { startRealtimeServer } from './__fixtures__/realtimeServer.js';

/**
 * graphql-sse streams whose operation is still being set up (an async contextValue: a JWKS
 * fetch, a session lookup) when the client leaves or the server shuts down: the subscription is
 * closed, and a shutdown completes the stream rather than leaving it to shutdownGraceMs.
 */
type Started = Awaited<ReturnType<typeof startRealtimeServer>>;
const started: Started[] = [];
afterEach(async () => {
  for (const s of started.splice(0)) await s.server.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('graphql-sse: a client gone before the stream starts', () => {
  it('closes the source', async () => {
    const s = await startRealtimeServer({
      contextValue: async () => {
        await sleep(300);
        return {};
      },
    });
    started.push(s);
    let subscribed = 0;
    const subscribe = s.channel.subscribe.bind(s.channel);
    s.channel.subscribe = () => (subscribed++, subscribe());
    const req = request(s.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
    });
    req.on('error', () => {});
    req.end(JSON.stringify({ query: 'subscription { said }' }));
    await sleep(100);
    req.destroy();
    // The context is made, then the subscription starts on a response already closed.
    await expect.poll(() => subscribed, { timeout: 2000 }).toBe(1);
    await sleep(500);
    expect(s.channel.size).toBe(0);
  });
});

describe('graphql-sse: shutdown while a stream is being set up', () => {
  it('completes that stream too (its client gets `complete`, not a cut connection)', async () => {
    const s = await startRealtimeServer({
      shutdownGraceMs: 5000,
      contextValue: async () => {
        await sleep(300);
        return {};
      },
    });
    const req = request(s.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
    });
    req.end(JSON.stringify({ query: 'subscription { said }' }));
    let text = '';
    const ended = new Promise<void>((resolve) =>
      req.on('response', (res: IncomingMessage) => {
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', resolve);
        res.on('close', resolve);
      }),
    );
    req.on('error', () => {});
    await sleep(100);
    await s.server.close();
    await ended;
    expect(text).toContain('event: complete');
    expect(s.channel.size).toBe(0);
  }, 15_000);
});
