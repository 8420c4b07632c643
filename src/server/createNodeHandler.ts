import type { IncomingMessage, ServerResponse } from 'node:http';
import { Deadlines } from './Deadlines.js';
import { compress, COMPRESS_MIN_BYTES, negotiateEncoding } from './compress.js';
import { buildHandler, DEFAULTS, type HandlerCore } from './createHandler.js';
import { JSON_TYPE, negotiateResponseType } from './mediaType.js';
import { discardBody } from './discardBody.js';
import { ClientGone, readBody } from './readBody.js';
import { addVary, errorResponse, HttpError } from './responses.js';
import type { HttpRequest, HttpResponse, ServerOptions } from './types.js';

export type NodeHandler = (req: IncomingMessage, res: ServerResponse) => void;

/** The adapter plus its core, so `createSluiceServer` can flip readiness when shutting down. */
export interface NodeAdapter {
  readonly handler: NodeHandler;
  readonly core: HandlerCore;
  /** Requests being handled now (body read to response written). */
  inFlight(): number;
}

type MutableRequest = { -readonly [K in keyof HttpRequest]: HttpRequest[K] };

// Content types the core answers with, and whether they are worth compressing: a handful of
// constant strings, so the answer is looked up rather than matched by a regex per response.
const COMPRESSIBLE = /^(text\/|application\/(json|graphql-response\+json|javascript))/;
const compressible = new Map<string, boolean>();
function isCompressible(contentType: string | undefined): boolean {
  if (contentType === undefined) return false;
  let known = compressible.get(contentType);
  if (known === undefined) {
    known = COMPRESSIBLE.test(contentType);
    if (compressible.size < 64) compressible.set(contentType, known);
  }
  return known;
}

const clientGone = () => new ClientGone('The client closed the connection.');

/**
 * The request as the core sees it. `signal` is made only when someone asks for it (a
 * `contextValue` that wants to stop work when the client leaves): most requests never do, and an
 * AbortController plus a 'close' listener per request would cost every one of them.
 */
class NodeRequest implements MutableRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: IncomingMessage['headers'];
  body: Buffer | null = null;
  private controller: AbortController | undefined;

  constructor(
    req: IncomingMessage,
    private readonly res: ServerResponse,
  ) {
    this.method = req.method ?? 'GET';
    this.url = req.url ?? '/';
    this.headers = req.headers;
  }

  get signal(): AbortSignal {
    if (this.controller) return this.controller.signal;
    const controller = (this.controller = new AbortController());
    const res = this.res;
    if (res.destroyed && !res.writableFinished) controller.abort(clientGone());
    else if (!res.writableFinished) {
      res.once('close', () => {
        if (!res.writableFinished) controller.abort(clientGone());
      });
    }
    return controller.signal;
  }

  get clientGone(): boolean {
    return this.res.destroyed && !this.res.writableFinished;
  }

  onClientGone(listener: (reason: unknown) => void): void {
    const res = this.res;
    if (res.writableFinished) return;
    if (res.destroyed) return listener(clientGone());
    res.once('close', () => {
      if (!res.writableFinished) listener(clientGone());
    });
  }
}

export function createNodeAdapter(options: ServerOptions): NodeAdapter {
  const core = buildHandler(options);
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULTS.maxBodyBytes;
  const deadlines = new Deadlines(options.requestTimeoutMs ?? DEFAULTS.requestTimeoutMs);
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

  function failed(res: ServerResponse, error: unknown): void {
    core.logger.error('response failed', { error });
    if (!res.headersSent) {
      res.writeHead(500, {
        'content-type': 'text/plain; charset=utf-8',
        'x-content-type-options': 'nosniff',
      });
      res.end('Internal Server Error');
    } else {
      res.destroy();
    }
    inFlight--;
  }

  /**
   * Writes the response; the headers object is the core's own, made for this response. With
   * `endLater`, the body is written and the caller ends the response.
   */
  function write(
    res: ServerResponse,
    response: HttpResponse,
    body: string | Uint8Array,
    length = typeof body === 'string' ? Buffer.byteLength(body, 'utf8') : body.length,
    endLater = false,
  ): void {
    const headers = response.headers;
    // RFC 9110 §8.6: no Content-Length on a 204, nor a 0 on a 304 (whose 200 had content).
    if (response.status !== 204 && response.status !== 304)
      headers['content-length'] = String(length);
    // While shutting down, ask keep-alive clients to reconnect (to another instance).
    if (closing) headers['connection'] = 'close';
    if (res.destroyed) {
      inFlight--;
      return;
    }
    res.writeHead(response.status, headers);
    // A string body goes out in one write with the head (node joins them); a Buffer in a second.
    if (endLater) res.write(body);
    else res.end(body);
    inFlight--;
  }

  function send(req: IncomingMessage, res: ServerResponse, response: HttpResponse): void {
    const headers = response.headers;
    const body = response.body;
    if (!compression || !isCompressible(headers['content-type'])) {
      return write(res, response, body);
    }
    const length = typeof body === 'string' ? Buffer.byteLength(body, 'utf8') : body.length;
    // A body under the threshold is the same whatever Accept-Encoding says, so it does not vary
    // by it (RFC 9110 §12.5.5): no Vary, no negotiation.
    if (length < COMPRESS_MIN_BYTES) return write(res, response, body, length);
    addVary(headers, 'Accept-Encoding');
    const coding = negotiateEncoding(req.headers['accept-encoding']);
    if (!coding) return write(res, response, body, length);
    const bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
    compress(bytes, coding)
      .then((compressed) => {
        headers['content-encoding'] = coding;
        write(res, response, compressed);
      })
      .catch((error: unknown) => failed(res, error));
  }

  function respond(
    req: IncomingMessage,
    res: ServerResponse,
    request: HttpRequest,
    startedAt: number,
  ): void {
    let response: HttpResponse | Promise<HttpResponse>;
    try {
      response = core.respond(request, startedAt);
    } catch (error) {
      return failed(res, error);
    }
    if (response instanceof Promise) {
      response.then(
        (value) => {
          try {
            send(req, res, value);
          } catch (error) {
            failed(res, error);
          }
        },
        (error: unknown) => failed(res, error),
      );
    } else {
      try {
        send(req, res, response);
      } catch (error) {
        failed(res, error);
      }
    }
  }

  function refuse(
    req: IncomingMessage,
    res: ServerResponse,
    request: HttpRequest,
    error: Error,
    startedAt: number,
  ): void {
    if (error instanceof ClientGone || !(error instanceof HttpError)) {
      inFlight--;
      res.destroy();
      return;
    }
    const response = errorResponse(error, negotiateResponseType(req.headers.accept) ?? JSON_TYPE);
    core.record(request, response, startedAt, error.code);
    // The unread rest of the body: the answer goes out at once, and ends once the rest has been
    // read and dropped (discardBody, which ends it a tick later at the soonest), so that the client
    // can read it. A body too slow (408) or too long to wait for closes the connection instead.
    const discarding = error.status !== 408 && !res.destroyed && discardBody(req, () => res.end());
    if (!discarding) response.headers['connection'] = 'close';
    write(res, response, response.body, undefined, discarding);
  }

  const handler: NodeHandler = (req, res) => {
    const startedAt = performance.now();
    inFlight++;
    const request = new NodeRequest(req, res);
    // node:http gives methods in upper case (llhttp refuses any other spelling).
    if (request.method !== 'POST') return respond(req, res, request, startedAt);
    readBody(req, maxBodyBytes, deadlines, startedAt, (error, body) => {
      if (error) return refuse(req, res, request, error, startedAt);
      request.body = body;
      respond(req, res, request, startedAt);
    });
  };
  return { handler, core: coreWithClosing, inFlight: () => inFlight };
}

/**
 * The node:http adapter: reads the body (limit counted after decompression), calls the protocol
 * core, and writes the response, compressed when the client asks for it. Synchronous end to end
 * when the operation is: no promise is made for a request whose resolvers are all synchronous.
 */
export function createNodeHandler(options: ServerOptions): NodeHandler {
  return createNodeAdapter(options).handler;
}
