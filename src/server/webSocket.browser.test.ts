import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Browser } from 'playwright-core';
import { launchChromium } from './__fixtures__/launchChromium.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRealtimeServer } from './__fixtures__/realtimeServer.js';

/**
 * graphql-ws's own browser build in Debian's Chromium: a page of the server's origin subscribes
 * over the browser's WebSocket and runs a query; a page of another origin is refused the upgrade.
 * Run by `npm run test:browser`, not `npm test` (needs /usr/bin/chromium).
 */
let server: Awaited<ReturnType<typeof startRealtimeServer>>;
let browser: Browser;
let clientScript: string;

beforeAll(async () => {
  server = await startRealtimeServer();
  const require = createRequire(import.meta.url);
  // The package exports no path to its browser build: find it beside its package.json.
  const packageJson = require.resolve('graphql-ws/package.json');
  clientScript = await readFile(join(dirname(packageJson), 'umd/graphql-ws.min.js'), 'utf8');
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await server?.server.close();
});

// (Page code as text: this project type-checks without the DOM library.)
const subscribeInPage = (wsUrl: string) => `new Promise((resolve) => {
  const client = graphqlWs.createClient({ url: ${JSON.stringify(wsUrl)}, retryAttempts: 0 });
  const results = [];
  client.subscribe({ query: 'subscription { counted(to: 3) }' }, {
    next: (result) => results.push(result),
    error: (error) => resolve({ error: String(error && (error.code || error.message || error)) }),
    complete: () => {
      client.subscribe({ query: '{ hello(name: "Chromium") }' }, {
        next: (result) => results.push(result),
        error: (error) => resolve({ error: String(error) }),
        complete: () => client.dispose().then(() => resolve({ results })),
      });
    },
  });
})`;

describe('graphql-ws in Chromium', () => {
  it('subscribes from a page of the server, and is refused from another origin', async () => {
    const page = await browser.newPage();
    const consoleLines: string[] = [];
    page.on('console', (message) => consoleLines.push(message.text()));
    // Any page the server itself serves is of its origin; /health will do.
    const origin = new URL(server.url).origin;
    await page.goto(`${origin}/health`);
    await page.addScriptTag({ content: clientScript });
    expect(await page.evaluate(subscribeInPage(server.wsUrl))).toEqual({
      results: [
        { data: { counted: 1 } },
        { data: { counted: 2 } },
        { data: { counted: 3 } },
        { data: { hello: 'Hello, Chromium!' } },
      ],
    });

    // The same server under another name is another origin (localhost, not 127.0.0.1).
    await page.goto(`${origin.replace('127.0.0.1', 'localhost')}/health`);
    const closed = await page.evaluate(`new Promise((resolve) => {
      const socket = new WebSocket(${JSON.stringify(server.wsUrl)}, 'graphql-transport-ws');
      socket.onopen = () => resolve('open');
      socket.onclose = (event) => resolve(event.code);
    })`);
    // The upgrade got 403: the browser never opened the socket and reports an abnormal closure.
    expect(closed).toBe(1006);
    expect(consoleLines.some((line) => /Unexpected response code: 403/.test(line))).toBe(true);
  });
});
