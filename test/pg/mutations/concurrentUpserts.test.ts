import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresClient } from '../../../src/pg/driver/createPostgresClient.js';
import type { SqlClient } from '../../../src/pg/driver/SqlClient.js';
import { useTestDatabase } from '../support/testDatabase.js';
import { writeHarness, type Response, type WriteHarness } from './support.js';
import { setupWriteDatabase } from './writeSchema.js';

const db = useTestDatabase(setupWriteDatabase);

const EXISTING = 200;
const REQUESTS = 240;
const CONCURRENCY = 32;
const BATCH = 20;

const UPSERT = `mutation ($i: [CustomerInput!]!) {
  createCustomers(input: $i, onConflict: { constraint: CUSTOMERS_BUSINESS_KEY_KEY, update: [NAME] }) {
    businessKey name
  }
}`;

const keyOf = (n: number) => `00000001-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

/** A deterministic shuffle (a linear congruential generator seeded by `seed`). */
function shuffled<T>(items: T[], seed: number): T[] {
  const out = [...items];
  let state = seed;
  for (let i = out.length - 1; i > 0; i--) {
    state = (state * 1103515245 + 12345) % 2147483648;
    const j = state % (i + 1);
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

let client: SqlClient;
let h: WriteHarness;
beforeAll(async () => {
  // A pool as wide as a server's: many transactions at once, as under load.
  client = db.url ? createPostgresClient(db.url, { max: 8 }) : db.client;
  h = await writeHarness(client);
});
afterAll(async () => {
  if (client !== db.client) await client.end();
});

describe('many concurrent upserts of overlapping keys, each batch in its own order', () => {
  it('all succeed, every key is stored once, also when clients give some of them up', async () => {
    await client.exec(
      `INSERT INTO customers (business_key, name)
       SELECT ('00000001-0000-4000-8000-' || lpad(to_hex(n), 12, '0'))::uuid, 'c' || n
       FROM generate_series(1, ${EXISTING}) AS n`,
    );
    // Request r: half existing keys (a window that overlaps its neighbours'), half keys new to the
    // table, shared by a few requests; the whole batch shuffled.
    const input = (r: number) => {
      const keys: string[] = [];
      for (let j = 0; j < BATCH / 2; j++) keys.push(keyOf(1 + ((r * 3 + j) % EXISTING)));
      for (let j = 0; j < BATCH / 2; j++) keys.push(keyOf(EXISTING + 1 + ((r + j) % 60)));
      return shuffled(keys, r + 1).map((businessKey) => ({ businessKey, name: `r${r}` }));
    };
    const prepared = h.engine.prepare(UPSERT);
    if (!prepared.ok) throw new Error(prepared.body);
    const errors: unknown[] = [];
    let next = 0;
    const worker = async () => {
      while (next < REQUESTS) {
        const r = next++;
        const variables = { i: input(r) };
        if (r % 6 === 5) {
          // A client that goes away while its upsert runs: its answer is not looked at.
          const controller = new AbortController();
          setTimeout(() => controller.abort(new Error('client went away')), (r * 7) % 61);
          await prepared.execute({ variables, signal: controller.signal });
          continue;
        }
        const result = JSON.parse((await prepared.execute({ variables })).body) as Response;
        if (result.errors) errors.push(...result.errors);
        else expect(result.data?.['createCustomers']).toHaveLength(BATCH);
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    expect(errors).toEqual([]);
    const rows = await h.rows(
      'SELECT count(*)::int, count(DISTINCT business_key)::int FROM customers',
    );
    expect(rows[0]).toEqual([EXISTING + 60, EXISTING + 60]);
  }, 120_000);
});
