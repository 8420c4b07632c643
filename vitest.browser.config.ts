import { defineConfig } from 'vitest/config';

// Browser tests (Debian's Chromium through playwright-core): `npm run test:browser`.
// Kept out of `npm test`, which must need nothing but Node.js.
export default defineConfig({
  test: {
    include: ['src/**/*.browser.test.ts', 'test/**/*.browser.test.ts'],
    pool: 'forks',
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // expect.poll waits for something another process or socket does (a server listening, a
    // socket closed): vitest's default of 1 s fails such a wait on a loaded machine.
    expect: { poll: { timeout: 15_000 } },
  },
});
