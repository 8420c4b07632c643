import { defineConfig } from 'vitest/config';

// `npm run test:faults`: each file starts its own throwaway PostgreSQL cluster (as the postgres OS
// user, so run it as root, as CI does) and real `sluice serve` processes, then breaks things.
export default defineConfig({
  test: {
    include: ['test/faults/**/*.test.ts'],
    pool: 'forks',
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
