import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { createRequire } from 'node:module';
import type * as Graphql from 'graphql';
import {
  type GraphQLError as GraphQLErrorType,
  type FormattedExecutionResult,
  type GraphQLFormattedError,
} from 'graphql';
import { CloseCode, handleProtocols, makeServer } from 'graphql-ws';
import { WebSocketServer, type WebSocket } from 'ws';
import { ErrorCode } from '../engine/index.js';
import type { HandlerCore } from './createHandler.js';
import { connectionRequest } from './connectionRequest.js';
import { originAccepted } from './cors.js';
import { CredentialExpiry } from './CredentialExpiry.js';
import { NextFrames } from './NextFrames.js';
import { RawPayloads, RawResult } from './RawPayloads.js';
import {
  isRefusal,
  operationArgs,
  paramsOf,
  prepareOperation,
  runPrepared,
  type ResultSink,
} from './realtimeOperation.js';
import type { RealtimeLimits } from './realtimeLimits.js';
import { requestIdOf } from './requestId.js';
import { HttpError } from './responses.js';
import type { HttpRequest, RequestScope } from './types.js';
import { writeEvents } from './writeEvents.js';

/** The close codes Sluice sends itself, beside graphql-ws's own (docs/realtime.md lists all). */
export const CLOSE_CODES = {
  goingAway: 1001,
  /** The credentials could not be checked now (the key set did not answer): retry later. */
  tryAgainLater: 1013,
  /** `connection_init` refused: a credential needed and missing, or a bad one. */
  forbidden: CloseCode.Forbidden,
  slowConsumer: 4413,
  tooManySubscriptions: 4430,
  /** The socket's credential expired while it was open (`RequestScope.expireAt`). */
  tokenExpired: 4440,
} as const;

export interface WebSocketTransport {
  /** Takes an upgrade of the GraphQL path: refuses it (403, 503) or opens a graphql-ws socket. */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void;
  /** Closes every socket with 1001 Going away; after `graceMs`, drops those still open. */
  close(graceMs: number): Promise<void>;
  /** Sockets open now. */
  size(): number;
}

/** What graphql-ws keeps per socket as `ctx.extra`. */
interface Connection {
  readonly socket: WebSocket;
  /** The upgrade request; from `connection_init` on, with the payload's credential. */
  request: HttpRequest;
  readonly scope: RequestScope;
  readonly expiry: CredentialExpiry;
  readonly controller: AbortController;
  readonly payloads: RawPayloads;
  /** The errors of operations refused before they ran, for `onError`, by operation id. */
  readonly refusals: Map<string, readonly GraphQLFormattedError[]>;
  /** Messages written and not yet taken by the client's TCP connection. */
  queued: number;
  /** Answered the last ping (or sent something) since the keep-alive sweep before. */
  alive: boolean;
  /** Closes the socket with a code of Sluice's and ends its operations at once. */
  close: (code: number, reason: string) => void;
  /** Operation `id`'s results: a subscription's events written as `next` messages directly. */
  sink: (id: string) => ResultSink<unknown>;
}

/**
 * Stands for the refusal in graphql-ws's hands; `onError` sends the engine's errors instead.
 * graphql-ws tells errors by `instanceof` its own `graphql`'s GraphQLError: the one Node loads
 * for `require('graphql')`, which a bundler or test runner resolving `import` to graphql's ESM
 * build would not give (graphql-ws always loads it through Node).
 */
const { GraphQLError } = createRequire(import.meta.url)('graphql') as typeof Graphql;
const REFUSED: readonly GraphQLErrorType[] = [new GraphQLError('The operation was refused.')];

/** A message that is a Buffer is still text. */
const TEXT_MESSAGE = { binary: false } as const;

/**
 * The TCP socket under a `ws` socket, for frames made once and written to many sockets as they
 * are. ws keeps it as `_socket` (its types do not declare it); with permessage-deflate off (this
 * server never negotiates it) and no Blob sent, ws writes its own frames (pings, close) to it at
 * once, in call order, so a frame written here keeps its place among them, and `bufferedAmount`
 * counts it. Undefined if ws ever keeps it otherwise: frames then go through `send`.
 */
function tcpOf(socket: WebSocket): Duplex | undefined {
  const tcp = (socket as unknown as { _socket?: unknown })._socket;
  return typeof (tcp as Duplex | undefined)?.write === 'function' ? (tcp as Duplex) : undefined;
}

function refuseUpgrade(socket: Duplex, status: number, reason: string): void {
  socket.end(`HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

/**
 * How a socket is closed when `contextValue` refuses its credential (an HttpError: 401, 403, or
 * 503 for keys that could not be fetched), its reason the error's stable code; undefined for an
 * HttpError of another kind (the operation alone is refused). An expired credential closes 4403
 * at `connection_init` (nothing ran) and 4440 once the socket was acknowledged.
 */
function credentialClose(
  error: HttpError,
  acknowledged: boolean,
): { code: number; reason: string } | undefined {
  if (error.status === 503) return { code: CLOSE_CODES.tryAgainLater, reason: error.code };
  if (error.status !== 401 && error.status !== 403) return undefined;
  const expired = acknowledged && error.code === ErrorCode.TOKEN_EXPIRED;
  return { code: expired ? CLOSE_CODES.tokenExpired : CLOSE_CODES.forbidden, reason: error.code };
}

/**
 * GraphQL over WebSocket: graphql-ws's protocol core (`makeServer`) on `ws` sockets, with the
 * request entry of GraphQL over HTTP for every operation and the engine's JSON text as payload.
 */
export function createWebSocketTransport(
  core: HandlerCore,
  limits: RealtimeLimits,
): WebSocketTransport {
  const { endpoint, cors, logger } = core;
  const connections = new Map<WebSocket, Connection>();
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: limits.maxMessageBytes,
    perMessageDeflate: false,
    handleProtocols: (protocols) => handleProtocols(protocols),
  });
  let closing = false;
  let drained: (() => void) | undefined;
  const frames = new NextFrames();

  const protocol = makeServer<Record<string, unknown> | undefined, Connection>({
    connectionInitWaitTimeout: limits.connectionInitTimeoutMs,
    // Who the socket is for is decided once, before it is acknowledged: the context of its
    // request (with the payload's credential) is made, and a refusal closes the socket.
    async onConnect(ctx) {
      const connection = ctx.extra;
      connection.request = connectionRequest(connection.request, ctx.connectionParams);
      if (!endpoint.contextValue) return true;
      try {
        await endpoint.contextValue(connection.request, connection.scope);
        return true;
      } catch (error) {
        const close = error instanceof HttpError ? credentialClose(error, false) : undefined;
        if (close === undefined) throw error;
        connection.close(close.code, close.reason);
        return false;
      }
    },
    async onSubscribe(ctx, id, payload) {
      const connection = ctx.extra;
      // graphql-ws has reserved this operation's place already: it counts.
      if (Object.keys(ctx.subscriptions).length > limits.maxSubscriptionsPerConnection) {
        connection.close(CLOSE_CODES.tooManySubscriptions, 'Too many subscriptions');
        return REFUSED;
      }
      const params = paramsOf(payload as Parameters<typeof paramsOf>[0]);
      const prepared = prepareOperation(endpoint, params);
      if (isRefusal(prepared)) {
        const { errors } = JSON.parse(prepared.body) as { errors: GraphQLFormattedError[] };
        connection.refusals.set(id, errors);
        return REFUSED;
      }
      try {
        return await operationArgs(endpoint, prepared, params, connection, connection.sink(id));
      } catch (error) {
        if (!(error instanceof HttpError)) throw error;
        // The credential checked at connection_init no longer is (it expired since).
        const close = credentialClose(error, true);
        if (close !== undefined) connection.close(close.code, close.reason);
        else
          connection.refusals.set(id, [
            { message: error.message, extensions: { code: error.code } },
          ]);
        return REFUSED;
      }
    },
    // Both run what onSubscribe prepared: a single result is a RawResult, the engine's text, and
    // a subscription's events are written by `sink` (graphql-ws keeps the operation's state).
    execute: runPrepared,
    subscribe: runPrepared,
    onNext: (_ctx, _id, _payload, _args, result) =>
      result instanceof RawResult ? (result as unknown as FormattedExecutionResult) : undefined,
    onError(ctx, id) {
      const errors = ctx.extra.refusals.get(id);
      ctx.extra.refusals.delete(id);
      return errors;
    },
  });

  function open(socket: WebSocket, request: HttpRequest): void {
    const controller = new AbortController();
    const expiry = new CredentialExpiry(() =>
      closeWith(CLOSE_CODES.tokenExpired, ErrorCode.TOKEN_EXPIRED),
    );
    const connection: Connection = {
      socket,
      request,
      scope: {
        requestId: requestIdOf(request),
        signal: controller.signal,
        expireAt: (epochMs) => expiry.expireAt(epochMs),
      },
      expiry,
      controller,
      payloads: new RawPayloads(),
      refusals: new Map(),
      queued: 0,
      alive: true,
      close: () => {},
      sink: (id) => ({
        result: (text) => connection.payloads.wrap(text),
        stream: (events) => writeEvents(events, (text) => writeNext(id, text)),
      }),
    };
    connections.set(socket, connection);
    const sent = () => connection.queued--;
    // Ends the socket's operations (closing their sources) once: when it closes, or at once when
    // the server closes it, without waiting for a client that may not read the close frame.
    let released = false;
    const release = (code: number, reason: string) => {
      if (released) return;
      released = true;
      expiry.cancel();
      connections.delete(socket);
      controller.abort(new Error('The WebSocket closed.'));
      closed(code, reason).catch((error: unknown) =>
        logger.error('websocket close failed', { error }),
      );
      if (connections.size === 0) drained?.();
    };
    const closeWith = (code: number, reason: string) => {
      socket.close(code, reason);
      release(code, reason);
    };
    connection.close = closeWith;
    const tcp = tcpOf(socket);
    /** Counts a message written, and closes a socket whose client does not read fast enough. */
    const queue = () => {
      connection.queued++;
      if (
        connection.queued > limits.maxQueuedMessages ||
        socket.bufferedAmount > limits.maxQueuedBytes
      ) {
        logger.warn('slow consumer', {
          requestId: connection.scope.requestId,
          queued: connection.queued,
          bytes: socket.bufferedAmount,
        });
        closeWith(CLOSE_CODES.slowConsumer, 'Slow consumer');
      }
    };
    const write = (message: string) => {
      if (socket.readyState !== socket.OPEN) return;
      socket.send(message, sent);
      queue();
    };
    // A subscription's event: the frame every subscriber of the same bytes shares.
    const writeNext = (id: string, text: string) => {
      if (socket.readyState !== socket.OPEN) return;
      if (tcp !== undefined) tcp.write(frames.frameOf(id, text), sent);
      else socket.send(frames.messageOf(id, text), TEXT_MESSAGE, sent);
      queue();
    };
    const closed = protocol.opened(
      {
        protocol: socket.protocol,
        // Always spliced, so that the payload queue stays in step with the messages.
        send: (data) => write(connection.payloads.splice(data, '}')),
        close: (code, reason) => socket.close(code, reason),
        onMessage(handle) {
          socket.on('message', (data) => {
            connection.alive = true;
            handle(String(data)).catch((error: unknown) => {
              logger.error('websocket message failed', {
                requestId: connection.scope.requestId,
                error,
              });
              socket.close(CloseCode.InternalServerError, 'Internal server error');
            });
          });
        },
      },
      connection,
    );
    socket.on('pong', () => (connection.alive = true));
    // ws reports a broken frame or a message over maxPayload here, then closes (1002, 1009).
    socket.on('error', (error) =>
      logger.warn('websocket error', { requestId: connection.scope.requestId, error }),
    );
    socket.once('close', (code, reason) => release(code, reason.toString()));
  }

  // One timer pings every socket: one that did not answer the previous ping is dropped.
  const keepAlive =
    limits.keepAliveMs > 0
      ? setInterval(() => {
          for (const [socket, connection] of connections) {
            if (!connection.alive) {
              socket.terminate();
              continue;
            }
            connection.alive = false;
            socket.ping();
          }
        }, limits.keepAliveMs)
      : undefined;
  keepAlive?.unref();

  return {
    handleUpgrade(req, socket, head) {
      const request: HttpRequest = {
        method: 'GET',
        url: req.url ?? '/',
        headers: req.headers,
        body: null,
      };
      if (closing) return refuseUpgrade(socket, 503, 'Service Unavailable');
      // Browsers send an upgrade from any page, with cookies, and CORS does not apply to it.
      if (!originAccepted(request, cors)) return refuseUpgrade(socket, 403, 'Forbidden');
      wss.handleUpgrade(req, socket, head, (ws) => open(ws, request));
    },
    async close(graceMs) {
      closing = true;
      clearInterval(keepAlive);
      if (connections.size > 0) {
        await new Promise<void>((resolve) => {
          drained = resolve;
          const cut = setTimeout(() => {
            for (const socket of connections.keys()) socket.terminate();
          }, graceMs);
          cut.unref();
          for (const socket of connections.keys())
            socket.close(CLOSE_CODES.goingAway, 'Going away');
        });
      }
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
    size: () => connections.size,
  };
}
