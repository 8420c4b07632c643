import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { DEFAULTS } from './createHandler.js';
import { createNodeAdapter } from './createNodeHandler.js';
import type { Engine } from '../engine/index.js';
import type { EventStreamTransport } from './eventStreamTransport.js';
import { realtimeLimits } from './realtimeLimits.js';
import type { GraphiQLOptions, RealtimeOptions, ServerOptions } from './types.js';
import type { WebSocketTransport } from './webSocketTransport.js';

/** `SluiceServerOptions.shutdownGraceMs`'s default. */
export const SHUTDOWN_GRACE_MS = 10_000;

export interface SluiceServerOptions extends ServerOptions {
  /** How long `close()` waits for in-flight requests before cutting connections. Default 10 s. */
  readonly shutdownGraceMs?: number;
  /**
   * Subscriptions (and queries, mutations) over WebSocket and Server-Sent Events on the GraphQL
   * path, with their limits (docs/realtime.md). They need the optional packages `ws`, `graphql-ws`
   * and `graphql-sse`, loaded by `listen()`. Default on; `false` serves plain HTTP only.
   */
  readonly realtime?: false | RealtimeOptions;
}

export interface SluiceServer {
  readonly server: Server;
  /** Starts listening (host defaults to 127.0.0.1); rejects with the socket error, e.g. EADDRINUSE. */
  listen(port: number, host?: string): Promise<AddressInfo>;
  /**
   * Graceful: stop accepting, let in-flight requests finish (up to the grace period), complete
   * every event stream, close every WebSocket with 1001 Going away, then resolve.
   */
  close(): Promise<void>;
  /**
   * Serves `engine` from the next request on, e.g. over a schema reflected again; operations
   * already under way finish on the engine they started with.
   */
  replaceEngine(engine: Engine): void;
}

interface Transports {
  readonly webSocket: WebSocketTransport | undefined;
  readonly sse: EventStreamTransport | undefined;
}

const REALTIME_PACKAGES = 'ws@8.23.0 graphql-ws@6.4.2 graphql-sse@2.6.1';

/** The path of a request URL (`/graphql?x` → `/graphql`), without trailing slashes. */
function pathOf(url: string | undefined): string {
  const raw = url ?? '/';
  const query = raw.indexOf('?');
  const path = query < 0 ? raw : raw.slice(0, query);
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

/**
 * GraphiQL's options with `subscriptions` defaulting to whether the WebSocket transport is on, so
 * that a subscription typed into the page runs over it rather than being refused over HTTP.
 */
function graphiqlOptions(options: SluiceServerOptions): boolean | GraphiQLOptions {
  if (options.graphiql === false) return false;
  const given = typeof options.graphiql === 'object' ? options.graphiql : {};
  const webSocket = options.realtime !== false && options.realtime?.webSocket !== false;
  return { ...given, subscriptions: given.subscriptions ?? webSocket };
}

export function createSluiceServer(options: SluiceServerOptions): SluiceServer {
  const adapter = createNodeAdapter({ ...options, graphiql: graphiqlOptions(options) });
  const requestTimeoutMs = options.requestTimeoutMs ?? DEFAULTS.requestTimeoutMs;
  const graceMs = options.shutdownGraceMs ?? SHUTDOWN_GRACE_MS;
  const graphqlPath = adapter.core.graphqlPath;
  let transports: Transports | undefined;

  const handler = (req: IncomingMessage, res: ServerResponse) => {
    const sse = transports?.sse;
    if (sse && sse.accepts(req) && pathOf(req.url) === graphqlPath) return sse.handle(req, res);
    adapter.handler(req, res);
  };
  const server = createServer(
    {
      // Our body reader answers a slow body with a coded 408 first (its shared timer fires at
      // most 1 s late, Deadlines.ts); node's own timers are the backstop, and the only guard
      // while headers trickle in (no request exists yet to answer).
      requestTimeout: requestTimeoutMs + 2000,
      headersTimeout: requestTimeoutMs,
      connectionsCheckingInterval: Math.min(
        30_000,
        Math.max(100, Math.floor(requestTimeoutMs / 4)),
      ),
    },
    handler,
  );
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const webSocket = transports?.webSocket;
    if (!webSocket || pathOf(req.url) !== graphqlPath) {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    webSocket.handleUpgrade(req, socket, head);
  });

  /** Loads the transports' modules, which import the optional packages, once. */
  async function loadTransports(realtime: RealtimeOptions): Promise<Transports> {
    const limits = realtimeLimits(realtime, options.maxBodyBytes ?? DEFAULTS.maxBodyBytes);
    try {
      const webSocket =
        realtime.webSocket === false
          ? undefined
          : (await import('./webSocketTransport.js')).createWebSocketTransport(
              adapter.core,
              limits,
            );
      const sse =
        realtime.sse === false
          ? undefined
          : (await import('./eventStreamTransport.js')).createEventStreamTransport(
              adapter.core,
              limits,
              { maxBodyBytes: options.maxBodyBytes ?? DEFAULTS.maxBodyBytes, requestTimeoutMs },
            );
      return { webSocket, sse };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ERR_MODULE_NOT_FOUND') throw error;
      throw new Error(
        `Subscriptions over WebSocket and SSE need the optional packages ${REALTIME_PACKAGES} ` +
          `(npm install ${REALTIME_PACKAGES}); pass realtime: false to serve HTTP only. ` +
          `(${(error as Error).message})`,
        { cause: error },
      );
    }
  }

  let closing: Promise<void> | undefined;

  return {
    server,
    replaceEngine: (engine) => adapter.core.replaceEngine(engine),
    async listen(port, host = '127.0.0.1') {
      if (options.realtime !== false && !transports)
        transports = await loadTransports(options.realtime ?? {});
      return new Promise<AddressInfo>((resolve, reject) => {
        const onError = (error: Error) => reject(error);
        server.once('error', onError);
        server.listen(port, host, () => {
          server.removeListener('error', onError);
          resolve(server.address() as AddressInfo);
        });
      });
    },
    close() {
      closing ??= new Promise<void>((resolve) => {
        adapter.core.markShuttingDown();
        if (!server.listening) return resolve();
        // Counted before the transports close them (closing the event streams empties their set).
        const open = {
          inFlight: adapter.inFlight(),
          webSockets: transports?.webSocket?.size() ?? 0,
          eventStreams: transports?.sse?.size() ?? 0,
        };
        const grace = setTimeout(() => server.closeAllConnections(), graceMs);
        grace.unref();
        transports?.sse?.close();
        const sockets = transports?.webSocket?.close(graceMs) ?? Promise.resolve();
        const closed = new Promise<void>((done) => server.close(() => done()));
        void Promise.all([closed, sockets]).then(() => {
          clearTimeout(grace);
          resolve();
        });
        // Keep-alive connections with no request in flight would otherwise hold close() open.
        server.closeIdleConnections();
        adapter.core.logger.info('shutting down', open);
      });
      return closing;
    },
  };
}
