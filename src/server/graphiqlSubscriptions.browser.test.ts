import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './__fixtures__/launchChromium.js';
import { startRealtimeServer } from './__fixtures__/realtimeServer.js';

/**
 * GraphiQL runs a subscription in Chromium over the server's own WebSocket transport (same port and
 * path), under the page's Content-Security-Policy. Run by `npm run test:browser`.
 */
let server: Awaited<ReturnType<typeof startRealtimeServer>>;
let browser: Browser;

beforeAll(async () => {
  server = await startRealtimeServer();
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await server?.server.close();
});

describe('GraphiQL subscriptions in Chromium', () => {
  it('runs a subscription typed into the editor and shows its events', async () => {
    const page = await browser.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    const cspConsole: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) cspConsole.push(message.text());
    });
    const response = await page.goto(server.url);
    expect(response?.status()).toBe(200);
    await page.waitForSelector('.graphiql-query-editor .CodeMirror', { timeout: 20_000 });
    await page.click('.graphiql-query-editor .CodeMirror');
    await page.keyboard.press('Control+A');
    await page.keyboard.type('subscription { counted(to: 3) ');
    // GraphiQL parses the editor's text after a short pause in typing, as a person's would have.
    await page.waitForTimeout(1000);
    await page.keyboard.press('Control+Enter');
    const result = page.locator('.result-window');
    await expect
      .poll(async () => (await result.textContent()) ?? '', { timeout: 20_000 })
      .toMatch(/"counted": 3/);
    expect(pageErrors).toEqual([]);
    expect(cspConsole).toEqual([]);
  });
});
