import { resolve } from 'node:path';
import {
  connect,
  createReplicatedClient,
  type ConnectOptions,
  type SqlClient,
} from '../pg/index.js';
import { DEFAULTS } from '../server/createHandler.js';
import { CliError, ExitCode } from './ExitCode.js';
import type { ServeConfig } from './options.js';

/** Where `--database` points: a PostgreSQL server, or an embedded PGlite data directory. */
export type DatabaseTarget =
  | { readonly kind: 'server'; readonly url: string; readonly label: string }
  | { readonly kind: 'pglite'; readonly dataDir: string; readonly label: string };

/** How long `sluice` waits for a server to accept a connection before saying it cannot. */
const CONNECT_TIMEOUT_MS = 10_000;

/**
 * Reads `--database`: a `postgres://` / `postgresql://` URL, or `pglite:<dir>` (relative to the
 * working directory). Anything else is bad usage. The label names the target in messages, with
 * the password hidden.
 */
export function databaseTarget(text: string, cwd: string, flag = '--database'): DatabaseTarget {
  if (text.startsWith('pglite:')) {
    const dir = text.slice('pglite:'.length);
    if (dir === '') throw new CliError(ExitCode.USAGE, `${flag}: pglite: needs a directory.`);
    const dataDir = resolve(cwd, dir);
    return { kind: 'pglite', dataDir, label: `PGlite in ${dataDir}` };
  }
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new CliError(
      ExitCode.USAGE,
      `${flag}: expected a postgres:// URL or pglite:<dir>, got ${JSON.stringify(redact(text))}.`,
    );
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') {
    throw new CliError(
      ExitCode.USAGE,
      `${flag}: expected a postgres:// URL or pglite:<dir>, got a ${url.protocol} URL.`,
    );
  }
  if (url.password) url.password = '***';
  const database = decodeURIComponent(url.pathname.slice(1)) || '(default database)';
  return {
    kind: 'server',
    url: text,
    label: `PostgreSQL at ${url.host || 'localhost'}, database ${database}`,
  };
}

/**
 * Reads `--pg-settings`: `name=value` entries (PostgreSQL run-time parameters); `name=` keeps the
 * server's value instead of Sluice's. Names are checked, values go to the server as they are (as
 * startup parameters: never into SQL text), which refuses an unknown name or a bad value.
 */
export function parsePgSettings(entries: ReadonlyArray<string>): Record<string, string | null> {
  const settings: Record<string, string | null> = {};
  for (const entry of entries) {
    const at = entry.indexOf('=');
    const name = at < 0 ? entry : entry.slice(0, at).trim();
    if (at < 0 || !/^[A-Za-z_][A-Za-z0-9_.]*$/.test(name)) {
      throw new CliError(
        ExitCode.USAGE,
        `--pg-settings: expected name=value entries, got ${JSON.stringify(entry)}.`,
      );
    }
    const value = entry.slice(at + 1).trim();
    settings[name] = value === '' ? null : value;
  }
  return settings;
}

export type DatabasePoolOptions = Pick<
  ConnectOptions,
  | 'max'
  | 'acquireTimeoutMs'
  | 'statementTimeoutMs'
  | 'maxPreparedStatements'
  | 'maxPreparedStatementBytes'
  | 'settings'
>;

/**
 * The statement timeout when none is set: just under the operation's (`--timeout-ms`), so that
 * PostgreSQL cancels a runaway statement (DATABASE_TIMEOUT, 504) before the server gives up on
 * the operation and leaves the statement running.
 */
export function defaultStatementTimeoutMs(operationTimeoutMs: number): number {
  return operationTimeoutMs - Math.min(500, Math.floor(operationTimeoutMs / 10));
}

/** The pool of `serve --database` (`--pool-size`, `--pool-acquire-timeout-ms`, …). */
export function poolOptions(
  config: Pick<
    ServeConfig,
    | 'poolSize'
    | 'poolAcquireTimeoutMs'
    | 'statementTimeoutMs'
    | 'timeoutMs'
    | 'maxPreparedStatements'
    | 'maxPreparedStatementBytes'
    | 'pgSettings'
  >,
): DatabasePoolOptions {
  return {
    ...(config.poolSize !== undefined ? { max: config.poolSize } : {}),
    ...(config.poolAcquireTimeoutMs !== undefined
      ? { acquireTimeoutMs: config.poolAcquireTimeoutMs }
      : {}),
    statementTimeoutMs:
      config.statementTimeoutMs ??
      defaultStatementTimeoutMs(config.timeoutMs ?? DEFAULTS.timeoutMs),
    ...(config.maxPreparedStatements !== undefined
      ? { maxPreparedStatements: config.maxPreparedStatements }
      : {}),
    ...(config.maxPreparedStatementBytes !== undefined
      ? { maxPreparedStatementBytes: config.maxPreparedStatementBytes }
      : {}),
    ...(config.pgSettings !== undefined ? { settings: parsePgSettings(config.pgSettings) } : {}),
  };
}

/** A URL-looking text with anything between `:` and `@` hidden (it may be a password). */
function redact(text: string): string {
  return text.replace(/:[^:@/]*@/, ':***@');
}

/**
 * Connects and checks that the database answers (postgres.js connects lazily, so a bad URL would
 * otherwise surface at the first request). Failures become exit code 8 with the reason in words.
 */
export async function openDatabase(
  target: DatabaseTarget,
  pool: DatabasePoolOptions = {},
  replicas?: ReadReplicas,
): Promise<SqlClient> {
  let client: SqlClient | undefined;
  try {
    client =
      target.kind === 'server'
        ? await connect({ url: target.url, connectTimeoutMs: CONNECT_TIMEOUT_MS, ...pool })
        : await connect({
            dataDir: target.dataDir,
            ...(pool.settings === undefined ? {} : { settings: pool.settings }),
          });
    await client.query('SELECT 1');
  } catch (error) {
    await client?.end().catch(() => {});
    throw new CliError(
      ExitCode.DATABASE,
      `Cannot use ${target.label}: ${describeDatabaseError(error)}`,
    );
  }
  if (!replicas || replicas.targets.length === 0) return client;
  if (target.kind !== 'server') {
    await client.end().catch(() => {});
    throw new CliError(ExitCode.USAGE, '--read-replica needs --database to be a postgres:// URL.');
  }
  return openReplicas(client, replicas, pool);
}

/** How long a read replica that failed is left out before it is tried again. */
const REPLICA_RETRY_MS = 5_000;

/** `--read-replica`: each a postgres:// server, and what to tell when one cannot be used. */
export interface ReadReplicas {
  readonly targets: ReadonlyArray<DatabaseTarget>;
  readonly warn: (message: string) => void;
}

/**
 * The primary with its replicas in front for reads. A replica that does not answer at start is
 * kept (it is tried again later, as after any failure) and named in a warning: a server must not
 * refuse to start because a standby is down.
 */
async function openReplicas(
  primary: SqlClient,
  { targets, warn }: ReadReplicas,
  pool: DatabasePoolOptions,
): Promise<SqlClient> {
  const clients: SqlClient[] = [];
  for (const replica of targets) {
    if (replica.kind !== 'server') {
      await Promise.all([primary, ...clients].map((c) => c.end().catch(() => {})));
      throw new CliError(ExitCode.USAGE, `--read-replica: ${replica.label} is not a server.`);
    }
    const client = await connect({
      url: replica.url,
      connectTimeoutMs: CONNECT_TIMEOUT_MS,
      ...pool,
    });
    try {
      await client.query('SELECT 1');
    } catch (error) {
      warn(`Read replica ${replica.label} does not answer yet: ${describeDatabaseError(error)}`);
    }
    clients.push(client);
  }
  return createReplicatedClient(primary, clients, {
    retryAfterMs: REPLICA_RETRY_MS,
    onReplicaDown: (at, error) =>
      warn(
        `Read replica ${targets[at]!.label} left out for ${REPLICA_RETRY_MS / 1000} s, reads go elsewhere: ${describeDatabaseError(error)}`,
      ),
  });
}

/** The reason a connection or a catalog query failed, in words (the codes are postgres.js's). */
export function describeDatabaseError(error: unknown): string {
  const e = error as { code?: unknown; message?: unknown; errors?: unknown } | null;
  const code = typeof e?.code === 'string' ? e.code : '';
  const message = typeof e?.message === 'string' ? e.message : String(error);
  switch (code) {
    case 'ECONNREFUSED':
      return 'connection refused (is PostgreSQL running, on that host and port?).';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return 'unknown host.';
    case 'CONNECT_TIMEOUT':
    case 'ETIMEDOUT':
      return `no answer within ${CONNECT_TIMEOUT_MS / 1000} s.`;
    case '28P01':
    case '28000':
      return `the server refused the login: ${message}.`;
    case '3D000':
      return `${message} (create it, or fix the URL).`;
  }
  // Node's AggregateError (several addresses tried) keeps the causes in `errors`.
  if (message === '' && Array.isArray(e?.errors) && e.errors.length > 0)
    return describeDatabaseError(e.errors[0]);
  return code ? `${message} (${code}).` : `${message}.`;
}
