import { defineConfig } from 'vitest/config';

// `npm run test:faults`: each file starts its own throwaway PostgreSQL cluster (as the postgres OS
// user, so run it as root, as CI does) and real `sluice serve` processes, then breaks things.
export default defineConfig({
  test: {
    include: ['test/faults/**/*.test.ts'],
    pool: 'forks',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // expect.poll waits for something another process or socket does (a server listening, a
    // socket closed): vitest's default of 1 s fails such a wait on a loaded machine.
    expect: { poll: { timeout: 15_000 } },
  },
});
