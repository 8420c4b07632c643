import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts', 'scripts/**/*.test.ts'],
    // Browser tests need Chromium: `npm run test:browser` (vitest.browser.config.ts) runs them.
    // Fault tests start their own PostgreSQL cluster as root: `npm run test:faults` runs them.
    exclude: [...configDefaults.exclude, '**/*.browser.test.ts', 'test/faults/**'],
    // Tests that need Postgres create their own database; PGlite instances are heavy, so keep
    // the number of parallel workers at the machine's core count.
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // expect.poll waits for something another process or socket does (a server listening, a
    // socket closed): vitest's default of 1 s fails such a wait on a loaded machine.
    expect: { poll: { timeout: 15_000 } },
  },
});
