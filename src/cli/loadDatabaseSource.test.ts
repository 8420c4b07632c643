import { describe, expect, it } from 'vitest';
import type { Catalog, SqlClient } from '../pg/index.js';
import { silentLogger } from '../server/index.js';
import type { CliIO } from './io.js';
import { loadDatabaseSource } from './loadDatabaseSource.js';
import { DEFAULT_CONFIG } from './options.js';
import { startServer } from './startServer.js';

/** A client whose catalog has one table, `items (id int primary key)`, for the reflection. */
function fakeClient(events: string[]): SqlClient & { down: boolean } {
  const client = {
    driver: 'fake',
    down: false,
    query(text: string) {
      if (client.down) return Promise.reject(Object.assign(new Error('gone'), { code: '57P01' }));
      if (text === 'SELECT 1') return Promise.resolve([[1]]);
      return Promise.resolve([[JSON.stringify(CATALOG)]]);
    },
    exec: () => Promise.resolve(),
    end() {
      events.push('client ended');
      return Promise.resolve();
    },
  };
  return client;
}

// What introspect's one catalog query returns for `items (id int PRIMARY KEY)`.
const CATALOG: Catalog = {
  tables: [
    {
      schema: 'public',
      name: 'items',
      kind: 'table',
      comment: null,
      columns: [
        {
          name: 'id',
          type: {
            name: 'int4',
            schema: 'pg_catalog',
            isArray: false,
            isEnum: false,
            output: ['pg_catalog', 'int4out'],
          },
          notNull: true,
          comment: null,
        },
      ],
      primaryKey: ['id'],
      uniqueKeys: [],
      foreignKeys: [],
    },
  ],
  enums: [],
};

describe('loadDatabaseSource', () => {
  it('is ready while the database answers, and not when it fails', async () => {
    const events: string[] = [];
    const client = fakeClient(events);
    const source = await loadDatabaseSource(client, {}, 'the fake database', silentLogger);
    expect(await source.readiness?.()).toBe(true);
    client.down = true;
    await expect(Promise.resolve().then(() => source.readiness?.())).rejects.toThrow('gone');
  });
});

describe('startServer with a database source', () => {
  it('on SIGTERM closes the server first, then the database', async () => {
    const events: string[] = [];
    const source = await loadDatabaseSource(
      fakeClient(events),
      {},
      'the fake database',
      silentLogger,
    );
    const handlers = new Map<string, () => void>();
    let stderr = '';
    const io: CliIO = {
      stdout: { write: () => true },
      stderr: { write: (t: string) => (stderr += t) },
      env: {},
      cwd: process.cwd(),
      onSignal: (signal, listener) => handlers.set(signal, listener),
      readStdin: () => Promise.resolve(''),
    };
    const serving = startServer(source, { ...DEFAULT_CONFIG, port: 0, logLevel: 'silent' }, io);
    await expect.poll(() => /serving GraphQL at (\S+)/.exec(stderr)?.[1]).toBeTruthy();
    const url = /serving GraphQL at (\S+)/.exec(stderr)?.[1] as string;
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ __typename }' }),
    });
    expect(res.status).toBe(200);
    handlers.get('SIGTERM')?.();
    expect(await serving).toBe(0);
    expect(events).toEqual(['client ended']);
    await expect(fetch(url)).rejects.toThrow();
  });

  it('closes the database when the port cannot be had', async () => {
    const events: string[] = [];
    const source = await loadDatabaseSource(
      fakeClient(events),
      {},
      'the fake database',
      silentLogger,
    );
    const io: CliIO = {
      stdout: { write: () => true },
      stderr: { write: () => true },
      env: {},
      cwd: process.cwd(),
      onSignal: () => {},
      readStdin: () => Promise.resolve(''),
    };
    const config = { ...DEFAULT_CONFIG, port: 0, host: '192.0.2.1', logLevel: 'silent' as const };
    await expect(startServer(source, config, io)).rejects.toThrow('Cannot listen');
    expect(events).toEqual(['client ended']);
  });
});

describe('the context of a database source', () => {
  it("carries the request's id, as sent back in x-request-id", async () => {
    const source = await loadDatabaseSource(fakeClient([]), {}, 'the fake database', silentLogger);
    const scope = { requestId: 'abc-1', signal: new AbortController().signal, expireAt() {} };
    const request = { method: 'POST', url: '/graphql', headers: {}, body: null };
    expect(source.contextValue?.(request, scope)).toEqual({ requestId: 'abc-1' });
  });
});

describe('names reflection had to change', () => {
  it('are logged at level warn, and the source still loads', async () => {
    const warned: string[] = [];
    const logger = { ...silentLogger, warn: (msg: string) => warned.push(msg) };
    const client = fakeClient([]);
    // A table `page_info` would be the type PageInfo, which the schema's pagination type holds.
    const catalog = { ...CATALOG, tables: [{ ...CATALOG.tables[0]!, name: 'page_info' }] };
    client.query = (text: string) =>
      Promise.resolve(text === 'SELECT 1' ? [[1]] : [[JSON.stringify(catalog)]]);
    const source = await loadDatabaseSource(client, {}, 'the fake database', logger);
    expect(source.schema.getType('PageInfo2')).toBeDefined();
    expect(warned).toEqual([
      'PageInfo is taken by a built-in name, so table public.page_info is named PageInfo2; the rename option chooses another name.',
    ]);
  });
});
