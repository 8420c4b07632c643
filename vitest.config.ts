import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Tests that need Postgres create their own database; PGlite instances are heavy, so keep
    // the number of parallel workers at the machine's core count.
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
