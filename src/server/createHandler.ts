import { Deadlines } from './Deadlines.js';
import { ErrorCode, type Engine } from '../engine/index.js';
import { checkCorsOptions, corsHeaders, preflightResponse } from './cors.js';
import { DEFAULT_CSRF_HEADERS } from './csrf.js';
import { graphiqlAsset } from './graphiql.js';
import {
  graphqlErrorResponse,
  handleGraphQL,
  type GraphQLEndpoint,
  type RequestInfo,
} from './handleGraphQL.js';
import { silentLogger, type Logger } from './logger.js';
import { JSON_TYPE } from './mediaType.js';
import { Metrics } from './Metrics.js';
import { createPersistedOperations } from './persisted.js';
import { createEndpointCache, type EndpointCache } from './cachedExecution.js';
import { requestIdOf } from './requestId.js';
import { addVary, errorResponse, HttpError, jsonResponse, textResponse } from './responses.js';
import type { CorsOptions, Handler, HttpRequest, HttpResponse, ServerOptions } from './types.js';

export const DEFAULTS = {
  path: '/graphql',
  maxBodyBytes: 1024 * 1024,
  timeoutMs: 30_000,
  requestTimeoutMs: 30_000,
} as const;

/** The protocol core plus what its adapters share with it (metrics, logger, shutdown state). */
export interface HandlerCore {
  readonly handle: Handler;
  /**
   * `handle` without the promise when none is needed: the response itself when the request was
   * answered synchronously (the common case), a promise otherwise. `startedAt` (performance.now())
   * lets an adapter count the time spent reading the body.
   */
  respond(request: HttpRequest, startedAt?: number): HttpResponse | Promise<HttpResponse>;
  readonly metrics: Metrics;
  readonly logger: Logger;
  readonly graphqlPath: string;
  /** What the streaming transports share with GraphQL over HTTP: engine, persisted, limits. */
  readonly endpoint: GraphQLEndpoint;
  readonly cors: CorsOptions | null;
  /** Records a GraphQL request the adapter answered itself (413, 408, bad Content-Encoding). */
  record(request: HttpRequest, response: HttpResponse, startedAt: number, code: string): void;
  /** From now on GET /ready answers 503, so load balancers stop sending traffic. */
  markShuttingDown(): void;
  /**
   * Serves `engine` from the next request on (a schema reloaded without a restart); requests
   * already prepared finish on the engine they began with. The result cache starts empty.
   */
  replaceEngine(engine: Engine): void;
  /** The result cache (ServerOptions.cache); null when off. */
  readonly cache: EndpointCache | null;
}

/**
 * Headers of every response: the request's id, and `nosniff`, so that no browser runs a JSON or
 * text answer as a script or page whatever it holds.
 */
function stamp(response: HttpResponse, requestId: string): HttpResponse {
  const headers = response.headers;
  headers['x-request-id'] = requestId;
  headers['x-content-type-options'] = 'nosniff';
  return response;
}

/** CORS headers onto a response, adding to its `Vary` (a cached answer's) rather than replacing it. */
function addCorsHeaders(
  headers: Record<string, string>,
  request: HttpRequest,
  cors: CorsOptions,
): void {
  const { vary, ...rest } = corsHeaders(request, cors);
  Object.assign(headers, rest);
  if (vary !== undefined) addVary(headers, vary);
}

function normalizePath(path: string): string {
  const withSlash = path.startsWith('/') ? path : `/${path}`;
  return withSlash.length > 1 ? withSlash.replace(/\/+$/, '') : withSlash;
}

async function checkReadiness(readiness: ServerOptions['readiness'], ms: number): Promise<boolean> {
  if (!readiness) return true;
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      Promise.resolve().then(readiness),
      new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), ms))),
    ]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

export function buildHandler(options: ServerOptions): HandlerCore {
  const logger = options.logger ?? silentLogger;
  const metrics = new Metrics();
  const graphqlPath = normalizePath(options.path ?? DEFAULTS.path);
  const assetsPath = `${graphqlPath === '/' ? '' : graphqlPath}/_graphiql`;
  const graphiql =
    options.graphiql === false
      ? null
      : options.graphiql === true || !options.graphiql
        ? {}
        : options.graphiql;
  const csrf =
    options.csrf === false
      ? null
      : options.csrf === true || !options.csrf
        ? { headers: DEFAULT_CSRF_HEADERS }
        : options.csrf;
  const timeoutMs = options.timeoutMs ?? DEFAULTS.timeoutMs;
  const endpoint: GraphQLEndpoint = {
    engine: options.engine,
    path: graphqlPath,
    assetsPath,
    graphiql,
    csrf,
    persisted: createPersistedOperations(options.persisted),
    validationErrorStatus: options.validationErrorStatus ?? 400,
    timeoutMs,
    deadlines: new Deadlines(timeoutMs),
    contextValue: options.contextValue,
    rootValue: options.rootValue,
    cache: options.cache ? createEndpointCache(options.cache, options.engine) : null,
  };
  const cors = options.cors || null;
  if (cors) checkCorsOptions(cors);
  let shuttingDown = false;

  function finish(
    request: HttpRequest,
    response: HttpResponse,
    info: RequestInfo,
    startedAt: number,
  ): HttpResponse {
    const seconds = (performance.now() - startedAt) / 1000;
    metrics.recordRequest(info.operationType, response.status, seconds);
    if (info.requestErrors > 0) metrics.recordErrors('request', info.requestErrors);
    if (info.fieldErrors > 0) metrics.recordErrors('field', info.fieldErrors);
    stamp(response, info.requestId);
    if (logger === silentLogger) {
      if (cors) addCorsHeaders(response.headers, request, cors);
      return response;
    }
    const fields = {
      requestId: info.requestId,
      method: request.method,
      path: graphqlPath,
      status: response.status,
      operationType: info.operationType,
      operationName:
        info.operationName !== undefined && info.operationName.length > 100
          ? `${info.operationName.slice(0, 100)}…`
          : info.operationName,
      errors: info.requestErrors + info.fieldErrors,
      code: info.code,
      durationMs: Math.round(seconds * 1e6) / 1000,
    };
    if (info.failure !== undefined)
      logger.error('request failed', { ...fields, error: info.failure });
    else logger.info('request', fields);
    if (cors) addCorsHeaders(response.headers, request, cors);
    return response;
  }

  /** The response for an error thrown by handleGraphQL: its own, or a (masked) 500. */
  function failureResponse(error: unknown, info: RequestInfo): HttpResponse {
    if (error instanceof HttpError) return graphqlErrorResponse(error, info);
    // Our own bug or a throwing contextValue: logged in full, masked in production.
    info.failure = error;
    const message = options.maskErrors
      ? 'Unexpected error.'
      : error instanceof Error
        ? error.message
        : String(error);
    return graphqlErrorResponse(new HttpError(500, ErrorCode.INTERNAL_SERVER_ERROR, message), info);
  }

  function graphql(
    request: HttpRequest,
    search: URLSearchParams | null,
    startedAt: number,
    requestId: string,
  ): HttpResponse | Promise<HttpResponse> {
    const method = request.method;
    // POST and GET, the usual two, are not upper-cased (a new string) on every request.
    if (method !== 'POST' && method !== 'GET' && method.toUpperCase() === 'OPTIONS') {
      return stamp(
        cors
          ? preflightResponse(request, cors)
          : { status: 204, headers: { allow: 'GET, POST, OPTIONS' }, body: '' },
        requestId,
      );
    }
    const info: RequestInfo = {
      requestId,
      operationType: 'none',
      operationName: undefined,
      requestErrors: 0,
      fieldErrors: 0,
      code: undefined,
      failure: undefined,
      media: JSON_TYPE,
    };
    metrics.inFlight++;
    let response: HttpResponse | Promise<HttpResponse>;
    try {
      response = handleGraphQL(request, search, endpoint, info, startedAt);
    } catch (error) {
      response = failureResponse(error, info);
    }
    if (response instanceof Promise) {
      return response.then(
        (value) => {
          metrics.inFlight--;
          return finish(request, value, info, startedAt);
        },
        (error: unknown) => {
          metrics.inFlight--;
          return finish(request, failureResponse(error, info), info, startedAt);
        },
      );
    }
    metrics.inFlight--;
    return finish(request, response, info, startedAt);
  }

  async function other(request: HttpRequest, pathname: string): Promise<HttpResponse> {
    const method = request.method.toUpperCase();
    if (method === 'GET' || method === 'HEAD') {
      if (pathname === '/health') return jsonResponse(200, { status: 'ok' });
      if (pathname === '/ready') {
        const ready =
          !shuttingDown &&
          (await checkReadiness(options.readiness, Math.min(endpoint.timeoutMs, 5000)));
        return jsonResponse(ready ? 200 : 503, {
          status: ready ? 'ready' : shuttingDown ? 'shutting down' : 'unavailable',
        });
      }
      if (pathname === '/metrics' && options.metrics !== false) {
        return textResponse(
          200,
          'text/plain; version=0.0.4; charset=utf-8',
          metrics.render(endpoint.engine.stats()),
        );
      }
      if (graphiql && pathname.startsWith(`${assetsPath}/`)) {
        const asset = await graphiqlAsset(pathname.slice(assetsPath.length + 1));
        if (asset) return asset;
      }
    }
    return textResponse(404, 'text/plain; charset=utf-8', 'Not Found');
  }

  function respond(
    request: HttpRequest,
    startedAt = performance.now(),
  ): HttpResponse | Promise<HttpResponse> {
    const url = request.url;
    const requestId = requestIdOf(request);
    // Fast path for the common POST to the endpoint: no URL object is needed.
    if (url === graphqlPath) return graphql(request, null, startedAt, requestId);
    let parsed: URL;
    try {
      parsed = new URL(url, 'http://localhost');
    } catch {
      return stamp(
        errorResponse(new HttpError(400, ErrorCode.BAD_REQUEST, 'The request URL is malformed.')),
        requestId,
      );
    }
    const pathname = normalizePath(parsed.pathname);
    if (pathname === graphqlPath)
      return graphql(request, parsed.searchParams, startedAt, requestId);
    return other(request, pathname).then((response) => stamp(response, requestId));
  }

  const handle: Handler = async (request) => respond(request);

  return {
    handle,
    respond,
    metrics,
    logger,
    graphqlPath,
    endpoint,
    cors,
    record(request, response, startedAt, code) {
      const info: RequestInfo = {
        requestId: requestIdOf(request),
        operationType: 'none',
        operationName: undefined,
        requestErrors: 1,
        fieldErrors: 0,
        code,
        failure: undefined,
        media: JSON_TYPE,
      };
      finish(request, response, info, startedAt);
    },
    markShuttingDown() {
      shuttingDown = true;
    },
    replaceEngine(engine) {
      endpoint.engine = engine;
      endpoint.cache?.useSchemaOf(engine);
    },
    cache: endpoint.cache,
  };
}

/**
 * The pure GraphQL-over-HTTP core: plain request data in, plain response data out (no node:http),
 * so any server or a test can drive it. Bodies come from the engine's JSON text unchanged.
 */
export function createHandler(options: ServerOptions): Handler {
  return buildHandler(options).handle;
}
