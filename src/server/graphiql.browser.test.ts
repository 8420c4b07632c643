import type { Browser } from 'playwright-core';
import { launchChromium } from './__fixtures__/launchChromium.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from '../engine/index.js';
import { createSluiceServer, type SluiceServer } from './createSluiceServer.js';
import { testSchema } from './__fixtures__/testServer.js';

/**
 * GraphiQL in a real browser (Debian's Chromium): the page loads with every asset from this
 * server — any request elsewhere is blocked and counted — a query typed into the editor runs,
 * and its result shows. Run by `npm run test:browser`, not `npm test` (needs /usr/bin/chromium).
 */
let server: SluiceServer;
let browser: Browser;
let url: string;

beforeAll(async () => {
  server = createSluiceServer({ engine: createEngine({ schema: testSchema() }) });
  const { port } = await server.listen(0);
  url = `http://127.0.0.1:${port}/graphql`;
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('GraphiQL in Chromium', () => {
  it('opens offline, runs a query and shows the result', async () => {
    const page = await browser.newPage();
    const foreign: string[] = [];
    await page.route('**/*', (route) => {
      const target = new URL(route.request().url());
      if (target.hostname === '127.0.0.1') return route.continue();
      foreign.push(target.href);
      return route.abort();
    });
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    // Content-Security-Policy violations, as the console reports them and as the page sees them.
    const cspConsole: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) cspConsole.push(message.text());
    });
    // (Page code as text: this project type-checks without the DOM library.)
    await page.addInitScript({
      content: `window.cspViolations = [];
        document.addEventListener('securitypolicyviolation', (event) =>
          window.cspViolations.push(event.violatedDirective + ' ' + event.blockedURI));`,
    });
    const violations = () => page.evaluate<string[]>('window.cspViolations');

    const response = await page.goto(url);
    expect(response?.status()).toBe(200);
    const headers = response?.headers() ?? {};
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['x-content-type-options']).toBe('nosniff');
    await page.waitForSelector('.graphiql-container', { timeout: 20_000 });
    await page.waitForSelector('.graphiql-query-editor .CodeMirror', { timeout: 20_000 });
    // The Explorer is open, its tree built from the schema's root fields.
    const explorer = page.locator('.graphiql-explorer-root');
    await explorer.waitFor({ timeout: 20_000 });
    await expect
      .poll(async () => (await explorer.textContent()) ?? '', { timeout: 20_000 })
      .toContain('hello');

    // Type the query the way a person would: focus the editor, select all, type over it.
    await page.click('.graphiql-query-editor .CodeMirror');
    await page.keyboard.press('Control+A');
    await page.keyboard.type('{ hello(name: "browser") users(first: 2) { id name ');
    await page.keyboard.press('Control+Enter');

    const result = page.locator('.result-window');
    await expect
      .poll(async () => (await result.textContent()) ?? '', { timeout: 20_000 })
      .toContain('Hello, browser!');
    const text = (await result.textContent()) ?? '';
    expect(text).toContain('User 1');
    expect(foreign).toEqual([]);
    expect(pageErrors).toEqual([]);
    expect(cspConsole).toEqual([]);
    expect(await violations()).toEqual([]);

    // The policy is enforced: an inline script the page did not ship is refused, and reported.
    await page.evaluate(`{
      const injected = document.createElement('script');
      injected.textContent = 'window.injectedRan = true;';
      document.body.append(injected);
    }`);
    await expect
      .poll(violations, { timeout: 5000 })
      .toEqual([expect.stringMatching(/^script-src/)]);
    expect(await page.evaluate<boolean>("'injectedRan' in window")).toBe(false);
    if (process.env['GRAPHIQL_SCREENSHOT'])
      await page.screenshot({ path: process.env['GRAPHIQL_SCREENSHOT'] });
  });
});
