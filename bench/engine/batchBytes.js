// How many operations a batch counted by the heap's growth may hold (allocations.js, parse.js):
// the batch runs in a child whose young generation is 128 MB, and a collection in the middle of
// a batch would drop its garbage and undercount it.

/** What one batch may allocate: well inside the 128 MB young generation. */
export const BATCH_BYTES = 48 * 1024 * 1024;

/**
 * Operations in a batch, from the bytes one operation allocated (`estimate`), at most `most`.
 * @param {number} estimate
 * @param {number} most
 */
export const batchCount = (estimate, most) =>
  Math.max(1, Math.min(most, Math.floor(BATCH_BYTES / Math.max(1, estimate))));
