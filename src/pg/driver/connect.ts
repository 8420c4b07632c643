import { createPgliteClient } from './createPgliteClient.js';
import { createPostgresClient } from './createPostgresClient.js';
import { createReplicatedClient, type ReplicaOptions } from './createReplicatedClient.js';
import type { PoolOptions, SqlClient } from './SqlClient.js';

export interface ConnectOptions extends PoolOptions, ReplicaOptions {
  /** A `postgres://` URL. Without one, an in-process PGlite database is used. */
  readonly url?: string | undefined;
  /**
   * `postgres://` URLs of read replicas of `url` (streaming standbys): statements outside a
   * transaction go to them in turn, each with a pool like the primary's (createReplicatedClient).
   */
  readonly readReplicas?: ReadonlyArray<string>;
  /** PGlite only: a directory to keep the embedded database in (default: in memory). */
  readonly dataDir?: string;
}

/** A client for `url` (pooled postgres.js), or an embedded PGlite database when no URL is given. */
export async function connect(options: ConnectOptions = {}): Promise<SqlClient> {
  const replicas = options.readReplicas ?? [];
  if (options.url) {
    const primary = createPostgresClient(options.url, options);
    if (replicas.length === 0) return primary;
    return createReplicatedClient(
      primary,
      replicas.map((url) => createPostgresClient(url, options)),
      options,
    );
  }
  if (replicas.length > 0) throw new Error('Read replicas need a primary server URL, not PGlite.');
  return createPgliteClient({
    ...(options.dataDir === undefined ? {} : { dataDir: options.dataDir }),
    ...(options.settings === undefined ? {} : { settings: options.settings }),
  });
}
