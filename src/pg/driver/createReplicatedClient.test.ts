import { describe, expect, it } from 'vitest';
import { createReplicatedClient } from './createReplicatedClient.js';
import type { SqlClient, SqlTransaction } from './SqlClient.js';

/** A client that records what it ran, and fails the way `fail` says while it is set. */
function fakeClient(name: string) {
  const ran: string[] = [];
  let fail: unknown;
  const client: SqlClient = {
    driver: 'postgres',
    query: async (text) => {
      ran.push(text);
      if (fail !== undefined) throw fail;
      return [[name]];
    },
    queryBytes: async (text) => {
      ran.push(`bytes:${text}`);
      if (fail !== undefined) throw fail;
      return [[new TextEncoder().encode(name)]];
    },
    transaction: async <T>(work: (tx: SqlTransaction) => Promise<T>) =>
      work({
        query: async (text) => {
          ran.push(`tx:${text}`);
          return [[name]];
        },
      }),
    exec: async (script) => {
      ran.push(`exec:${script}`);
    },
    end: async () => {
      ran.push('end');
    },
  };
  return {
    client,
    ran,
    failWith(error: unknown) {
      fail = error;
    },
  };
}

const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), {
  code: 'ECONNREFUSED',
});

describe('createReplicatedClient', () => {
  it('sends reads to the replicas in turn, and transactions and scripts to the primary', async () => {
    const primary = fakeClient('primary');
    const a = fakeClient('a');
    const b = fakeClient('b');
    const client = createReplicatedClient(primary.client, [a.client, b.client]);
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push((await client.query('SELECT 1'))[0]![0]);
    expect(answers).toEqual(['a', 'b', 'a', 'b']);
    expect(new TextDecoder().decode((await client.queryBytes!('SELECT 2'))[0]![0]!)).toBe('a');
    expect(await client.transaction!((tx) => tx.query('INSERT 1'))).toEqual([['primary']]);
    await client.exec('CREATE TABLE t ()');
    expect(primary.ran).toEqual(['tx:INSERT 1', 'exec:CREATE TABLE t ()']);
    await client.end();
    expect([primary.ran.at(-1), a.ran.at(-1), b.ran.at(-1)]).toEqual(['end', 'end', 'end']);
  });

  it('leaves out a replica it cannot reach, runs the read elsewhere, and tries it again later', async () => {
    const primary = fakeClient('primary');
    const a = fakeClient('a');
    const b = fakeClient('b');
    const down: number[] = [];
    const client = createReplicatedClient(primary.client, [a.client, b.client], {
      retryAfterMs: 40,
      onReplicaDown: (at) => down.push(at),
    });
    a.failWith(refused);
    expect((await client.query('SELECT 1'))[0]![0]).toBe('b');
    expect(down).toEqual([0]);
    // Left out: every read goes to b, and a is not asked.
    const before = a.ran.length;
    for (let i = 0; i < 3; i++) expect((await client.query('SELECT 1'))[0]![0]).toBe('b');
    expect(a.ran.length).toBe(before);
    // Both down: the primary answers.
    b.failWith(refused);
    expect((await client.query('SELECT 1'))[0]![0]).toBe('primary');
    // Back after the pause.
    a.failWith(undefined);
    b.failWith(undefined);
    await new Promise((r) => setTimeout(r, 60));
    const seen = new Set<unknown>();
    for (let i = 0; i < 4; i++) seen.add((await client.query('SELECT 1'))[0]![0]);
    expect([...seen].sort()).toEqual(['a', 'b']);
  });

  it('does not run a statement again when it failed for its own reasons', async () => {
    const primary = fakeClient('primary');
    const a = fakeClient('a');
    const client = createReplicatedClient(primary.client, [a.client]);
    a.failWith(Object.assign(new Error('column "x" does not exist'), { code: '42703' }));
    await expect(client.query('SELECT x')).rejects.toMatchObject({ code: '42703' });
    expect(primary.ran).toEqual([]);
  });

  it('runs a read a hot standby cancelled for a recovery conflict on the primary', async () => {
    const primary = fakeClient('primary');
    const a = fakeClient('a');
    const client = createReplicatedClient(primary.client, [a.client]);
    a.failWith(
      Object.assign(new Error('canceling statement due to conflict with recovery'), {
        code: '40001',
      }),
    );
    expect((await client.query('SELECT 1'))[0]![0]).toBe('primary');
    // A conflict is not an outage: the replica still serves the next read.
    a.failWith(undefined);
    expect((await client.query('SELECT 1'))[0]![0]).toBe('a');
  });

  it('does not try another server for a request that was given up', async () => {
    const primary = fakeClient('primary');
    const a = fakeClient('a');
    const client = createReplicatedClient(primary.client, [a.client]);
    const controller = new AbortController();
    controller.abort();
    a.failWith(refused);
    await expect(client.query('SELECT 1', [], { signal: controller.signal })).rejects.toBe(refused);
    expect(primary.ran).toEqual([]);
  });

  it('is the primary itself when there are no replicas', () => {
    const primary = fakeClient('primary');
    expect(createReplicatedClient(primary.client, [])).toBe(primary.client);
  });
});
