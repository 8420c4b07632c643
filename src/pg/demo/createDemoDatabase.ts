import type { SqlClient } from '../driver/SqlClient.js';
import { DEMO_SCHEMA } from './demoSchema.js';
import { DEMO_SIZE, demoSeed, type DemoSeedSize } from './demoSeed.js';

export interface DemoProgress {
  readonly step: string;
  readonly done: number;
  readonly total: number;
}

/**
 * Creates the demo schema and seeds it, reporting each step to `onProgress` (for `sluice demo`'s
 * progress bar). Expects an empty database.
 */
export async function createDemoDatabase(
  client: SqlClient,
  options: { size?: DemoSeedSize; onProgress?: (progress: DemoProgress) => void } = {},
): Promise<void> {
  const seed = demoSeed(options.size ?? DEMO_SIZE);
  const total = DEMO_SCHEMA.length + seed.length;
  let done = 0;
  const report = (step: string) => options.onProgress?.({ step, done: ++done, total });
  for (const statement of DEMO_SCHEMA) {
    await client.query(statement);
    report('schema');
  }
  for (const { step, sql } of seed) {
    await client.query(sql);
    report(step);
  }
}
