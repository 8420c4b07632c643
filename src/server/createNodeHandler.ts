import type { IncomingMessage, ServerResponse } from 'node:http';
import { compress, COMPRESS_MIN_BYTES, negotiateEncoding } from './compress.js';
import { buildHandler, DEFAULTS, type HandlerCore } from './createHandler.js';
import { JSON_TYPE, negotiateResponseType } from './mediaType.js';
import { ClientGone, readBody } from './readBody.js';
import { errorResponse, HttpError } from './responses.js';
import type { HttpRequest, HttpResponse, ServerOptions } from './types.js';

export type NodeHandler = (req: IncomingMessage, res: ServerResponse) => void;

/** The adapter plus its core, so `createSluiceServer` can flip readiness when shutting down. */
export interface NodeAdapter {
  readonly handler: NodeHandler;
  readonly core: HandlerCore;
  /** Requests being handled now (body read to response written). */
  inFlight(): number;
}

const COMPRESSIBLE = /^(text\/|application\/(json|graphql-response\+json|javascript))/;

function mergeVary(headers: Record<string, string>, value: string): void {
  headers['vary'] = headers['vary'] ? `${headers['vary']}, ${value}` : value;
}

async function send(
  req: IncomingMessage,
  res: ServerResponse,
  response: HttpResponse,
  compression: boolean,
  closing: boolean,
): Promise<void> {
  const headers = { ...response.headers };
  let body: Uint8Array =
    typeof response.body === 'string' ? Buffer.from(response.body, 'utf8') : response.body;
  if (compression && COMPRESSIBLE.test(headers['content-type'] ?? '')) {
    mergeVary(headers, 'Accept-Encoding');
    const coding =
      body.length >= COMPRESS_MIN_BYTES ? negotiateEncoding(req.headers['accept-encoding']) : null;
    if (coding) {
      body = await compress(body, coding);
      headers['content-encoding'] = coding;
    }
  }
  headers['content-length'] = String(body.length);
  // While shutting down, ask keep-alive clients to reconnect (to another instance).
  if (closing) headers['connection'] = 'close';
  if (res.destroyed) return;
  res.writeHead(response.status, headers);
  res.end(body);
}

export function createNodeAdapter(options: ServerOptions): NodeAdapter {
  const core = buildHandler(options);
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULTS.maxBodyBytes;
  const requestTimeoutMs = options.requestTimeoutMs ?? DEFAULTS.requestTimeoutMs;
  const compression = options.compression ?? true;
  let inFlight = 0;
  let closing = false;
  const shutdown = core.markShuttingDown;
  const coreWithClosing: HandlerCore = {
    ...core,
    markShuttingDown() {
      closing = true;
      shutdown();
    },
  };

  async function serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const startedAt = performance.now();
    const request: { -readonly [K in keyof HttpRequest]: HttpRequest[K] } = {
      method: req.method ?? 'GET',
      url: req.url ?? '/',
      headers: req.headers,
      body: null,
    };
    if (request.method.toUpperCase() === 'POST') {
      try {
        request.body = await readBody(req, maxBodyBytes, requestTimeoutMs);
      } catch (error) {
        if (error instanceof ClientGone || !(error instanceof HttpError)) {
          res.destroy();
          return;
        }
        // The unread rest of the body makes this connection unusable: answer, then close it.
        const response = errorResponse(
          error,
          negotiateResponseType(req.headers.accept) ?? JSON_TYPE,
        );
        response.headers['connection'] = 'close';
        core.record(request, response, startedAt, error.code);
        await send(req, res, response, false, true);
        return;
      }
    }
    const response = await core.handle(request);
    await send(req, res, response, compression, closing);
  }

  const handler: NodeHandler = (req, res) => {
    inFlight++;
    serve(req, res)
      .catch((error: unknown) => {
        core.logger.error('response failed', { error });
        if (!res.headersSent) {
          res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
          res.end('Internal Server Error');
        } else {
          res.destroy();
        }
      })
      .finally(() => inFlight--);
  };
  return { handler, core: coreWithClosing, inFlight: () => inFlight };
}

/**
 * The node:http adapter: reads the body (limit counted after decompression), calls the protocol
 * core, and writes the response, compressed when the client asks for it.
 */
export function createNodeHandler(options: ServerOptions): NodeHandler {
  return createNodeAdapter(options).handler;
}
