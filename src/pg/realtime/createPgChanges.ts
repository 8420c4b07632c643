import { randomBytes } from 'node:crypto';
import type { SqlClient } from '../driver/SqlClient.js';
import { retryWithBackoff } from '../driver/retryWithBackoff.js';

/** The channel the triggers `sluice db triggers` installs notify on (docs/realtime.md). */
export const CHANGES_CHANNEL = 'sluice_changes';

export type ChangeOp = 'INSERT' | 'UPDATE' | 'DELETE';

/** What one batch of notifications says about one table (`schema.name`). */
export interface TableChanges {
  /** Primary-key tuples per operation, each key once, in the order they were first heard. */
  readonly keys: Readonly<Record<ChangeOp, ReadonlyArray<ReadonlyArray<unknown>>>>;
  /** Some change came without keys (a payload too large for NOTIFY): what changed is unknown. */
  readonly unkeyed: boolean;
}

export interface ChangeListener {
  /** The changes heard since the last batch, by table tag (`public.posts`). */
  batch(tables: ReadonlyMap<string, TableChanges>): void;
  /** Notifications may have been missed (the LISTEN connection was lost and is back). */
  missed(): void;
}

export interface PgChangesOptions {
  /** Default `sluice_changes`. */
  readonly channel?: string;
  /** How long notifications are gathered into one batch, in ms. Default 5. */
  readonly batchMs?: number;
  /**
   * How often the LISTEN connection is checked, in ms (0 = never): a notification this process
   * sends itself must come back within the same time after PostgreSQL took it, else the LISTEN is
   * made anew and listeners are told `missed`. A beat still waiting for a pool connection (a busy
   * process) proves nothing and is waited for. Default 5,000.
   */
  readonly heartbeatMs?: number;
  /** A failed LISTEN or heartbeat (the database went away): for logs. Default: ignored. */
  readonly onError?: (error: unknown) => void;
}

export interface PgChanges {
  /** Adds a listener; LISTEN starts with the first. Returns its removal. */
  subscribe(listener: ChangeListener): () => void;
  /** Settles once the first LISTEN is in place (or failed). */
  readonly listening: Promise<void>;
  close(): Promise<void>;
}

const OPS: ReadonlyArray<ChangeOp> = ['INSERT', 'UPDATE', 'DELETE'];

/**
 * One LISTEN per process on the change channel, its notifications gathered into batches for every
 * listener (change-event subscriptions, live queries). A payload is
 * `{"t":"public.posts","op":"INSERT","k":[[42]]}` (primary keys only), or without `k` when the keys
 * did not fit. A lost connection is noticed by the driver (postgres.js listens again) or by the
 * heartbeat, and ends in `missed` once the LISTEN is back.
 */
export function createPgChanges(client: SqlClient, options: PgChangesOptions = {}): PgChanges {
  const channel = options.channel ?? CHANGES_CHANNEL;
  const batchMs = options.batchMs ?? 5;
  const heartbeatMs = options.heartbeatMs ?? 5_000;
  const onError = options.onError ?? (() => {});
  const origin = randomBytes(9).toString('base64url');
  const listeners = new Set<ChangeListener>();
  let pending = new Map<string, MutableChanges>();
  let timer: NodeJS.Timeout | undefined;
  let stop: (() => Promise<void>) | undefined;
  let started: Promise<void> | undefined;
  let closed = false;
  let heartbeat: NodeJS.Timeout | undefined;
  let heard = true;
  /** The last beat's NOTIFY: still queued or running, or when PostgreSQL took it. */
  let beatSent: 'pending' | number = 0;
  let listens = 0;
  let resolveListening: () => void = () => {};
  const listening = new Promise<void>((resolve) => (resolveListening = resolve));

  const flush = () => {
    timer = undefined;
    const tables = pending;
    pending = new Map();
    for (const listener of [...listeners]) listener.batch(tables);
  };
  const missed = () => {
    for (const listener of [...listeners]) listener.missed();
  };
  const hear = (payload: string) => {
    const change = readPayload(payload);
    if (change === undefined) return;
    if ('beat' in change) {
      if (change.beat === origin) heard = true;
      return;
    }
    let table = pending.get(change.table);
    if (table === undefined) {
      table = { keys: { INSERT: [], UPDATE: [], DELETE: [] }, seen: new Set(), unkeyed: false };
      pending.set(change.table, table);
    }
    if (change.keys === undefined) table.unkeyed = true;
    else {
      for (const key of change.keys) {
        const id = `${change.op}\0${JSON.stringify(key)}`;
        if (table.seen.has(id)) continue;
        table.seen.add(id);
        table.keys[change.op].push(key);
      }
    }
    timer ??= setTimeout(flush, batchMs);
  };
  /** LISTEN until it works (or the changes are closed); every LISTEN after the first is a gap. */
  const listen = async (): Promise<void> => {
    const listenOn = client.listen;
    if (closed) return;
    if (listenOn === undefined) {
      onError(new Error(`The ${client.driver} client cannot LISTEN`));
      return;
    }
    await retryWithBackoff(
      async () => {
        stop = await listenOn.call(client, channel, hear, () => {
          listens += 1;
          heard = true;
          if (listens > 1) missed();
        });
      },
      () => closed,
      onError,
    );
  };
  const relisten = async () => {
    const old = stop;
    stop = undefined;
    await old?.().catch(() => undefined);
    await listen();
  };
  const beat = () => {
    if (closed || stop === undefined) return;
    // Still waiting behind other statements for the pool (a loaded process, whose event loop
    // also reads the notifications late): not a sign that the LISTEN connection is lost.
    if (beatSent === 'pending') return;
    if (!heard) {
      // Taken by PostgreSQL a while ago, and never heard: the LISTEN connection is gone, whatever
      // the driver thinks.
      if (performance.now() - beatSent < heartbeatMs / 2) return;
      heard = true;
      void relisten();
      return;
    }
    heard = false;
    beatSent = 'pending';
    client.query('SELECT pg_notify($1, $2)', [channel, JSON.stringify({ beat: origin })]).then(
      () => (beatSent = performance.now()),
      (error: unknown) => {
        // Not sent (a read replica refuses NOTIFY; the database is down): nothing to wait for.
        beatSent = performance.now();
        heard = true;
        onError(error);
      },
    );
  };

  return {
    subscribe(listener) {
      listeners.add(listener);
      if (started === undefined) {
        started = listen().then(resolveListening);
        if (heartbeatMs > 0) {
          heartbeat = setInterval(beat, heartbeatMs);
          heartbeat.unref();
        }
      }
      return () => listeners.delete(listener);
    },
    listening,
    async close() {
      closed = true;
      if (heartbeat !== undefined) clearInterval(heartbeat);
      if (timer !== undefined) clearTimeout(timer);
      await started;
      await stop?.().catch(() => undefined);
    },
  };
}

interface MutableChanges {
  keys: Record<ChangeOp, unknown[][]>;
  seen: Set<string>;
  unkeyed: boolean;
}

type Heard =
  | { readonly table: string; readonly op: ChangeOp; readonly keys: unknown[][] | undefined }
  | { readonly beat: string };

/** A notification's change, or undefined for one that is not of this channel's shape. */
function readPayload(payload: string): Heard | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(payload);
  } catch {
    return undefined;
  }
  if (typeof parsed !== 'object' || parsed === null) return undefined;
  const message = parsed as { t?: unknown; op?: unknown; k?: unknown; beat?: unknown };
  if (typeof message.beat === 'string') return { beat: message.beat };
  if (typeof message.t !== 'string' || !OPS.includes(message.op as ChangeOp)) return undefined;
  const keys =
    Array.isArray(message.k) && message.k.every(Array.isArray)
      ? (message.k as unknown[][])
      : undefined;
  return { table: message.t, op: message.op as ChangeOp, keys };
}
