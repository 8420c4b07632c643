// A bounded latency histogram: 0.1 ms buckets up to 60 s and one bucket beyond, so a client
// process holds the same few megabytes however many events it receives.

const BUCKET_MS = 0.1;
const BUCKETS = 600_000;

export function createHistogram() {
  return new Uint32Array(BUCKETS + 1);
}

/** Counts one latency (ms; a negative one, from clock granularity, counts as 0). */
export function record(histogram, ms) {
  const bucket = Math.min(BUCKETS, Math.max(0, Math.floor(ms / BUCKET_MS)));
  histogram[bucket]++;
}

/** The non-empty buckets as `[bucket, count]` pairs (what a client process sends). */
export function sparse(histogram) {
  const pairs = [];
  for (let i = 0; i < histogram.length; i++) if (histogram[i] > 0) pairs.push([i, histogram[i]]);
  return pairs;
}

/**
 * `{ count, p50Ms, p99Ms, maxMs }` of merged sparse histograms (a bucket's upper bound; the last
 * bucket reads as "over 60 s": Infinity).
 */
export function percentiles(sparseHistograms) {
  const merged = new Map();
  for (const pairs of sparseHistograms) {
    for (const [bucket, n] of pairs) merged.set(bucket, (merged.get(bucket) ?? 0) + n);
  }
  const buckets = [...merged.keys()].sort((a, b) => a - b);
  const count = buckets.reduce((sum, b) => sum + merged.get(b), 0);
  const upper = (bucket) => (bucket >= BUCKETS ? Infinity : (bucket + 1) * BUCKET_MS);
  const at = (fraction) => {
    const rank = Math.ceil(fraction * count);
    let seen = 0;
    for (const b of buckets) {
      seen += merged.get(b);
      if (seen >= rank) return upper(b);
    }
    return NaN;
  };
  return { count, p50Ms: at(0.5), p99Ms: at(0.99), maxMs: count ? upper(buckets.at(-1)) : NaN };
}
