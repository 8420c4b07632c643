import { beforeAll, describe, expect, it } from 'vitest';
import { StatementFailure, type SqlClient } from '../../../src/pg/driver/SqlClient.js';
import { useTestDatabase } from '../support/testDatabase.js';
import { writeHarness, type WriteHarness } from './support.js';

/**
 * Two rows whose every UPDATE holds its row lock a while longer (an AFTER trigger sleeps), so two
 * operations that update them in opposite orders interleave: each locks its first row, then
 * waits for the other's.
 */
const SCHEMA = `
CREATE TABLE accounts (id integer PRIMARY KEY, balance integer NOT NULL);
INSERT INTO accounts VALUES (1, 0), (2, 0);
CREATE FUNCTION hold_lock() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN PERFORM pg_sleep(0.5); RETURN NULL; END $$;
CREATE TRIGGER hold_lock AFTER UPDATE ON accounts FOR EACH ROW EXECUTE FUNCTION hold_lock();
`;

const db = useTestDatabase((client) => client.exec(SCHEMA));
const onServer = Boolean(process.env['DATABASE_URL']);

/** The client, with every transaction's outcome recorded (the SQLSTATE it failed with, or ok). */
function recording(client: SqlClient) {
  const outcomes: string[] = [];
  const record = <T>(run: Promise<T>) =>
    run.then(
      (value) => {
        outcomes.push('ok');
        return value;
      },
      (error: unknown) => {
        const cause = error instanceof StatementFailure ? error.error : error;
        outcomes.push(String((cause as { code?: unknown }).code));
        throw error;
      },
    );
  const wrapped: SqlClient = {
    ...client,
    transaction: (work, options) => record(client.transaction!(work, options)),
    ...(client.transactionBatch
      ? {
          transactionBatch: (statements, options) =>
            record(client.transactionBatch!(statements, options)),
        }
      : {}),
  };
  return { wrapped, outcomes };
}

const inOrder = (first: number, second: number) =>
  `mutation { a: updateAccount(id: ${first}, increment: { balance: 1 }) { id balance } b: updateAccount(id: ${second}, increment: { balance: 1 }) { id } }`;

let h: WriteHarness;
let outcomes: string[];
beforeAll(async () => {
  const r = recording(db.client);
  outcomes = r.outcomes;
  h = await writeHarness(r.wrapped);
});

describe('two operations locking the same rows in opposite orders', () => {
  it('both succeed: the deadlock victim (on the server) is rolled back and run again', async () => {
    const [one, two] = await Promise.all([h.run(inOrder(1, 2)), h.run(inOrder(2, 1))]);
    expect(one.errors).toBeUndefined();
    expect(two.errors).toBeUndefined();
    const balances = await h.rows('SELECT id, balance FROM accounts ORDER BY id');
    expect(balances).toEqual([
      [1, 2],
      [2, 2],
    ]);
    // Whichever committed second saw the first one's increment of its first row.
    const seen = [one, two].map((r) => (r.data?.['a'] as { balance: number }).balance).sort();
    expect(seen).toEqual([1, 2]);
    if (onServer) {
      // PostgreSQL found the deadlock and aborted one of them (40P01); its second run committed.
      expect([...outcomes].sort()).toEqual(['40P01', 'ok', 'ok']);
    } else {
      // PGlite has one backend: the second transaction waits for the first, no deadlock.
      expect(outcomes).toEqual(['ok', 'ok']);
    }
  }, 30_000);
});
