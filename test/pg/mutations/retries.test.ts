import { describe, expect, it } from 'vitest';
import type { SqlClient } from '../../../src/pg/driver/SqlClient.js';
import { useTestDatabase } from '../support/testDatabase.js';
import { writeHarness } from './support.js';
import { setupWriteDatabase } from './writeSchema.js';

const db = useTestDatabase(setupWriteDatabase);

/**
 * The database client, with transactions whose first `failures` attempts end the way PostgreSQL
 * ends a transaction it chose as a deadlock victim (or a serialization failure): after the work
 * ran, its writes rolled back, with that SQLSTATE.
 */
function conflicting(client: SqlClient, failures: number, code: string) {
  const attempts = { count: 0 };
  // Failures are injected into `transaction`: without transactionBatch (a batch commits before
  // it could be failed), the fields run through it.
  const { transactionBatch: _batch, ...plain } = client;
  const wrapped: SqlClient = {
    ...plain,
    query: (text, values, options) => client.query(text, values, options),
    exec: (script) => client.exec(script),
    end: () => client.end(),
    transaction: (work, options) =>
      client.transaction!(async (tx) => {
        const result = await work(tx);
        if (++attempts.count <= failures)
          throw Object.assign(new Error('could not serialize access'), { code });
        return result;
      }, options),
  };
  return { wrapped, attempts };
}

// With a relation in its selection, the create has a read-back: two statements in a transaction.
const CREATE = `mutation { createCustomers(input: [{ name: "r", email: "r@x" }]) { name bankingRelationships { kind } } }`;
// Its selection reads the created row alone: one statement, with no transaction around it.
const CREATE_ALONE = `mutation { createCustomers(input: [{ name: "r", email: "r@x" }]) { name } }`;

/**
 * The database client, whose first `failures` statements run alone (outside a transaction) once
 * `attempts.armed` is set fail with that SQLSTATE before they run, as PostgreSQL fails a statement
 * it rolled back.
 */
function conflictingAlone(client: SqlClient, failures: number, code: string) {
  const attempts = { count: 0, armed: false };
  const fail = () => attempts.armed && ++attempts.count <= failures;
  const error = () => Object.assign(new Error('could not serialize access'), { code });
  const wrapped: SqlClient = {
    ...client,
    query: (text, values, options) =>
      fail() ? Promise.reject(error()) : client.query(text, values, options),
    queryBytes: (text, values, options) =>
      fail() ? Promise.reject(error()) : client.queryBytes!(text, values, options),
    exec: (script) => client.exec(script),
    end: () => client.end(),
  };
  if (!client.queryBytes) delete (wrapped as { queryBytes?: unknown }).queryBytes;
  return { wrapped, attempts };
}

describe('serialization failures and deadlocks', () => {
  it('runs the whole operation again, and answers once it commits', async () => {
    for (const code of ['40001', '40P01']) {
      await db.client.exec('TRUNCATE customers RESTART IDENTITY CASCADE');
      const { wrapped, attempts } = conflicting(db.client, 2, code);
      const h = await writeHarness(wrapped);
      const result = await h.run(CREATE);
      expect(result).toEqual({
        data: { createCustomers: [{ name: 'r', bankingRelationships: [] }] },
      });
      expect(attempts.count).toBe(3);
      // The failed attempts were rolled back: one row.
      expect((await db.client.query('SELECT count(*)::int FROM customers'))[0]?.[0]).toBe(1);
    }
  });

  it('runs an operation of one statement again too', async () => {
    for (const code of ['40001', '40P01']) {
      await db.client.exec('TRUNCATE customers RESTART IDENTITY CASCADE');
      const { wrapped, attempts } = conflictingAlone(db.client, 2, code);
      const h = await writeHarness(wrapped);
      attempts.armed = true;
      expect(await h.run(CREATE_ALONE)).toEqual({ data: { createCustomers: [{ name: 'r' }] } });
      expect(attempts.count).toBe(3);
      expect(await db.client.query('SELECT count(*)::int FROM customers')).toEqual([[1]]);
    }
  });

  it('gives up after three attempts with WRITE_CONFLICT, having written nothing', async () => {
    await db.client.exec('TRUNCATE customers RESTART IDENTITY CASCADE');
    const { wrapped, attempts } = conflicting(db.client, 99, '40P01');
    const h = await writeHarness(wrapped);
    const result = await h.run(CREATE);
    expect(result.errors?.[0]?.extensions).toMatchObject({
      code: 'WRITE_CONFLICT',
      sqlState: '40P01',
    });
    expect(attempts.count).toBe(3);
    expect((await db.client.query('SELECT count(*)::int FROM customers'))[0]?.[0]).toBe(0);
  });
});
