// Runs the conformance runner's own tests until the root vitest config includes scripts/**:
//   npx vitest run --config scripts/conformance/vitest.config.ts
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  test: { include: ['scripts/**/*.test.ts'], pool: 'forks', testTimeout: 30_000 },
});
