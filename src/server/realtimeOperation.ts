import type { ExecutionArgs } from 'graphql';
import type {
  ExecuteOutcome,
  ExecuteRequest,
  PreparedOperation,
  RequestFailure,
} from '../engine/index.js';
import type { GraphQLEndpoint } from './handleGraphQL.js';
import type { RawPayloads, RawResult } from './RawPayloads.js';
import type { GraphQLParams } from './readParams.js';
import { errorBody, HttpError } from './responses.js';
import type { HttpRequest, RequestScope } from './types.js';

/**
 * What the streaming transports (WebSocket, SSE) share with GraphQL over HTTP: the persisted-
 * document lookup and the request entry (`engine.prepare`, with every limit of the engine), then
 * the engine's `execute` or `subscribe`, whose JSON text goes out as it is.
 */

/** An operation refused before it ran: the status HTTP would answer and the `{"errors":…}` text. */
export interface Refusal {
  readonly status: number;
  readonly body: string;
  /** The request error, when the persisted lookup refused the request (not the engine). */
  readonly error?: HttpError;
}

/**
 * The request parameters of a protocol message. Both protocols require `query` to be a string, so
 * an empty one sent with a persisted-query hash or a `documentId` means "by hash only", as an
 * absent `query` does over HTTP.
 */
export function paramsOf(payload: {
  readonly query?: unknown;
  readonly operationName?: unknown;
  readonly variables?: unknown;
  readonly extensions?: unknown;
  readonly documentId?: unknown;
}): GraphQLParams {
  const map = (value: unknown) =>
    typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  const extensions = map(payload.extensions);
  const documentId =
    typeof payload.documentId === 'string'
      ? payload.documentId
      : typeof extensions?.['documentId'] === 'string'
        ? extensions['documentId']
        : undefined;
  const byHash = extensions?.['persistedQuery'] != null || documentId !== undefined;
  const query = typeof payload.query === 'string' ? payload.query : undefined;
  return {
    query: query === '' && byHash ? undefined : query,
    operationName: typeof payload.operationName === 'string' ? payload.operationName : undefined,
    variables: map(payload.variables),
    extensions,
    documentId,
  };
}

/** The persisted lookup and `prepare`, as over HTTP: the prepared operation or its refusal. */
export function prepareOperation(
  endpoint: GraphQLEndpoint,
  params: GraphQLParams,
): PreparedOperation | Refusal {
  let prepared: PreparedOperation | RequestFailure;
  try {
    prepared = endpoint.engine.prepare(endpoint.persisted.resolve(params), params.operationName);
  } catch (error) {
    if (error instanceof HttpError)
      return { status: error.status, body: errorBody(error.message, error.code), error };
    throw error;
  }
  if (prepared.ok) return prepared;
  const status = prepared.phase === 'validate' ? endpoint.validationErrorStatus : 400;
  return { status, body: prepared.body };
}

export function isRefusal(value: PreparedOperation | Refusal): value is Refusal {
  return !('ok' in value);
}

/**
 * How a transport takes what an operation gives: a single result's text (a query's or mutation's,
 * or a subscription refused at its start: variables, cost, the subscribe resolver failing) as
 * what its library sends, and a subscription's stream of events as what its library iterates.
 */
export interface ResultSink<R> {
  readonly result: (text: string) => R;
  /** The library returning (or throwing into) the iterator closes the engine's source at once. */
  readonly stream: (events: AsyncGenerator<ExecuteOutcome, void, void>) => AsyncIterableIterator<R>;
}

/** A sink whose results are RawResults of the engine's text, every event's as well. */
export function rawResults(payloads: RawPayloads): ResultSink<RawResult> {
  const wrap = (text: string) => payloads.wrap(text);
  return { result: wrap, stream: (events) => mapOutcomes(events, wrap) };
}

async function runOperation<R>(
  prepared: PreparedOperation,
  request: ExecuteRequest,
  sink: ResultSink<R>,
): Promise<R | AsyncIterableIterator<R>> {
  if (prepared.operationType !== 'subscription')
    return sink.result((await prepared.execute(request)).body);
  const outcome = await prepared.subscribe(request);
  if (!(Symbol.asyncIterator in outcome)) return sink.result(outcome.body);
  return sink.stream(outcome);
}

function mapOutcomes<R>(
  stream: AsyncGenerator<ExecuteOutcome, void, void>,
  wrap: (text: string) => R,
): AsyncIterableIterator<R> {
  const done: IteratorReturnResult<undefined> = { done: true, value: undefined };
  const iterator: AsyncIterableIterator<R> = {
    async next() {
      const event = await stream.next();
      return event.done ? done : { done: false, value: wrap(event.value.body) };
    },
    async return() {
      await stream.return();
      return done;
    },
    async throw(error: unknown) {
      await stream.return();
      throw error;
    },
    [Symbol.asyncIterator]: () => iterator,
  };
  return iterator;
}

const RUN = Symbol('run');

/** What a library's `onSubscribe` hands back to its `execute` / `subscribe`: the run prepared here. */
export type OperationArgs = ExecutionArgs & { readonly [RUN]: () => Promise<unknown> };

/**
 * The execution arguments of a prepared operation, with its context (`contextValue(request,
 * scope)`, once per operation) and its run: `runPrepared` starts it, its results given to `sink`.
 */
export async function operationArgs(
  endpoint: GraphQLEndpoint,
  prepared: PreparedOperation,
  params: GraphQLParams,
  client: { readonly request: HttpRequest; readonly scope: RequestScope },
  sink: ResultSink<unknown>,
): Promise<OperationArgs> {
  const contextValue = endpoint.contextValue
    ? await endpoint.contextValue(client.request, client.scope)
    : undefined;
  const request: ExecuteRequest = {
    variables: params.variables ?? null,
    contextValue,
    rootValue: endpoint.rootValue,
    signal: client.scope.signal,
  };
  return {
    schema: endpoint.engine.schema,
    document: prepared.document,
    operationName: prepared.operationName,
    variableValues: request.variables,
    rootValue: request.rootValue,
    contextValue,
    [RUN]: () => runOperation(prepared, request, sink),
  };
}

/** The libraries' `execute` and `subscribe`: both run what `operationArgs` prepared. */
export const runPrepared = (args: ExecutionArgs): never => (args as OperationArgs)[RUN]() as never;
