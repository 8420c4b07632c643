// Bytes allocated per operation, counted by the heap's growth over a batch (allocations.js,
// parse.js, validate.js): the batch runs in a child whose young generation is 128 MB, every result
// is kept, and a collection in the middle of a batch would drop its garbage and undercount it.
import { getHeapStatistics } from 'node:v8';
import { median } from './measure.js';

/** What one batch may allocate: well inside the 128 MB young generation. */
export const BATCH_BYTES = 48 * 1024 * 1024;

/** V8's full collection (the counting children run with `--expose-gc`). */
export const gc = /** @type {() => void} */ (/** @type {{ gc?: () => void }} */ (globalThis).gc);

/**
 * Operations in a batch, from the bytes one operation allocated (`estimate`), at most `most`.
 * @param {number} estimate
 * @param {number} most
 */
export const batchCount = (estimate, most) =>
  Math.max(1, Math.min(most, Math.floor(BATCH_BYTES / Math.max(1, estimate))));

/**
 * Bytes one call of `operation` allocated, over a batch of `count` calls after a collection,
 * every result kept.
 * @param {number} count
 * @param {(i: number) => unknown} operation  called with 0 … count - 1
 */
export function bytesPerCall(count, operation) {
  const kept = new Array(count);
  gc();
  const before = getHeapStatistics().used_heap_size;
  for (let i = 0; i < count; i++) kept[i] = operation(i);
  return (getHeapStatistics().used_heap_size - before) / count;
}

/**
 * Bytes one call of `operation` allocates once warm: the median of `rounds` batches, each sized
 * from what calls allocate after warm-up batches. Sized from the first, unoptimised calls
 * instead, batches came out too small, and a batch's own fixed cost (about 600 KB here) showed
 * up in every call; sized by a fixed count, a batch could outgrow the young generation.
 * @param {(i: number) => unknown} operation  called with the call's index in its batch
 * @param {number} rounds
 */
export function warmBytesPerCall(operation, rounds) {
  // About 2 seconds' worth of small operations, or a few dozen of the largest.
  const first = bytesPerCall(1, operation);
  for (let i = 0; i < 8; i++) bytesPerCall(batchCount(first, 5000), operation);
  const count = batchCount(bytesPerCall(batchCount(first, 200), operation), 100_000);
  const samples = [];
  for (let round = 0; round < rounds; round++) samples.push(bytesPerCall(count, operation));
  return median(samples);
}
