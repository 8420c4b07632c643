import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ExecutionResult } from 'graphql';
import { createHandler as createSseHandler, type Request as SseRequest } from 'graphql-sse';
import { ErrorCode } from '../engine/index.js';
import type { HandlerCore } from './createHandler.js';
import { corsHeaders } from './cors.js';
import { CredentialExpiry } from './CredentialExpiry.js';
import { assertNotSimpleRequest, headerValue } from './csrf.js';
import { Deadlines } from './Deadlines.js';
import { assertNotMutationOverGet } from './handleGraphQL.js';
import { acceptsEventStream } from './mediaType.js';
import { RawPayloads } from './RawPayloads.js';
import { readBody } from './readBody.js';
import {
  assertJsonContentType,
  paramsFromJsonBody,
  paramsFromSearch,
  type GraphQLParams,
} from './readParams.js';
import {
  isRefusal,
  operationArgs,
  paramsOf,
  prepareOperation,
  rawResults,
  runPrepared,
} from './realtimeOperation.js';
import type { RealtimeLimits } from './realtimeLimits.js';
import { requestIdOf } from './requestId.js';
import { errorBody, HttpError } from './responses.js';
import type { HttpRequest } from './types.js';

export interface EventStreamTransport {
  /** A GraphQL request that asks for `text/event-stream` (GET or POST). */
  accepts(req: IncomingMessage): boolean;
  handle(req: IncomingMessage, res: ServerResponse): void;
  /** Completes every open stream (a `complete` event, then the end of the response). */
  close(): void;
  /** Streams open now. */
  size(): number;
}

/** One request's state, given to graphql-sse as the request's `context`. */
interface StreamRequest {
  readonly request: HttpRequest;
  /** Read and checked as over HTTP (readParams.ts), before graphql-sse is called. */
  readonly params: GraphQLParams;
  readonly requestId: string;
  readonly payloads: RawPayloads;
  readonly controller: AbortController;
  /** Ends the stream with TOKEN_EXPIRED when the context's credential expires (set by `stream`). */
  readonly expiry: CredentialExpiry;
  onExpired: () => void;
  /** The credential expired before the stream started: the stream ends as soon as it starts. */
  expired: boolean;
}

const COMPLETE = 'event: complete\ndata:\n\n';
const SLOW_CONSUMER =
  'event: next\ndata: ' +
  errorBody(
    'The client read the event stream too slowly; the stream was ended.',
    ErrorCode.SLOW_CONSUMER,
  ) +
  '\n\n' +
  COMPLETE;
const TOKEN_EXPIRED =
  'event: next\ndata: ' +
  errorBody('The token has expired; the stream was ended.', ErrorCode.TOKEN_EXPIRED) +
  '\n\n' +
  COMPLETE;

/**
 * GraphQL over Server-Sent Events: graphql-sse's handler in "distinct connections" mode (one
 * response streams one operation), with the request entry of GraphQL over HTTP for every
 * operation, the engine's JSON text as each event's data, the body limits of HTTP, and a bound on
 * what a response may hold unread.
 */
export function createEventStreamTransport(
  core: HandlerCore,
  limits: RealtimeLimits,
  body: { readonly maxBodyBytes: number; readonly requestTimeoutMs: number },
): EventStreamTransport {
  const { endpoint, cors, logger } = core;
  const deadlines = new Deadlines(body.requestTimeoutMs);
  const open = new Set<(last?: string) => void>();
  /** Set by close(): a stream whose operation was still being set up then is completed at once. */
  let closing = false;

  const handler = createSseHandler<IncomingMessage, StreamRequest>({
    // The engine validated the document when it prepared it (and keeps it cached).
    validate: () => [],
    execute: runPrepared,
    subscribe: runPrepared,
    // The parameters are those read here (graphql-sse's payload is the stand-in `run` gave it).
    async onSubscribe(req) {
      const state = req.context;
      const params = paramsOf(state.params);
      const prepared = prepareOperation(endpoint, params);
      if (isRefusal(prepared)) {
        // A malformed request (no `query` and no hash, a `persistedQuery` that is not one) is
        // answered as over HTTP, as the parameters refused before graphql-sse was called are.
        if (prepared.error?.code === ErrorCode.BAD_REQUEST) return answer(prepared.error);
        // Refusals of the document are events, as graphql-sse sends validation errors.
        return state.payloads.wrap(prepared.body) as unknown as ExecutionResult;
      }
      const client = {
        request: state.request,
        scope: {
          requestId: state.requestId,
          signal: state.controller.signal,
          expireAt: (epochMs: number) => state.expiry.expireAt(epochMs),
        },
      };
      try {
        // graphql-sse's own check never sees a GET (and its 405 has no code).
        assertNotMutationOverGet(prepared, state.request.method);
        return (await operationArgs(
          endpoint,
          prepared,
          params,
          client,
          rawResults(state.payloads),
        )) as never;
      } catch (error) {
        // A refused credential (401 with WWW-Authenticate, 503) or a mutation over GET (405 with
        // Allow) is answered as over HTTP.
        if (!(error instanceof HttpError)) throw error;
        return answer(error);
      }
    },
  });

  /** A request error as graphql-sse's answer: the response HTTP would give (status, code, headers). */
  function answer(error: HttpError): never {
    return [
      errorBody(error.message, error.code),
      {
        status: error.status,
        statusText: '',
        headers: { ...error.headers, 'content-type': 'application/json; charset=utf-8' },
      },
    ] as never;
  }

  function headersFor(request: HttpRequest, requestId: string): Record<string, string> {
    return {
      'x-request-id': requestId,
      'x-content-type-options': 'nosniff',
      ...(cors ? corsHeaders(request, cors) : {}),
    };
  }

  function refuse(res: ServerResponse, error: HttpError, headers: Record<string, string>): void {
    const text = errorBody(error.message, error.code);
    res.writeHead(error.status, {
      ...headers,
      ...error.headers,
      'content-type': 'application/json; charset=utf-8',
      'content-length': String(Buffer.byteLength(text)),
      connection: 'close',
    });
    res.end(text);
  }

  async function stream(
    res: ServerResponse,
    events: AsyncGenerator<string, void, undefined>,
    state: StreamRequest,
  ): Promise<void> {
    let queued = 0;
    const sent = () => queued--;
    let ended = false;
    const end = (last?: string) => {
      if (ended) return;
      ended = true;
      open.delete(end);
      if (!res.writableEnded) res.end(last);
      state.controller.abort(new Error('The event stream ended.'));
      void events.return();
    };
    open.add(end);
    state.onExpired = () => end(TOKEN_EXPIRED);
    res.once('close', () => end());
    // The client left while the operation was being set up: its 'close' has been emitted already.
    if (res.closed || res.destroyed) end();
    else if (closing) end(COMPLETE);
    else if (state.expired) end(TOKEN_EXPIRED);
    for await (const event of events) {
      // Always spliced, so that the payload queue stays in step with the events.
      const message = state.payloads.splice(event, '\n\n');
      if (ended) break;
      queued++;
      res.write(message, sent);
      if (queued > limits.maxQueuedMessages || res.writableLength > limits.maxQueuedBytes) {
        logger.warn('slow consumer', {
          requestId: state.requestId,
          queued,
          bytes: res.writableLength,
        });
        end(SLOW_CONSUMER);
      }
    }
    end();
  }

  async function run(
    req: IncomingMessage,
    res: ServerResponse,
    request: HttpRequest,
    params: GraphQLParams,
    requestId: string,
  ): Promise<void> {
    const state: StreamRequest = {
      request,
      params,
      requestId,
      payloads: new RawPayloads(),
      controller: new AbortController(),
      expiry: new CredentialExpiry(() => state.onExpired()),
      // Until the stream starts, an expiry ends the answer being made, and the stream once it starts
      // (CredentialExpiry fires once: an expiry during the setup would otherwise be lost).
      onExpired: () => {
        state.expired = true;
        state.controller.abort(new Error('The token has expired.'));
      },
      expired: false,
    };
    // graphql-sse reads the request's parameters again, with its own rules, and answers what it
    // finds malformed without an `extensions.code` (and wants a `query` where HTTP runs a document
    // by its hash alone). The parameters were read as over HTTP already: graphql-sse is handed a
    // stand-in it always accepts, a POST of a JSON object, and the operation is made from
    // `state.params` (so the method it sees is POST: the mutation-over-GET rule is Sluice's).
    const sseRequest: SseRequest<IncomingMessage, StreamRequest> = {
      method: 'POST',
      url: request.url,
      headers: {
        // graphql-sse streams only for exactly this Accept; any list naming it is meant so.
        get: (name) =>
          name === 'accept'
            ? 'text/event-stream'
            : name === 'content-type'
              ? 'application/json'
              : name === 'x-graphql-event-stream-token'
                ? undefined
                : (req.headers[name] as string | undefined),
      },
      body: { query: params.query ?? '' },
      raw: req,
      context: state,
    };
    try {
      await respond(res, sseRequest, state);
    } finally {
      state.expiry.cancel();
    }
  }

  async function respond(
    res: ServerResponse,
    sseRequest: SseRequest<IncomingMessage, StreamRequest>,
    state: StreamRequest,
  ): Promise<void> {
    const { request, requestId } = state;
    const [answer, init] = await handler(sseRequest);
    const headers: Record<string, string> = { ...headersFor(request, requestId), ...init.headers };
    // graphql-sse says `none` to keep compressing middleware away; it is no encoding at all.
    delete headers['content-encoding'];
    // Shutting down: the connection is not kept for another request (as over HTTP).
    if (closing) headers['connection'] = 'close';
    if (answer === null || typeof answer === 'string') {
      res.writeHead(init.status, headers);
      res.end(answer ?? undefined);
      return;
    }
    res.writeHead(init.status, headers);
    await stream(res, answer, state);
  }

  return {
    accepts: (req) =>
      (req.method === 'GET' || req.method === 'POST') && acceptsEventStream(req.headers.accept),
    handle(req, res) {
      const startedAt = performance.now();
      const request: HttpRequest = {
        method: req.method ?? 'GET',
        url: req.url ?? '/',
        headers: req.headers,
        body: null,
      };
      const requestId = requestIdOf(request);
      const failed = (error: unknown) => {
        logger.error('event stream failed', { requestId, error });
        if (!res.headersSent)
          refuse(
            res,
            new HttpError(500, ErrorCode.INTERNAL_SERVER_ERROR, 'Unexpected error.'),
            headersFor(request, requestId),
          );
        else res.destroy();
      };
      if (request.method === 'GET') {
        let params: GraphQLParams;
        try {
          if (endpoint.csrf) assertNotSimpleRequest(request, endpoint.csrf);
          const url = request.url;
          const at = url.indexOf('?');
          params = paramsFromSearch(new URLSearchParams(at === -1 ? '' : url.slice(at + 1)));
        } catch (error) {
          if (error instanceof HttpError) return refuse(res, error, headersFor(request, requestId));
          return failed(error);
        }
        run(req, res, request, params, requestId).catch(failed);
        return;
      }
      readBody(req, body.maxBodyBytes, deadlines, startedAt, (error, bytes) => {
        if (error) {
          if (error instanceof HttpError) return refuse(res, error, headersFor(request, requestId));
          return res.destroy();
        }
        // As over HTTP (415): graphql-sse would take any type that merely contains
        // "application/json", such as `text/plain;application/json`, which needs no preflight.
        // Then the body, as over HTTP (400 BAD_REQUEST, with what is wrong).
        let params: GraphQLParams;
        try {
          assertJsonContentType(headerValue(request, 'content-type'));
          params = paramsFromJsonBody(bytes);
        } catch (refused) {
          if (refused instanceof HttpError)
            return refuse(res, refused, headersFor(request, requestId));
          return failed(refused);
        }
        run(req, res, request, params, requestId).catch(failed);
      });
    },
    close() {
      closing = true;
      for (const end of [...open]) end(COMPLETE);
    },
    size: () => open.size,
  };
}
