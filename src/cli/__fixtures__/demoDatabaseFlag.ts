import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { createDemoDatabase } from '../../pg/demo/createDemoDatabase.js';
import { createPgliteClient } from '../../pg/driver/createPgliteClient.js';
import type { SqlClient } from '../../pg/driver/SqlClient.js';
import { createTestDatabase, type TestDatabase } from '../../../test/pg/support/testDatabase.js';

export interface DatabaseFlag {
  readonly value: string;
  readonly onServer: boolean;
}

/**
 * A `--database` value for CLI tests, made by `setup`: with DATABASE_URL (npm run test:pg) a
 * fresh database on that server, dropped afterwards; without, a PGlite data directory
 * (`pglite:<dir>`), removed afterwards. Either way the CLI runs its real connect path.
 */
export function useDatabaseFlag(setup: (client: SqlClient) => Promise<void>): DatabaseFlag {
  let value = '';
  let server: TestDatabase | undefined;
  let dir: string | undefined;
  beforeAll(async () => {
    if (process.env['DATABASE_URL']) {
      server = await createTestDatabase();
      await setup(server.client);
      value = server.url as string;
      return;
    }
    dir = mkdtempSync(join(tmpdir(), 'sluice-cli-pglite-'));
    const client = await createPgliteClient({ dataDir: dir });
    try {
      await setup(client);
    } finally {
      await client.end();
    }
    value = `pglite:${dir}`;
  }, 300_000);
  afterAll(async () => {
    await server?.drop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  }, 300_000);
  return {
    get value() {
      if (!value) throw new Error('The database is created in beforeAll');
      return value;
    },
    get onServer() {
      return server !== undefined;
    },
  };
}

/** `useDatabaseFlag` seeded with the demo data. */
export function useDemoDatabaseFlag(): DatabaseFlag {
  return useDatabaseFlag((client) => createDemoDatabase(client));
}
