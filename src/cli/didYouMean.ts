/**
 * The known names closest to `given` in edit distance (insertions, deletions, substitutions and
 * swaps of two neighbours), when close enough to be a typo: at most a third of its length, and
 * at most 3 edits. Closest first, ties in the order given.
 */
export function didYouMean(given: string, known: ReadonlyArray<string>): string[] {
  const bound = Math.min(3, Math.max(1, Math.floor(given.length / 3)));
  return known
    .map((name) => ({ name, distance: editDistance(given.toLowerCase(), name.toLowerCase()) }))
    .filter((c) => c.distance <= bound)
    .sort((a, b) => a.distance - b.distance)
    .map((c) => c.name);
}

/** Optimal string alignment distance, in O(a·b) time and O(b) memory. */
function editDistance(a: string, b: string): number {
  let before = new Array<number>(b.length + 1).fill(0);
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(
        (previous[j] as number) + 1,
        (current[j - 1] as number) + 1,
        (previous[j - 1] as number) + cost,
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d = Math.min(d, (before[j - 2] as number) + 1);
      current.push(d);
    }
    before = previous;
    previous = current;
  }
  return previous[b.length] as number;
}
