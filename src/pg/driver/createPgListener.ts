import postgres from 'postgres';
import { quoteIdentifier } from '../sql/compileSql.js';
import { retryWithBackoff } from './retryWithBackoff.js';

interface Entry {
  readonly onNotify: (payload: string) => void;
  readonly onListen: (() => void) | undefined;
  readonly onLost: (() => void) | undefined;
}

/** A LISTEN that has not answered by then is taken for a dead connection, which is replaced. */
const LISTEN_TIMEOUT_MS = 10_000;

export interface PgListener {
  listen(
    channel: string,
    onNotify: (payload: string) => void,
    onListen?: () => void,
    onLost?: () => void,
  ): Promise<() => Promise<void>>;
  end(): Promise<void>;
}

/**
 * Every LISTEN of a process on one connection of its own, kept up here rather than by
 * postgres.js's `listen`: that one re-listens once when its connection closes and drops the
 * failure, and a channel whose re-listen failed stays marked as listened, so a later LISTEN
 * awaits the old failure (or hangs) — a PostgreSQL restart could end notifications for good.
 * Here a lost connection (or a LISTEN unanswered for 10 s: the connection is replaced) is
 * followed by LISTEN of every channel again, retried with back-off until it works, and then
 * every listener's `onListen` is called: what was notified in between was missed. Each
 * listener's `onLost` hears the loss first.
 */
export function createPgListener(
  url: string,
  config: postgres.Options<Record<string, postgres.PostgresType>>,
): PgListener {
  const channels = new Map<string, Set<Entry>>();
  let sql: postgres.Sql | undefined;
  let ended = false;
  let recovering: Promise<void> | undefined;

  // `onnotify` is postgres.js's own (its `listen` uses it), missing from its typings only.
  const options = {
    ...config,
    max: 1,
    max_lifetime: null,
    fetch_types: false,
    onnotify: (channel: string, payload: string) => {
      for (const entry of channels.get(channel) ?? []) entry.onNotify(payload);
    },
    onclose: () => {
      if (ended) return;
      for (const entries of [...channels.values()])
        for (const entry of [...entries]) entry.onLost?.();
      void recover();
    },
  };
  const connection = (): postgres.Sql => (sql ??= postgres(url, options));

  /** LISTEN on `channel`, or a failure after LISTEN_TIMEOUT_MS (the connection then replaced). */
  const listenOn = async (channel: string): Promise<void> => {
    const current = connection();
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        if (sql === current) sql = undefined;
        void current.end({ timeout: 0 }).catch(() => undefined);
        reject(new Error(`LISTEN ${channel}: no answer within ${LISTEN_TIMEOUT_MS} ms`));
      }, LISTEN_TIMEOUT_MS);
      timer.unref();
    });
    try {
      await Promise.race([current.unsafe(`LISTEN ${quoteIdentifier(channel)}`), late]);
    } finally {
      clearTimeout(timer);
    }
  };

  /** Every channel listened again (retried until it works), then every `onListen` called. */
  const recover = (): Promise<void> =>
    (recovering ??= retryWithBackoff(
      async () => {
        for (const channel of [...channels.keys()]) await listenOn(channel);
        for (const entries of [...channels.values()])
          for (const entry of [...entries]) entry.onListen?.();
      },
      () => ended || channels.size === 0,
    )
      .then(() => undefined)
      .finally(() => (recovering = undefined)));

  return {
    async listen(channel, onNotify, onListen, onLost) {
      if (ended) throw new Error('The client has ended');
      const entry: Entry = { onNotify, onListen, onLost };
      let entries = channels.get(channel);
      if (entries === undefined) channels.set(channel, (entries = new Set()));
      entries.add(entry);
      try {
        // Listened again even when it is already: a caller that asks anew suspects the connection.
        await listenOn(channel);
      } catch (error) {
        entries.delete(entry);
        if (entries.size === 0) channels.delete(channel);
        throw error;
      }
      onListen?.();
      return () => {
        const current = channels.get(channel);
        if (current === undefined || !current.delete(entry) || current.size > 0)
          return Promise.resolve();
        channels.delete(channel);
        // Not awaited: on a dead connection it would never answer (a LISTEN after it runs after it).
        void sql?.unsafe(`UNLISTEN ${quoteIdentifier(channel)}`).catch(() => undefined);
        return Promise.resolve();
      };
    },
    async end() {
      ended = true;
      channels.clear();
      await sql?.end({ timeout: 5 });
    },
  };
}
