import { createPgChanges } from '../pg/realtime/createPgChanges.js';
import {
  catalogVersion,
  createInflector,
  createPgInvalidation,
  reflect,
  type ReflectOptions,
  type Reflection,
  type SqlClient,
} from '../pg/index.js';
import { DEFAULT_LIMITS } from '../pg/schema/buildModel.js';
import type { Logger } from '../server/index.js';
import { CliError, ExitCode } from './ExitCode.js';
import { withDatabaseErrorLog, type DatabaseContext } from './logDatabaseErrors.js';
import { authContext, contextSettings, type RequestAuth } from './loadRequestAuth.js';
import { describeDatabaseError } from './openDatabase.js';
import type { ServeConfig } from './options.js';
import type { ServeSource } from './startServer.js';

/** The bounds of reflected fields, by config key (ModelOptions; the flags are their kebab-case). */
const REFLECT_LIMITS = [
  'defaultPageSize',
  'maxPageSize',
  'maxFilterDepth',
  'maxPatternLength',
  'maxListLength',
  'maxMutationRows',
] as const;

/**
 * The reflection options of `serve` / `demo` / `explain` (`--database-schemas`, `--tables`,
 * `--max-page-size`, …). A default page size over the largest one is bad usage, said before any
 * database is opened or seeded.
 */
export function reflectOptions(
  config: Pick<
    ServeConfig,
    | 'databaseSchemas'
    | 'tables'
    | 'excludeTables'
    | 'allowUnfilteredWrites'
    | 'readOnly'
    | 'plainRows'
    | 'rename'
    | 'inflector'
    | 'viewKeys'
    | 'relay'
    | (typeof REFLECT_LIMITS)[number]
  >,
): ReflectOptions {
  const limits: Partial<Record<(typeof REFLECT_LIMITS)[number], number>> = {};
  for (const key of REFLECT_LIMITS) {
    const value = config[key];
    if (value !== undefined) limits[key] = value;
  }
  const pageSize = limits.defaultPageSize ?? DEFAULT_LIMITS.defaultPageSize;
  const maxPageSize = limits.maxPageSize ?? DEFAULT_LIMITS.maxPageSize;
  if (pageSize > maxPageSize) {
    throw new CliError(
      ExitCode.USAGE,
      `--default-page-size (${pageSize}) must not be larger than --max-page-size (${maxPageSize}).`,
    );
  }
  return {
    ...(config.databaseSchemas ? { schemas: config.databaseSchemas } : {}),
    ...(config.tables ? { include: config.tables } : {}),
    ...(config.excludeTables ? { exclude: config.excludeTables } : {}),
    ...(config.allowUnfilteredWrites ? { allowUnfilteredWrites: true } : {}),
    ...(config.readOnly ? { mutations: false } : {}),
    ...(config.plainRows ? { plainRows: true } : {}),
    ...(config.rename ? { rename: config.rename } : {}),
    ...(config.inflector ? { inflector: createInflector(config.inflector) } : {}),
    ...(config.viewKeys ? { viewKeys: config.viewKeys } : {}),
    ...(config.relay ? { relay: true } : {}),
    ...limits,
  };
}

/**
 * Reflects the database behind `client`. A catalog query the database refuses exits with 8; a
 * catalog Sluice cannot turn into a schema (no table to serve, two names given to one thing) with 5.
 */
export async function reflectDatabase(
  client: SqlClient,
  options: ReflectOptions,
  label: string,
): Promise<Reflection> {
  let reflection: Reflection;
  try {
    reflection = await reflect(client, options);
  } catch (error) {
    // postgres.js and PGlite errors carry a SQLSTATE or a system error code; the model
    // builder's (a name given twice, …) carry none.
    if (typeof (error as { code?: unknown } | null)?.code === 'string') {
      throw new CliError(
        ExitCode.DATABASE,
        `Cannot read the catalog of ${label}: ${describeDatabaseError(error)}`,
      );
    }
    throw new CliError(
      ExitCode.BAD_SCHEMA,
      `Cannot build a GraphQL schema from ${label}: ${(error as Error).message}`,
    );
  }
  if (reflection.model.rootFields.size === 0) {
    const schemas = (options.schemas ?? ['public']).join(', ');
    throw new CliError(
      ExitCode.BAD_SCHEMA,
      `${label} has no table or view to serve in schema ${schemas}` +
        (options.include || options.exclude ? ' (after --tables / --exclude-tables).' : '.'),
    );
  }
  return reflection;
}

/**
 * A database as what `startServer` serves: the reflected schema, a readiness check that asks the
 * database (GET /ready: 503 while it does not answer), and `close`, which ends the pool (or
 * PGlite) after the server has drained. Each request's context carries its id (and with `auth`,
 * the role and settings of its verified token, see loadRequestAuth.ts), and every
 * statement PostgreSQL refuses is logged with it (level error). Each name reflection had to change
 * (a collision) is logged at level warn.
 */
export async function loadDatabaseSource(
  client: SqlClient,
  options: ReflectOptions,
  label: string,
  logger: Logger,
  auth?: RequestAuth,
  changeEvents = false,
): Promise<ServeSource> {
  // One LISTEN for change events, shared by every schema a reload reflects.
  const changes = changeEvents
    ? createPgChanges(client, {
        onError: (error) => logger.warn('change events: LISTEN failed', { error }),
      })
    : undefined;
  const logged = withDatabaseErrorLog(
    {
      ...(auth ? { ...options, pgSettings: contextSettings } : options),
      ...(changes ? { changeEvents: changes } : {}),
    },
    logger,
  );
  const schemas = options.schemas ?? ['public'];
  // The version the first reflection read (or older): DDL that lands before the watch's first
  // look is then seen as a change.
  const reflectedVersion = await catalogVersion(client, schemas).catch(() => undefined);
  const { schema, warnings } = await reflectDatabase(client, logged, label);
  for (const warning of warnings) logger.warn(warning);
  return {
    schema,
    reload: async () => {
      const again = await reflectDatabase(client, logged, label);
      for (const warning of again.warnings) logger.warn(warning);
      return again.schema;
    },
    watch: (onChange, intervalMs) =>
      watchCatalog(client, schemas, onChange, intervalMs, logger, reflectedVersion),
    // The role and settings a request runs with decide what it may read: they key its cache entry.
    ...(auth
      ? {
          cacheScope: (_request: unknown, contextValue: unknown) =>
            settingsScope((contextValue as DatabaseContext | undefined)?.pgSettings),
        }
      : {}),
    contextValue: auth
      ? authContext(auth)
      : (_request, scope): DatabaseContext => ({ requestId: scope.requestId }),
    readiness: async () => {
      const rows = await client.query('SELECT 1');
      return rows.length === 1;
    },
    // LISTENs only once a result cache subscribes to it (--cache-bytes).
    invalidation: createPgInvalidation(client, {
      onError: (error) => logger.warn('result cache invalidation failed', { error }),
    }),
    close: async () => {
      await changes?.close();
      await client.end();
    },
  };
}

/**
 * Asks the database for its catalog version (catalogVersion) every `intervalMs` and calls
 * `onChange` when it differs from the last one. A failed look (the database is down) is skipped;
 * the next one compares again. Returns the function that stops watching.
 */
function watchCatalog(
  client: SqlClient,
  schemas: ReadonlyArray<string>,
  onChange: () => void,
  intervalMs: number,
  logger: Logger,
  reflectedVersion?: string,
): () => void {
  let last: string | undefined = reflectedVersion;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const look = async () => {
    try {
      const version = await catalogVersion(client, schemas);
      if (last !== undefined && version !== last) onChange();
      last = version;
    } catch (error) {
      logger.debug('catalog watch: no answer', { error: describeDatabaseError(error) });
    }
    if (!stopped) {
      timer = setTimeout(() => void look(), intervalMs);
      timer.unref();
    }
  };
  void look();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}

/** One text for a request's role and settings (names sorted): equal texts, equal rights. */
function settingsScope(settings: DatabaseContext['pgSettings']): string {
  if (settings === undefined) return '';
  const entries = Object.entries(settings.settings).sort(([a], [b]) =>
    a < b ? -1 : a > b ? 1 : 0,
  );
  return JSON.stringify([settings.role ?? null, entries]);
}
