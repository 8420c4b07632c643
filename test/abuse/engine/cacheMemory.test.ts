import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../../../src/engine/index.js';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const MB = 1024 * 1024;

/** The engine's estimate of what it keeps is honest: the heap it retains is not above it. */
function expectHonestEstimate(result: Record<string, unknown>): void {
  const stats = result['stats'] as { planCacheBytes: number };
  // 2 MB for what the child holds besides the engine.
  expect((result['retainedMB'] as number) * MB).toBeLessThan(stats.planCacheBytes + 2 * MB);
}

/** Runs a scenario of cacheMemory.fixture.ts in a child whose heap is 96 MB. */
async function run(scenario: string): Promise<Record<string, unknown>> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [
      '--expose-gc',
      '--max-old-space-size=96',
      '--import',
      'tsx',
      'test/abuse/engine/cacheMemory.fixture.ts',
      scenario,
    ],
    { cwd: root, maxBuffer: 1024 * 1024 },
  );
  return JSON.parse(stdout) as Record<string, unknown>;
}

// Each scenario sends 200 requests carrying 0.5–1 MB of unique text: about 200 MB if kept.
describe('what the engine keeps of large requests', () => {
  it('keeps nothing of unknown operation names, and quotes only the start of one', async () => {
    const result = await run('operationNames');
    expect(result['longestMessage']).toBeLessThan(1000);
    expect(result['retainedMB']).toBeLessThan(10);
  });

  it('keeps nothing of unknown operation names given to the drop-ins either', async () => {
    const result = await run('dropInOperationNames');
    expect(result['retainedMB']).toBeLessThan(10);
  });

  it('bounds the plan cache by bytes: 1 MB of comments per document', async () => {
    const result = await run('paddedDocuments');
    const stats = result['stats'] as { planCacheBytes: number; planCacheSize: number };
    expect(stats.planCacheBytes).toBeLessThanOrEqual(16 * MB);
    expect(stats.planCacheSize).toBeLessThanOrEqual(8);
    expectHonestEstimate(result);
  });

  it('counts what each operation of a document keeps, where operations share fragments', async () => {
    const result = await run('sharedFragments');
    const stats = result['stats'] as { planCacheBytes: number };
    expect(stats.planCacheBytes).toBeLessThanOrEqual(16 * MB);
    // Uncounted, each operation kept about 200 KB: 60 MB for this document.
    expectHonestEstimate(result);
  });

  it('bounds cached parse and validation failures by bytes too', async () => {
    const result = await run('paddedFailures');
    const stats = result['stats'] as { planCacheBytes: number };
    expect(stats.planCacheBytes).toBeLessThanOrEqual(16 * MB);
    expectHonestEstimate(result);
  });

  it('refuses documents over maxDocumentBytes before parsing, and caches none of them', async () => {
    const result = await run('oversizeDocuments');
    expect(result['codes']).toEqual([ErrorCode.MAX_DOCUMENT_SIZE_EXCEEDED]);
    expect(result['stats']).toMatchObject({ planCacheSize: 0, planCacheBytes: 0 });
    expect(result['retainedMB']).toBeLessThan(10);
  });
});
