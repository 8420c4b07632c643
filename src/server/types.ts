import type { Engine } from '../engine/index.js';
import type { Logger } from './logger.js';

/** A request as plain data: what the protocol core needs, whatever server received it. */
export interface HttpRequest {
  readonly method: string;
  /** Path and query, e.g. `/graphql?query=...` (an absolute URL is accepted too). */
  readonly url: string;
  /** Header names in lower case, as node:http gives them. */
  readonly headers: Readonly<Record<string, string | readonly string[] | undefined>>;
  /** The (already decompressed) body, or null when there is none. */
  readonly body: Uint8Array | string | null;
  /**
   * Aborts when the client goes away before its response is written. Optional: the node adapter
   * gives one (made on first access); plain callers of `createHandler` may leave it out.
   */
  readonly signal?: AbortSignal;
  /**
   * Calls `listener` once if the client goes away before its response is written: what `signal`
   * says, without making an AbortSignal (an AbortController and an abort listener per request
   * showed in profiles of database-backed requests). Optional; without it, `signal` is followed.
   */
  readonly onClientGone?: (listener: (reason: unknown) => void) => void;
  /**
   * True once the client went away before its response was written: what `signal.aborted` says,
   * read without making the signal. Optional.
   */
  readonly clientGone?: boolean;
}

/** The second argument of `contextValue`. */
export interface RequestScope {
  /**
   * The request's id, also sent back as `x-request-id` and written in its log line: the client's
   * own `x-request-id` when it is 1–128 characters of `A-Z a-z 0-9 _ . : + / = -`, else a new one.
   * Put it in the context to tie a resolver's or a database's logs to the request.
   */
  readonly requestId: string;
  /**
   * Aborts when the operation is given up: `timeoutMs` passed (the reason is the 504 error) or
   * the client went away. The engine gets the same signal (`ExecuteRequest.signal`). Pass it to
   * fetch, database drivers and the like.
   */
  readonly signal: AbortSignal;
  /**
   * Says that the credentials the context was made from stop being valid at `epochMs` (ms since
   * the epoch), such as a token's `exp`: an operation that outlives them is ended then. Over
   * WebSocket the socket closes with 4440 (its operations end); over SSE the stream ends with a
   * `TOKEN_EXPIRED` error event. Over HTTP nothing happens: the request was checked when it ran.
   * The earliest of several calls counts.
   */
  expireAt(epochMs: number): void;
}

/** A response as plain data. `body` is the engine's JSON text for GraphQL responses. */
export interface HttpResponse {
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly body: string | Uint8Array;
}

export type Handler = (request: HttpRequest) => Promise<HttpResponse>;

export interface CorsOptions {
  /**
   * Allowed origins: `'*'`, one origin, a list, or a predicate. With `credentials`, a predicate
   * that answers true for every origin (or for `'null'`) is as open as `'*'`; it is not checked.
   */
  readonly origin: '*' | string | readonly string[] | ((origin: string) => boolean);
  /**
   * Send `Access-Control-Allow-Credentials: true`, so pages of the allowed origins may send cookies
   * and read the answers. Not with origin `'*'`: creating the handler throws, since every web site
   * could then read answers made with its visitors' cookies (list the origins instead). Nor with
   * `'null'` as the origin or in the list: any site can send `Origin: null` (sandboxed iframes,
   * `data:` and `file:` pages), so creating the handler throws too.
   */
  readonly credentials?: boolean;
  /** Seconds a browser may cache a preflight answer. Default 600. */
  readonly maxAge?: number;
  /** Request headers allowed beyond those asked for in the preflight. */
  readonly allowedHeaders?: readonly string[];
  /** Response headers a browser script may read. Default `Server-Timing`. */
  readonly exposedHeaders?: readonly string[];
}

export interface CsrfOptions {
  /** Headers whose presence proves a preflighted request. Default below (csrf.ts). */
  readonly headers?: readonly string[];
}

export interface PersistedOptions {
  /**
   * `apq`: automatic persisted queries (hash first, text on a miss; any document allowed).
   * `trusted`: only documents on the allowlist run, by hash or by text.
   * `off`: hashes are refused, text is run as usual.
   */
  readonly mode: 'apq' | 'trusted' | 'off';
  /** The allowlist (trusted) or a pre-seeded store (apq): texts, or a map of sha256 hex → text. */
  readonly documents?: readonly string[] | Readonly<Record<string, string>>;
  /** APQ store: most documents kept (LRU). Default 1000. */
  readonly maxEntries?: number;
  /** APQ store: most UTF-8 bytes of document text kept, all entries together (LRU). Default 16 MiB. */
  readonly maxBytes?: number;
  /**
   * APQ store: a document text over this many UTF-8 bytes is never kept (it still goes to the
   * engine, which refuses it when over its own `maxDocumentBytes`). Default 100 KiB; the CLI
   * passes `--max-document-bytes` to both.
   */
  readonly maxDocumentBytes?: number;
}

/**
 * How writes reach the result caches of other processes (docs/cache.md, "Invalidation"):
 * `sluice/pg`'s `createPgInvalidation` over LISTEN/NOTIFY, or anything with these two methods.
 */
export interface InvalidationBus {
  /** Tells the other processes the tags a mutation here wrote. */
  publish(tags: ReadonlyArray<string>): void;
  /** Calls `listener` with the tags written elsewhere. */
  subscribe(listener: (tags: ReadonlyArray<string>) => void): void;
  /**
   * False while the bus may be missing what is written elsewhere (its connection lost and not
   * yet back): the cache then neither answers nor keeps. Absent: always hearing.
   */
  hearing?(): boolean;
}

/** The result cache (docs/cache.md). Off unless given; nothing is cached without a policy. */
export interface ResultCacheOptions {
  /**
   * Most bytes the kept responses take: each counts its body's UTF-8 bytes, its key (two bytes a
   * character) and 256 bytes of overhead; the least recently used go first. Default 64 MiB.
   */
  readonly maxBytes?: number;
  /** Seconds an entry is served when `@cached` gives no `ttl`. Default 60. */
  readonly ttl?: number;
  /** Query operations cached, by operation name: seconds each is served. */
  readonly operations?: Readonly<Record<string, number>>;
  /**
   * Root query fields, by coordinate (`Query.users`): seconds. A query whose every root field is
   * listed is cached, for the least of their TTLs.
   */
  readonly fields?: Readonly<Record<string, number>>;
  /**
   * Who the answer is for: a string that is part of every key (say the role and the settings a
   * request applies), or undefined to leave the request uncached. Called after `contextValue`,
   * with its value. Without it, a request with an `Authorization` or `Cookie` header is never
   * cached, and every other request shares one scope.
   */
  readonly scope?: (request: HttpRequest, contextValue: unknown) => string | undefined;
  /**
   * Which answers are kept (docs/cache.md, "Admission"). `'repeated'` (the default): an answer
   * is kept only when its key was already asked within a recent window (the last 1,024 to
   * 1,048,576 distinct keys: one per KiB of `maxBytes`), or was kept before and went stale, so a
   * request asked once costs its lookup and no memory; the second request of a key runs again
   * and is kept, the third is a hit. `'all'`: every answer fit to keep is kept from its first
   * request.
   */
  readonly admission?: 'repeated' | 'all';
  /** Invalidations to and from other processes. Default: this process only. */
  readonly invalidation?: InvalidationBus;
  /** The clock TTLs are measured on, in milliseconds (tests). Default Date.now. */
  readonly now?: () => number;
}

export interface GraphiQLOptions {
  readonly title?: string;
  readonly defaultQuery?: string;
  /**
   * GraphiQL's Explorer plugin (the schema as a tree to click a query together), open when the
   * page loads; served from the `@graphiql/plugin-explorer` package when it is installed.
   * Default true.
   */
  readonly explorer?: boolean;
  /**
   * Subscriptions typed into GraphiQL run over graphql-ws at the endpoint's own URL (ws: or wss:,
   * the page's host). Default: on when the server serves WebSocket (`createSluiceServer` with
   * `realtime` on), off for `createHandler` and `createNodeHandler`, which serve HTTP alone.
   */
  readonly subscriptions?: boolean;
}

export interface ServerOptions {
  readonly engine: Engine;
  /** Where GraphQL is served. Default `/graphql`. */
  readonly path?: string;
  /** Serve GraphiQL on GET `path` for browsers. Default true. */
  readonly graphiql?: boolean | GraphiQLOptions;
  /** Cross-origin access; off (same origin only) by default. */
  readonly cors?: false | CorsOptions;
  /** Refuse GET requests a browser could send cross-site without a preflight. Default true. */
  readonly csrf?: boolean | CsrfOptions;
  /** Largest request body, counted after decompression. Default 1 MiB. */
  readonly maxBodyBytes?: number;
  /** Longest time a request may run (parse to response) before a 504 TIMEOUT. Default 30 s. */
  readonly timeoutMs?: number;
  /** Compress responses of 1 KiB or more when `Accept-Encoding` asks (br, gzip, deflate). Default true. */
  readonly compression?: boolean;
  /** Longest time to receive a request's headers and body (slow clients get a 408). Default 30 s. */
  readonly requestTimeoutMs?: number;
  readonly persisted?: PersistedOptions;
  /** Status for validation failures under `application/graphql-response+json`: 400 (default) or the draft's 422. */
  readonly validationErrorStatus?: 400 | 422;
  /**
   * Production mode: the server's own unexpected failures answer "Unexpected error." (the full
   * error is logged). Pass `maskErrors` to `createEngine` too, for resolver errors.
   */
  readonly maskErrors?: boolean;
  /** Dependencies reachable? Answers GET /ready. Default: always ready. */
  readonly readiness?: () => Promise<boolean> | boolean;
  /** Serve Prometheus text at GET /metrics. Default true. */
  readonly metrics?: boolean;
  readonly logger?: Logger;
  /**
   * Builds the GraphQL context of each request; may return a promise. `scope.signal` aborts on
   * timeout or when the client leaves: put it in the context for resolvers doing async work.
   */
  readonly contextValue?: (request: HttpRequest, scope: RequestScope) => unknown;
  readonly rootValue?: unknown;
  /** The result cache: off by default (docs/cache.md). */
  readonly cache?: ResultCacheOptions;
}

/**
 * GraphQL over WebSocket (graphql-ws) and over Server-Sent Events (graphql-sse), on the GraphQL
 * path of a `createSluiceServer` server. Limits are per connection; see docs/realtime.md.
 */
export interface RealtimeOptions {
  /** Accept WebSocket upgrades (the `graphql-transport-ws` subprotocol). Default true. */
  readonly webSocket?: boolean;
  /** Answer `Accept: text/event-stream` requests (graphql-sse, distinct connections). Default true. */
  readonly sse?: boolean;
  /** Close a socket that sent no `connection_init` within this many ms (4408). Default 10,000. */
  readonly connectionInitTimeoutMs?: number;
  /** Ping every socket this often, and drop one that has not answered by the next. Default 12,000; 0 = off. */
  readonly keepAliveMs?: number;
  /** Operations open at once on one socket (subscriptions, queries until answered); more closes it (4430). Default 100. */
  readonly maxSubscriptionsPerConnection?: number;
  /** Messages a connection may have written but its client not yet read; more closes it (4413). Default 1,000. */
  readonly maxQueuedMessages?: number;
  /** Bytes a connection may have written but its client not yet read; more closes it (4413). Default 4 MiB. */
  readonly maxQueuedBytes?: number;
  /** Largest WebSocket message a client may send, in bytes (1009 beyond). Default: the server's `maxBodyBytes`. */
  readonly maxMessageBytes?: number;
}
