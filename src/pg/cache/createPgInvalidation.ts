import { randomBytes } from 'node:crypto';
import { ANY_WRITE } from '../../engine/index.js';
import type { SqlClient } from '../driver/SqlClient.js';

/** The channel result caches share invalidations on (docs/cache.md, "Invalidation"). */
export const INVALIDATION_CHANNEL = 'sluice_cache_invalidate';

/** PostgreSQL refuses NOTIFY payloads of 8,000 bytes or more; past this, everything is invalidated. */
const MAX_PAYLOAD_BYTES = 7_900;

export interface PgInvalidationOptions {
  /** Default `sluice_cache_invalidate`. */
  readonly channel?: string;
  /** A failed LISTEN or NOTIFY (the database went away): for logs. Default: ignored. */
  readonly onError?: (error: unknown) => void;
}

/** A result cache's invalidation bus over LISTEN/NOTIFY (sluice/server's `InvalidationBus`). */
export interface PgInvalidation {
  publish(tags: ReadonlyArray<string>): void;
  subscribe(listener: (tags: ReadonlyArray<string>) => void): void;
  /** False from a lost LISTEN connection until it LISTENs again. */
  hearing(): boolean;
  /** Settles once LISTEN is in place (after the first `subscribe`). */
  readonly listening: Promise<void>;
  /** Stops listening (the client's `end` does too). */
  close(): Promise<void>;
}

/**
 * Invalidations between processes through PostgreSQL: `publish` sends
 * `pg_notify(channel, '{"origin":…,"tags":[…]}')` (a parameter, never SQL text) after a mutation
 * committed, and one LISTEN connection per process hears the others'. A payload that is a JSON
 * array of tags (what a trigger would send: `["public.posts"]`) is heard too; an empty or unreadable
 * one invalidates everything. A process ignores its own notifications (it invalidated already).
 */
export function createPgInvalidation(
  client: SqlClient,
  options: PgInvalidationOptions = {},
): PgInvalidation {
  const channel = options.channel ?? INVALIDATION_CHANNEL;
  const onError = options.onError ?? (() => {});
  const origin = randomBytes(9).toString('base64url');
  const listeners: Array<(tags: ReadonlyArray<string>) => void> = [];
  let stop: (() => Promise<void>) | undefined;
  let started: Promise<void> | undefined;
  let lost = false;
  let resolveListening: () => void = () => {};
  const listening = new Promise<void>((resolve) => (resolveListening = resolve));

  const hear = (payload: string) => {
    const tags = readPayload(payload, origin);
    if (tags === null) return;
    for (const listener of listeners) listener(tags);
  };

  return {
    publish(tags) {
      let payload = JSON.stringify({ origin, tags });
      if (Buffer.byteLength(payload) > MAX_PAYLOAD_BYTES)
        payload = JSON.stringify({ origin, tags: [ANY_WRITE] });
      client.query('SELECT pg_notify($1, $2)', [channel, payload]).catch(onError);
    },
    subscribe(listener) {
      listeners.push(listener);
      if (started !== undefined) return;
      if (client.listen === undefined) {
        onError(new Error(`The ${client.driver} client cannot LISTEN`));
        resolveListening();
        return;
      }
      // Each LISTEN after the first follows a lost connection: what was notified in between was
      // missed, so everything is invalidated.
      let listens = 0;
      const relistened = () => {
        lost = false;
        if (listens++ === 0) return;
        for (const listener of listeners) listener([ANY_WRITE]);
      };
      started = client
        .listen(channel, hear, relistened, () => (lost = true))
        .then(
          (unlisten) => {
            stop = unlisten;
            resolveListening();
          },
          (error: unknown) => {
            onError(error);
            resolveListening();
          },
        );
    },
    hearing: () => !lost,
    listening,
    async close() {
      await started;
      await stop?.();
    },
  };
}

/** The tags a payload names; null for this process's own. */
function readPayload(payload: string, origin: string): ReadonlyArray<string> | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(payload);
  } catch {
    return [ANY_WRITE];
  }
  if (isTags(parsed)) return parsed;
  if (typeof parsed === 'object' && parsed !== null) {
    const message = parsed as { origin?: unknown; tags?: unknown };
    if (message.origin === origin) return null;
    if (isTags(message.tags)) return message.tags;
  }
  return [ANY_WRITE];
}

function isTags(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((tag) => typeof tag === 'string');
}
