import { createPgliteClient } from './createPgliteClient.js';
import { createPostgresClient } from './createPostgresClient.js';
import type { PoolOptions, SqlClient } from './SqlClient.js';

export interface ConnectOptions extends PoolOptions {
  /** A `postgres://` URL. Without one, an in-process PGlite database is used. */
  readonly url?: string | undefined;
  /** PGlite only: a directory to keep the embedded database in (default: in memory). */
  readonly dataDir?: string;
}

/** A client for `url` (pooled postgres.js), or an embedded PGlite database when no URL is given. */
export async function connect(options: ConnectOptions = {}): Promise<SqlClient> {
  if (options.url) return createPostgresClient(options.url, options);
  return createPgliteClient({
    ...(options.dataDir === undefined ? {} : { dataDir: options.dataDir }),
    ...(options.settings === undefined ? {} : { settings: options.settings }),
  });
}
