import { createDemoDatabase, type DemoProgress } from '../../../src/pg/demo/createDemoDatabase.js';
import type { SqlClient } from '../../../src/pg/driver/SqlClient.js';
import { reflect, type Reflection } from '../../../src/pg/reflect.js';

/**
 * The demo database, reflected with two computed fields (they put their fields in value mode) and
 * Relay's global object identification; `plainRows` as the source option of that name.
 */
export async function goldenReflection(client: SqlClient, plainRows = false): Promise<Reflection> {
  return reflect(client, {
    relay: true,
    plainRows,
    computed: {
      users: {
        displayName: {
          type: 'String!',
          description: 'The full name, or the username when there is none.',
          needs: ['full_name', 'username'],
          resolve: (row) => (row['full_name'] as string | null) ?? `@${row['username'] as string}`,
        },
      },
      posts: {
        isPopular: {
          type: 'Boolean!',
          needs: ['views'],
          resolve: (row) => BigInt(row['views'] as string) > 50_000n,
        },
      },
    },
  });
}

/** Progress reports seen while the demo database was seeded (for the demo's progress bar). */
export const seedProgress: DemoProgress[] = [];

export async function setupGoldenDatabase(client: SqlClient): Promise<void> {
  await createDemoDatabase(client, { onProgress: (p) => seedProgress.push(p) });
}
