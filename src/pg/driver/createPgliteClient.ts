import { PGlite } from '@electric-sql/pglite';
import { abortError } from './abortError.js';
import { clusterCache } from './pgliteClusterCache.js';
import { SetupError } from './setupStatement.js';
import {
  assertChannel,
  sessionSettings,
  type PoolOptions,
  type QueryOptions,
  type SqlClient,
  type SqlTransaction,
} from './SqlClient.js';

export interface PgliteClientOptions {
  /** A directory to keep the database in (default: in memory). */
  readonly dataDir?: string;
  /**
   * Start an in-memory database from the cached dump of a fresh cluster instead of running
   * initdb (see pgliteClusterCache.ts). Default true.
   */
  readonly clusterCache?: boolean;
  /** Run-time settings over SESSION_SETTINGS, as for a pool (PoolOptions.settings). */
  readonly settings?: PoolOptions['settings'];
}

/**
 * PostgreSQL in-process (WebAssembly), the embedded default when no database URL is given: the
 * same compiler and the same SQL as a real server. PGlite has a single backend, so there is no
 * pool; it queues statements itself. `dataDir` keeps the database on disk (default: in memory).
 */
export async function createPgliteClient(options: PgliteClientOptions = {}): Promise<SqlClient> {
  const db = await startPglite(options);
  // No statement_timeout: PGlite cannot interrupt a statement (it runs on this thread).
  const settings = sessionSettings({
    statementTimeoutMs: 0,
    ...(options.settings === undefined ? {} : { settings: options.settings }),
  });
  for (const [name, setting] of Object.entries(settings)) {
    await db.query('SELECT set_config($1, $2, false)', [name, setting]);
  }
  // PGlite's transaction holds its single backend: other statements wait until it ends. A setup
  // (QueryOptions.setup) runs first in it: in-process, there is no round trip to save.
  const transaction = async <T>(
    work: (tx: SqlTransaction) => Promise<T>,
    options: QueryOptions | undefined,
  ): Promise<T> => {
    const signal = options?.signal;
    const setup = options?.setup;
    if (signal?.aborted) throw abortError(signal);
    return db.transaction(async (tx) => {
      const query = async (text: string, values: ReadonlyArray<unknown> = []) => {
        if (signal?.aborted) throw abortError(signal);
        const result = await tx.query<unknown[]>(text, values as unknown[], { rowMode: 'array' });
        return result.rows;
      };
      if (setup !== undefined) {
        try {
          await query(setup.text, setup.values);
        } catch (error) {
          throw new SetupError(error);
        }
      }
      return work({ query });
    });
  };
  return {
    driver: 'pglite',
    // PGlite runs a statement on this thread, to the end: an abort cannot reach it meanwhile and
    // there is no backend to cancel. A query whose signal has aborted is not started; one that
    // ran while it aborted still rejects, as on a server.
    async query(text, values = [], options) {
      if (options?.setup !== undefined) return transaction((tx) => tx.query(text, values), options);
      const signal = options?.signal;
      if (signal?.aborted) throw abortError(signal);
      const result = await db.query<unknown[]>(text, values as unknown[], { rowMode: 'array' });
      if (signal?.aborted) throw abortError(signal);
      return result.rows;
    },
    transaction,
    // In-process: notifications reach listeners of this same PGlite once the notifying
    // transaction commits; there is no connection to lose.
    async listen(channel, onNotify, onListen) {
      assertChannel(channel);
      const unlisten = await db.listen(channel, onNotify);
      onListen?.();
      return () => unlisten();
    },
    async exec(script) {
      await db.exec(script);
    },
    end: () => db.close(),
  };
}

async function startPglite(options: PgliteClientOptions): Promise<PGlite> {
  if (options.dataDir !== undefined) {
    const db = new PGlite(options.dataDir);
    await db.waitReady;
    return db;
  }
  const cache = options.clusterCache === false ? undefined : clusterCache();
  const dump = cache?.read();
  if (dump) {
    try {
      const db = new PGlite({ loadDataDir: dump });
      await db.waitReady;
      return db;
    } catch {
      cache?.drop();
    }
  }
  const db = new PGlite();
  await db.waitReady;
  await cache?.write(db);
  return db;
}
