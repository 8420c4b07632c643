import type { GraphQLSchema } from 'graphql';
import { createEngine, type EngineOptions } from '../engine/index.js';
import {
  createJsonLogger,
  createSluiceServer,
  withCachedDirective,
  type HttpRequest,
  type InvalidationBus,
  type Logger,
  type ResultCacheOptions,
  type ServerOptions,
  type SluiceServerOptions,
} from '../server/index.js';
import { CliError, ExitCode } from './ExitCode.js';
import type { CliIO } from './io.js';
import { checkPersistedDocuments } from './checkPersistedDocuments.js';
import { loadPersistedDocuments } from './loadPersistedDocuments.js';
import type { ServeConfig } from './options.js';
import { announceWorker, isWorker } from './runWorkers.js';
import { createSchemaReloader } from './createSchemaReloader.js';

export interface ServeSource {
  readonly schema: GraphQLSchema;
  /** Shown in GraphiQL's editor on first visit. */
  readonly defaultQuery?: string;
  /** Each request's GraphQL context (`ServerOptions.contextValue`). */
  readonly contextValue?: ServerOptions['contextValue'];
  /** Dependencies reachable? (GET /ready) */
  readonly readiness?: () => Promise<boolean> | boolean;
  /** How writes reach the result caches of other processes (a database: LISTEN/NOTIFY). */
  readonly invalidation?: InvalidationBus;
  /** Releases what the source holds (a database), after the server has closed. */
  readonly close?: () => Promise<void> | void;
  /**
   * The result cache's scope of a request (ResultCacheOptions.scope): who the answer is for,
   * e.g. the role and settings a verified token gave it.
   */
  readonly cacheScope?: (request: HttpRequest, contextValue: unknown) => string | undefined;
  /** Builds the schema again (a reflected database whose catalog changed: SIGHUP, `--watch`). */
  readonly reload?: () => Promise<GraphQLSchema>;
  /** Calls `onChange` when `reload` would read something new; returns what stops watching. */
  readonly watch?: (onChange: () => void, intervalMs: number) => () => void;
}

/** The JSON-line logger on stdout, at `--log-level`. */
export function cliLogger(config: Pick<ServeConfig, 'logLevel'>, io: CliIO): Logger {
  return createJsonLogger((line) => io.stdout.write(line), config.logLevel);
}

/**
 * The engine's options from the config. The input size limits (`maxDocumentBytes`,
 * `maxVariablesBytes`, `maxInputDepth`) are passed through by name like the other limits.
 */
export function engineOptions(
  schema: GraphQLSchema,
  config: ServeConfig,
  logger: Logger,
): EngineOptions {
  const limits: Record<string, number> = {};
  for (const key of [
    'maxTokens',
    'maxDepth',
    'maxAliases',
    'maxDirectives',
    'maxCost',
    'maxDocumentBytes',
    'maxVariablesBytes',
    'maxInputDepth',
    'planCacheSize',
    'planCacheBytes',
  ] as const) {
    const value = config[key];
    if (value !== undefined) limits[key] = value;
  }
  return {
    schema,
    ...limits,
    introspection: config.introspection,
    hideSuggestions: config.hideSuggestions,
    maskErrors: config.production,
    onUnexpectedError: (error) =>
      logger.error('unexpected error', {
        message: error.message,
        path: error.path,
        error: error.originalError ?? error,
      }),
  };
}

export function serverOptions(
  config: ServeConfig,
  source: ServeSource,
  logger: Logger,
  cwd: string,
): SluiceServerOptions {
  const optional: Record<string, unknown> = {};
  for (const key of ['maxBodyBytes', 'timeoutMs', 'requestTimeoutMs', 'shutdownGraceMs'] as const) {
    if (config[key] !== undefined) optional[key] = config[key];
  }
  const realtime: Record<string, number> = {};
  for (const key of [
    'connectionInitTimeoutMs',
    'keepAliveMs',
    'maxSubscriptionsPerConnection',
    'maxQueuedMessages',
    'maxQueuedBytes',
  ] as const) {
    const value = config[key];
    if (value !== undefined) realtime[key] = value;
  }
  // Mode off ignores every document: a list given without a mode to use it is a mistake, not a
  // silent no-op that runs any document and none by its id.
  if (config.persistedDocuments && config.persisted === 'off') {
    throw new CliError(
      ExitCode.CONFIG,
      '--persisted-documents needs --persisted trusted or apq: in mode "off" the file would be ignored.',
    );
  }
  const persisted = config.persistedDocuments
    ? loadPersistedDocuments(config.persistedDocuments, cwd)
    : undefined;
  const documents = persisted?.documents;
  if (config.persisted === 'trusted' && !documents) {
    throw new CliError(
      ExitCode.CONFIG,
      'persisted mode "trusted" needs --persisted-documents <file> (the allowlist).',
    );
  }
  const cache = cacheOptions(config, source);
  // With a result cache, queries may say `@cached(ttl: …)`: the schema declares it.
  const schema = cache === undefined ? source.schema : withCachedDirective(source.schema);
  const engine = createEngine(engineOptions(schema, config, logger));
  if (persisted !== undefined)
    checkPersistedDocuments(persisted.documents, persisted.path, engine, logger);
  return {
    engine,
    ...(cache === undefined ? {} : { cache }),
    path: config.path,
    graphiql: config.graphiql
      ? source.defaultQuery !== undefined
        ? { defaultQuery: source.defaultQuery }
        : {}
      : false,
    csrf: config.csrf,
    cors: config.cors ? { origin: config.cors.includes('*') ? '*' : config.cors } : false,
    compression: config.compression,
    metrics: config.metrics,
    realtime: config.realtime ? realtime : false,
    persisted: {
      mode: config.persisted,
      ...(documents ? { documents } : {}),
      ...(config.maxDocumentBytes !== undefined
        ? { maxDocumentBytes: config.maxDocumentBytes }
        : {}),
    },
    validationErrorStatus: config.validationErrorStatus === '422' ? 422 : 400,
    maskErrors: config.production,
    logger,
    ...(source.readiness ? { readiness: source.readiness } : {}),
    ...(source.contextValue ? { contextValue: source.contextValue } : {}),
    ...optional,
  };
}

/** The result cache from `--cache-*` (docs/cache.md); undefined when `--cache-bytes` is 0. */
export function cacheOptions(
  config: Pick<
    ServeConfig,
    'cacheBytes' | 'cacheTtl' | 'cacheFields' | 'cacheOperations' | 'cacheAdmission'
  >,
  source: Pick<ServeSource, 'invalidation' | 'cacheScope'>,
): ResultCacheOptions | undefined {
  if (config.cacheBytes <= 0) return undefined;
  const ttl = config.cacheTtl;
  const each = (names: string[] | undefined) =>
    names === undefined ? undefined : Object.fromEntries(names.map((name) => [name, ttl]));
  const fields = each(config.cacheFields);
  const operations = each(config.cacheOperations);
  return {
    maxBytes: config.cacheBytes,
    ttl,
    admission: config.cacheAdmission,
    ...(fields ? { fields } : {}),
    ...(operations ? { operations } : {}),
    ...(source.invalidation ? { invalidation: source.invalidation } : {}),
    ...(source.cacheScope ? { scope: source.cacheScope } : {}),
  };
}

/** Gives SIGHUP its handler: from then on, and at once for one that came before. */
export type Hangups = (handler: () => void) => void;

/**
 * Called as `serve` starts, before the source loads: a SIGHUP until the server handles its own
 * (reflecting a database takes a while) neither ends the process (node's default) nor is lost,
 * but waits for the handler `startServer` gives once it listens.
 */
export function holdHangups(io: CliIO): Hangups {
  let handler: (() => void) | undefined;
  let held = false;
  io.onSignal('SIGHUP', () => {
    if (handler) handler();
    else held = true;
  });
  return (given) => {
    handler = given;
    if (held) {
      held = false;
      given();
    }
  };
}

/**
 * Serves `source` until SIGTERM or SIGINT, then shuts down gracefully (stop accepting, let
 * in-flight requests finish, release the source) and resolves with the exit code.
 */
export async function startServer(
  source: ServeSource,
  config: ServeConfig,
  io: CliIO,
  logger: Logger = cliLogger(config, io),
  hangups: Hangups = holdHangups(io),
): Promise<number> {
  const server = createSluiceServer(serverOptions(config, source, logger, io.cwd));
  const reloader = source.reload
    ? createSchemaReloader(
        source.schema,
        source.reload,
        (schema) => {
          // As at start: with a result cache, the schema declares @cached.
          const served = config.cacheBytes > 0 ? withCachedDirective(schema) : schema;
          server.replaceEngine(createEngine(engineOptions(served, config, logger)));
        },
        logger,
      )
    : undefined;
  try {
    await server.listen(config.port, config.host);
  } catch (error) {
    await source.close?.();
    const err = error as NodeJS.ErrnoException;
    if (err.code === 'EADDRINUSE') {
      throw new CliError(
        ExitCode.PORT_IN_USE,
        `Port ${config.port} on ${config.host} is already in use. Choose another with --port or SLUICE_PORT.`,
      );
    }
    throw new CliError(
      ExitCode.LISTEN_FAILED,
      `Cannot listen on ${config.host}:${config.port}: ${err.message}`,
    );
  }
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  const url = `http://${host}:${port}${config.path}`;
  const stopWatching =
    reloader && config.watch && source.watch
      ? source.watch(() => reloader('catalog changed'), config.watchIntervalMs)
      : undefined;
  // Signal handlers first, then the announcement: a supervisor may signal as soon as it reads
  // the URL, and a SIGTERM before the handlers would kill the process without draining.
  const stopped = new Promise<number>((resolve) => {
    let stopping = false;
    const stop = (signal: string) => {
      if (stopping) {
        io.stderr.write(`\n${signal} again: exiting without waiting.\n`);
        resolve(130);
        return;
      }
      stopping = true;
      stopWatching?.();
      logger.info('signal', { signal });
      io.stderr.write(`\n${signal}: finishing in-flight requests, then exiting…\n`);
      void server
        .close()
        .then(() => source.close?.())
        .then(
          () => {
            logger.info('stopped');
            resolve(ExitCode.OK);
          },
          (error: unknown) => {
            logger.error('shutdown failed', { error });
            resolve(ExitCode.FAILURE);
          },
        );
    };
    io.onSignal('SIGTERM', () => stop('SIGTERM'));
    // Without a reload (a schema module) SIGHUP is ignored: node's default would end the server.
    hangups(() =>
      reloader ? reloader('SIGHUP') : logger.info('signal', { signal: 'SIGHUP', reload: false }),
    );
    if (isWorker()) {
      // Ctrl+C reaches every process of the group: the primary handles it (and sends SIGTERM),
      // so a worker's own SIGINT must neither kill it nor count as a second signal.
      io.onSignal('SIGINT', () => {});
      // The primary is gone (killed): nobody hands out connections any more.
      process.once('disconnect', () => {
        if (!stopping) stop('primary exited');
      });
      return;
    }
    io.onSignal('SIGINT', () => stop('SIGINT'));
    // A parent that exits after passing a signal on (npm) is no second signal.
    io.onParentExit?.(() => {
      if (!stopping) stop('parent exited');
    });
  });
  logger.info('listening', { url, pid: process.pid, production: config.production });
  if (isWorker()) {
    // The primary prints the banner once every worker listens.
    announceWorker(url);
    return stopped;
  }
  // One write, so whoever watches for the URL line also gets the rest of the banner.
  io.stderr.write(
    `\nSluice is serving GraphQL at ${url}\n` +
      (config.graphiql ? `GraphiQL:   open ${url} in a browser\n` : '') +
      (config.realtime
        ? `Realtime:   ws${url.slice(4)} (graphql-ws), text/event-stream (graphql-sse)\n`
        : '') +
      `Stop with Ctrl+C (SIGINT) or SIGTERM.\n\n`,
  );
  return stopped;
}
