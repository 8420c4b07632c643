import type { SqlClient } from '../driver/SqlClient.js';
import { DEMO_KEYS, DEMO_TABLES } from './demoSchema.js';
import { DEMO_SIZE, demoSeed, type DemoSeedSize } from './demoSeed.js';

export interface DemoProgress {
  readonly step: string;
  readonly done: number;
  readonly total: number;
}

/**
 * Creates the demo schema and seeds it, reporting each step to `onProgress` (for `sluice demo`'s
 * progress bar): the tables, each table's rows, the keys and indexes, the statistics. Expects an
 * empty database.
 */
export async function createDemoDatabase(
  client: SqlClient,
  options: { size?: DemoSeedSize; onProgress?: (progress: DemoProgress) => void } = {},
): Promise<void> {
  const steps: Array<{ step: string; statements: ReadonlyArray<string> }> = [
    { step: 'tables', statements: DEMO_TABLES },
    ...demoSeed(options.size ?? DEMO_SIZE).map(({ step, sql }) => ({ step, statements: [sql] })),
    { step: 'keys and indexes', statements: DEMO_KEYS },
    { step: 'statistics', statements: ['ANALYZE'] },
  ];
  let done = 0;
  for (const { step, statements } of steps) {
    for (const statement of statements) await client.query(statement);
    options.onProgress?.({ step, done: ++done, total: steps.length });
  }
}
