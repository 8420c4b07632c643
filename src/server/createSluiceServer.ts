import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DEFAULTS } from './createHandler.js';
import { createNodeAdapter } from './createNodeHandler.js';
import type { Engine } from '../engine/index.js';
import type { ServerOptions } from './types.js';

/** `SluiceServerOptions.shutdownGraceMs`'s default. */
export const SHUTDOWN_GRACE_MS = 10_000;

export interface SluiceServerOptions extends ServerOptions {
  /** How long `close()` waits for in-flight requests before cutting connections. Default 10 s. */
  readonly shutdownGraceMs?: number;
}

export interface SluiceServer {
  readonly server: Server;
  /** Starts listening (host defaults to 127.0.0.1); rejects with the socket error, e.g. EADDRINUSE. */
  listen(port: number, host?: string): Promise<AddressInfo>;
  /** Graceful: stop accepting, let in-flight requests finish (up to the grace period), then resolve. */
  close(): Promise<void>;
  /**
   * Serves `engine` from the next request on, e.g. over a schema reflected again; operations
   * already under way finish on the engine they started with.
   */
  replaceEngine(engine: Engine): void;
}

export function createSluiceServer(options: SluiceServerOptions): SluiceServer {
  const adapter = createNodeAdapter(options);
  const requestTimeoutMs = options.requestTimeoutMs ?? DEFAULTS.requestTimeoutMs;
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
    adapter.handler,
  );
  let closing: Promise<void> | undefined;

  return {
    server,
    replaceEngine: (engine) => adapter.core.replaceEngine(engine),
    listen(port, host = '127.0.0.1') {
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
        const grace = setTimeout(
          () => server.closeAllConnections(),
          options.shutdownGraceMs ?? SHUTDOWN_GRACE_MS,
        );
        grace.unref();
        server.close(() => {
          clearTimeout(grace);
          resolve();
        });
        // Keep-alive connections with no request in flight would otherwise hold close() open.
        server.closeIdleConnections();
        adapter.core.logger.info('shutting down', { inFlight: adapter.inFlight() });
      });
      return closing;
    },
  };
}
