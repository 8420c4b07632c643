import type { QueryRows } from '../driver/SqlClient.js';

/** What a multiplexed statement answered for its entries (runEntries). */
export interface EntryRows {
  /** Each row led by its entry's number (1-based, in the order of `entries`). */
  readonly rows: QueryRows;
  /** The entries that failed run alone, by number, with what they failed with. */
  readonly failed: ReadonlyMap<number, unknown>;
  /** True when the entries ran one by one: the rows then come entry after entry. */
  readonly alone: boolean;
}

const NONE: ReadonlyMap<number, unknown> = new Map();

/**
 * Runs a statement shared by subscribers over `entries` (each one entry's values as JSON text;
 * `run` gets their JSON array, and the statement leads each row with the entry's number). When
 * it fails with several entries, PostgreSQL may have refused one entry's values: each then runs
 * alone once, its rows renumbered, so that only the entries that fail alone fail.
 */
export async function runEntries(
  entries: ReadonlyArray<string>,
  run: (valuesJson: string) => Promise<QueryRows>,
): Promise<EntryRows> {
  try {
    return { rows: await run(`[${entries.join(',')}]`), failed: NONE, alone: false };
  } catch (error) {
    if (entries.length < 2) throw error;
  }
  const rows: Array<ReadonlyArray<unknown>> = [];
  const failed = new Map<number, unknown>();
  for (const [i, entry] of entries.entries()) {
    try {
      for (const [, ...rest] of await run(`[${entry}]`)) rows.push([i + 1, ...rest]);
    } catch (error) {
      failed.set(i + 1, error);
    }
  }
  return { rows, failed, alone: true };
}
