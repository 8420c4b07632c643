import {
  ErrorCode,
  type Engine,
  type ExecuteBytesRequest,
  type ExecuteOutcome,
  type PreparedOperation,
} from '../engine/index.js';
import { assertNotSimpleRequest, headerValue } from './csrf.js';
import { databaseStatus } from './databaseStatus.js';
import type { Deadlines } from './Deadlines.js';
import { graphiqlPage } from './graphiql.js';
import {
  GRAPHQL_RESPONSE_JSON,
  JSON_TYPE,
  negotiateResponseType,
  prefersHtml,
  type ResponseMediaType,
} from './mediaType.js';
import type { OperationLabel } from './Metrics.js';
import type { PersistedOperations } from './persisted.js';
import {
  assertJsonContentType,
  paramsFromJsonBody,
  paramsFromSearch,
  type GraphQLParams,
} from './readParams.js';
import { contentTypeHeader, errorResponse, HttpError } from './responses.js';
import { OperationScope } from './OperationScope.js';
import { runCached, type EndpointCache } from './cachedExecution.js';
import { serverTiming } from './serverTiming.js';
import type {
  CsrfOptions,
  GraphiQLOptions,
  HttpRequest,
  HttpResponse,
  ServerOptions,
} from './types.js';

export interface GraphQLEndpoint {
  /** Replaced when the schema is reloaded (HandlerCore.replaceEngine). */
  engine: Engine;
  readonly path: string;
  readonly assetsPath: string;
  readonly graphiql: GraphiQLOptions | null;
  readonly csrf: CsrfOptions | null;
  readonly persisted: PersistedOperations;
  readonly validationErrorStatus: 400 | 422;
  readonly timeoutMs: number;
  /** The deadlines of asynchronous operations, `timeoutMs` each (one shared timer). */
  readonly deadlines: Deadlines;
  readonly contextValue: ServerOptions['contextValue'];
  readonly rootValue: unknown;
  /** The result cache; null when off (then no request does any work for it). */
  readonly cache: EndpointCache | null;
}

/** What the request turned out to be, for metrics and the request log. */
export interface RequestInfo {
  /** `x-request-id`: the client's when safe, else made here (requestId.ts). */
  readonly requestId: string;
  operationType: OperationLabel;
  operationName: string | undefined;
  requestErrors: number;
  fieldErrors: number;
  code: string | undefined;
  /** An unexpected failure (→ 500), logged in full. */
  failure: unknown;
  media: ResponseMediaType;
}

const ALLOW = 'GET, POST, OPTIONS';

/** Thrown when `timeoutMs` passes before an asynchronous execution finishes. */
class RequestTimeout extends HttpError {
  constructor(ms: number) {
    super(504, ErrorCode.TIMEOUT, `The operation did not finish within ${ms} ms.`);
  }
}

/**
 * Waits for an asynchronous execution until `timeoutMs` after the request started; on a timeout,
 * aborts the scope's signal and rejects with the 504 error. Deadlines share one timer (see
 * Deadlines.ts): the timeout fires at most a sweep period late, and costs no timer per request.
 * The scope ends when the promise settles, unless `last` is false (a promise the operation waits
 * for before it runs, as an asynchronous `contextValue`).
 */
function withTimeout<T>(
  promise: Promise<T>,
  endpoint: GraphQLEndpoint,
  startedAt: number,
  scope: OperationScope,
): Promise<T>;
/** The same, resolving with `then(value)`: one promise less than `withTimeout(…).then(then)`. */
function withTimeout<T, R>(
  promise: Promise<T>,
  endpoint: GraphQLEndpoint,
  startedAt: number,
  scope: OperationScope,
  then: (value: T) => R,
  last?: boolean,
): Promise<Awaited<R>>;
function withTimeout<T, R>(
  promise: Promise<T>,
  endpoint: GraphQLEndpoint,
  startedAt: number,
  scope: OperationScope,
  then?: (value: T) => R,
  last = true,
): Promise<T | R> {
  const ms = endpoint.timeoutMs;
  return new Promise<T | R>((resolve, reject) => {
    let expired = false;
    const expire = () => {
      expired = true;
      const error = new RequestTimeout(ms);
      scope.abort(error);
      reject(error);
    };
    if (performance.now() - startedAt >= ms) {
      expire();
      // Still subscribed, so that a late rejection is never unhandled.
      promise.catch(() => {});
      return;
    }
    const deadline = endpoint.deadlines.add(startedAt, expire);
    promise.then(
      (value) => {
        endpoint.deadlines.settle(deadline);
        if (last) scope.end();
        // After a timeout the answer was the 504: the late value is not answered too.
        if (then === undefined || expired) return resolve(value as T | R);
        try {
          resolve(then(value));
        } catch (error) {
          reject(error);
        }
      },
      (error: unknown) => {
        endpoint.deadlines.settle(deadline);
        if (last) scope.end();
        reject(error);
      },
    );
  });
}

function readRequest(
  request: HttpRequest,
  method: string,
  search: URLSearchParams | null,
  endpoint: GraphQLEndpoint,
): GraphQLParams {
  if (method === 'GET') {
    if (endpoint.csrf) assertNotSimpleRequest(request, endpoint.csrf);
    return paramsFromSearch(search ?? new URLSearchParams());
  }
  assertJsonContentType(headerValue(request, 'content-type'));
  return paramsFromJsonBody(request.body);
}

/** Status of a response with no `data` (spec "Status Codes"): 200 for legacy JSON, 4xx otherwise. */
function requestErrorStatus(media: ResponseMediaType, status: 400 | 422): number {
  return media === GRAPHQL_RESPONSE_JSON ? status : 200;
}

const CONTENT_TYPE: Record<ResponseMediaType, string> = {
  [GRAPHQL_RESPONSE_JSON]: contentTypeHeader(GRAPHQL_RESPONSE_JSON),
  [JSON_TYPE]: contentTypeHeader(JSON_TYPE),
};

/**
 * One GraphQL-over-HTTP request: negotiate, read the parameters, resolve persisted documents,
 * prepare (cached), run, and answer with the engine's JSON text. Returns the response itself when
 * everything on the way is synchronous, and a promise only when `contextValue` or a resolver
 * returns one (a value when it can, a promise only when it must). Request errors
 * are thrown as HttpError (synchronously, or as the promise's rejection).
 */
export function handleGraphQL(
  request: HttpRequest,
  search: URLSearchParams | null,
  endpoint: GraphQLEndpoint,
  info: RequestInfo,
  startedAt: number,
): HttpResponse | Promise<HttpResponse> {
  const given = request.method;
  const method = given === 'POST' || given === 'GET' ? given : given.toUpperCase();
  if (method !== 'GET' && method !== 'POST') {
    throw new HttpError(
      405,
      ErrorCode.METHOD_NOT_ALLOWED,
      `Method ${method} is not allowed; use GET or POST.`,
      {
        allow: ALLOW,
      },
    );
  }
  const accept = headerValue(request, 'accept');
  if (method === 'GET' && endpoint.graphiql && prefersHtml(accept)) {
    return graphiqlPage(endpoint.path, endpoint.assetsPath, endpoint.graphiql);
  }
  const media = negotiateResponseType(accept);
  if (media === null) {
    throw new HttpError(
      406,
      ErrorCode.NOT_ACCEPTABLE,
      `None of the media types in Accept can be produced; accept ${GRAPHQL_RESPONSE_JSON} or ${JSON_TYPE}.`,
    );
  }
  info.media = media;

  const params = readRequest(request, method, search, endpoint);
  const query = endpoint.persisted.resolve(params);
  const prepared = endpoint.engine.prepare(query, params.operationName);

  if (!prepared.ok) {
    info.requestErrors = prepared.errors.length;
    info.code = prepared.errors[0]?.extensions['code'] as string | undefined;
    const status =
      prepared.phase === 'validate'
        ? requestErrorStatus(media, endpoint.validationErrorStatus)
        : requestErrorStatus(media, 400);
    return {
      status,
      headers: {
        'content-type': CONTENT_TYPE[media],
        'server-timing': serverTiming(
          prepared.timings,
          prepared.cached,
          undefined,
          performance.now() - startedAt,
        ),
      },
      body: prepared.body,
    };
  }
  info.operationType = prepared.operationType;
  info.operationName = prepared.operationName;
  assertRunnable(prepared, method);

  const variables = params.variables ?? null;
  const scope = new OperationScope(request, info.requestId);
  const cached = endpoint.cache === null ? undefined : { request, method };
  if (!endpoint.contextValue) {
    return run(prepared, variables, undefined, scope, endpoint, info, startedAt, cached);
  }
  const contextValue = endpoint.contextValue(request, scope);
  if (contextValue instanceof Promise) {
    scope.wait();
    // Within `timeoutMs` of the request's start too: a contextValue that never settles is
    // answered with the 504 (run's own deadline then covers what is left of the time).
    return withTimeout(
      contextValue,
      endpoint,
      startedAt,
      scope,
      (value: unknown) => run(prepared, variables, value, scope, endpoint, info, startedAt, cached),
      false,
    );
  }
  return run(prepared, variables, contextValue, scope, endpoint, info, startedAt, cached);
}

/** What a request on an endpoint with a result cache brings to `run` (undefined without one). */
interface CacheableRequest {
  readonly request: HttpRequest;
  readonly method: string;
}

/**
 * What `prepared.execute` gets. `signal` is a getter: the scope's AbortController is made only if
 * the engine asks for it (an asynchronous execution), not for every request; `aborted` answers
 * without making it.
 */
class Execution implements ExecuteBytesRequest {
  readonly bytes = true;
  constructor(
    readonly variables: Readonly<Record<string, unknown>> | null,
    readonly contextValue: unknown,
    readonly rootValue: unknown,
    private readonly scope: { readonly signal: AbortSignal; readonly aborted?: boolean },
  ) {}

  get signal(): AbortSignal {
    return this.scope.signal;
  }

  get aborted(): boolean {
    return this.scope.aborted ?? this.scope.signal.aborted;
  }
}

function run(
  prepared: PreparedOperation,
  variables: Readonly<Record<string, unknown>> | null,
  contextValue: unknown,
  scope: OperationScope,
  endpoint: GraphQLEndpoint,
  info: RequestInfo,
  startedAt: number,
  cached: CacheableRequest | undefined,
): HttpResponse | Promise<HttpResponse> {
  const cache = endpoint.cache;
  if (
    cached !== undefined &&
    cache !== null &&
    (prepared.operationType === 'mutation' ||
      cache.policyOf(prepared, cache.rootType) !== undefined)
  ) {
    return runCached({
      cache,
      prepared,
      request: cached.request,
      method: cached.method,
      variables,
      contextValue,
      scope,
      execute: (signals) =>
        prepared.execute(new Execution(variables, contextValue, endpoint.rootValue, signals)),
      wait: (promise, then) => {
        scope.wait();
        return withTimeout(promise, endpoint, startedAt, scope, then);
      },
      answer: (outcome) => answer(prepared, outcome, endpoint, info, startedAt),
    });
  }
  const ran = prepared.execute(new Execution(variables, contextValue, endpoint.rootValue, scope));
  if (!(ran instanceof Promise)) return answer(prepared, ran, endpoint, info, startedAt);
  scope.wait();
  return withTimeout(ran, endpoint, startedAt, scope, (outcome) =>
    answer(prepared, outcome, endpoint, info, startedAt),
  );
}

function answer(
  prepared: PreparedOperation,
  outcome: ExecuteOutcome<string | Uint8Array>,
  endpoint: GraphQLEndpoint,
  info: RequestInfo,
  startedAt: number,
): HttpResponse {
  if (outcome.hasData) info.fieldErrors = outcome.errorCount;
  else info.requestErrors = outcome.errorCount;
  const headers: Record<string, string> = {
    'content-type': CONTENT_TYPE[info.media],
    'server-timing': serverTiming(
      prepared.timings,
      prepared.cached,
      outcome.executeMs,
      performance.now() - startedAt,
    ),
  };
  // With a result cache, what it does not keep is marked so (its own answers say more).
  if (endpoint.cache !== null) headers['cache-control'] = 'no-store';
  let status = outcome.hasData ? 200 : requestErrorStatus(info.media, 400);
  const database = databaseStatus(outcome);
  if (database) {
    status = database.status;
    info.code = database.code;
    if (database.retryAfter !== undefined) headers['retry-after'] = database.retryAfter;
  }
  return { status, headers, body: outcome.body };
}

/** Spec "GET": a mutation over GET MUST get 405 and MUST NOT run (over HTTP and SSE alike). */
export function assertNotMutationOverGet(prepared: PreparedOperation, method: string): void {
  if (method === 'GET' && prepared.operationType === 'mutation') {
    throw new HttpError(
      405,
      ErrorCode.METHOD_NOT_ALLOWED,
      'Mutations cannot be sent over GET; use POST.',
      {
        allow: 'POST',
      },
    );
  }
}

function assertRunnable(prepared: PreparedOperation, method: string): void {
  assertNotMutationOverGet(prepared, method);
  if (prepared.operationType === 'subscription') {
    throw new HttpError(
      400,
      ErrorCode.BAD_REQUEST,
      'Subscriptions are not served over a single HTTP request; use a streaming transport.',
    );
  }
}

export function graphqlErrorResponse(error: HttpError, info: RequestInfo): HttpResponse {
  info.requestErrors = 1;
  info.code = error.code;
  return errorResponse(error, info.media);
}
