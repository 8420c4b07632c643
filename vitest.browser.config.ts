import { defineConfig } from 'vitest/config';

// Browser tests (Debian's Chromium through playwright-core): `npm run test:browser`.
// Kept out of `npm test`, which must need nothing but Node.js.
export default defineConfig({
  test: {
    include: ['src/**/*.browser.test.ts', 'test/**/*.browser.test.ts'],
    pool: 'forks',
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
