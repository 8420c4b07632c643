import {
  createSourceEventStream,
  GraphQLError,
  type DocumentNode,
  type ExecutionArgs,
  type GraphQLFieldResolver,
  type GraphQLFormattedError,
  type GraphQLSchema,
  type GraphQLTypeResolver,
  type OperationDefinitionNode,
  type ValidationRule,
} from 'graphql';
import { ErrorCode } from '../errors/ErrorCode.js';
import { validateRequest } from '../validation/validateRequest.js';
import {
  hasNoData,
  runJSON,
  type PromiseOrValue,
  type RunJSONOptions,
  type RunJSONResult,
} from '../execution/runJSON.js';
import { settingsOf, type ExecutionOptions } from '../execution/ExecutionOptions.js';
import {
  maxAliasesRule,
  maxDepthRule,
  maxDirectivesRule,
  noIntrospectionRule,
} from '../validation/limitRules.js';
import { estimateCost } from '../validation/estimateCost.js';
import { checkDocumentText } from '../validation/checkDocumentText.js';
import { parse } from '../language/parse.js';
import { checkVariables } from '../validation/checkVariables.js';
import { createErrorFormatter, errorCodesOf, withCode } from '../errors/formatError.js';
import { LruCache } from './LruCache.js';
import type { SourceTags } from '../source/DataSource.js';
import { tagsOfRuns } from '../plan/SourceGroup.js';
import { pickOperation } from '../plan/pickOperation.js';
import { isAsyncIterable, mapAsyncIterator } from '../execution/mapAsyncIterator.js';

export { pickOperation };

export interface EngineOptions {
  readonly schema: GraphQLSchema;
  /** The executor's switches: generated code on or off, the byte path's list policy. */
  readonly execution?: ExecutionOptions | undefined;
  /** Number of distinct documents whose plans are kept (LRU). Default 1000. */
  readonly planCacheSize?: number;
  /**
   * Bytes the kept plans may take, as estimated per document (its text, syntax tree and plan;
   * see `cachedBytes`). A document estimated above it is answered but not kept. Default 64 MiB.
   */
  readonly planCacheBytes?: number;
  /**
   * Largest document accepted, in UTF-8 bytes of its text (comments and white space count),
   * checked before parsing: MAX_DOCUMENT_SIZE_EXCEEDED. Default 100,000.
   */
  readonly maxDocumentBytes?: number;
  /** Maximum lexical tokens in a document. Default 10,000. */
  readonly maxTokens?: number;
  /**
   * Maximum nesting of fields: MAX_DEPTH_EXCEEDED. While parsing, the text may nest `{`, `[`
   * and `(` together at most 2 × maxDepth + maxInputDepth + 2 deep (at most 1,000), which any
   * document within the limits does (a fragment on every level, a literal maxInputDepth deep).
   * Default 20.
   */
  readonly maxDepth?: number;
  /** Maximum aliases per operation. Default 100. */
  readonly maxAliases?: number;
  /** Maximum directives per operation. Default 50. */
  readonly maxDirectives?: number;
  /**
   * Maximum estimated cost: COST_LIMIT_EXCEEDED. Every field costs 1; the selections under a
   * list count once per expected item (see the engine README, "Limits"). Default 50,000.
   */
  readonly maxCost?: number;
  /**
   * Largest variables accepted, in bytes of their JSON text (strings counted by length), checked
   * before coercion: MAX_VARIABLES_SIZE_EXCEEDED. Default 100,000.
   */
  readonly maxVariablesBytes?: number;
  /**
   * Deepest a variable's value may nest lists and objects (`{"v": [1]}` is 1 deep for `v`),
   * checked before coercion: MAX_INPUT_DEPTH_EXCEEDED. Default 32: filters nest two levels (a
   * list, an object) per `and`/`or`, so 16 levels of those, far more than written by hand, and
   * far from the stack that graphql-js's recursive coercion needs.
   */
  readonly maxInputDepth?: number;
  /** Allow `__schema` / `__type`. Default true. */
  readonly introspection?: boolean;
  /** Leave "Did you mean …?" suggestions out of validation and coercion errors. Default false. */
  readonly hideSuggestions?: boolean;
  /** Replace unexpected error messages by "Unexpected error." Default false. */
  readonly maskErrors?: boolean;
  /** Receives every unexpected (non-GraphQLError) error in full, e.g. to log it. */
  readonly onUnexpectedError?: (error: GraphQLError) => void;
  /** Extra validation rules, run after the specified ones. */
  readonly validationRules?: ReadonlyArray<ValidationRule>;
  readonly fieldResolver?: GraphQLFieldResolver<unknown, unknown>;
  readonly typeResolver?: GraphQLTypeResolver<unknown, unknown>;
}

/** Durations in milliseconds, for `Server-Timing` and logs. Zero when a phase was cached. */
export interface PrepareTimings {
  parse: number;
  validate: number;
  plan: number;
}

export type OperationType = 'query' | 'mutation' | 'subscription';

export interface RequestFailure {
  readonly ok: false;
  readonly phase: 'parse' | 'validate' | 'operation';
  readonly errors: ReadonlyArray<GraphQLError>;
  /** `{"errors":[...]}` as JSON text. */
  readonly body: string;
  readonly cached: boolean;
  readonly timings: PrepareTimings;
}

export interface ExecuteRequest {
  readonly variables?: Readonly<Record<string, unknown>> | null | undefined;
  readonly contextValue?: unknown;
  readonly rootValue?: unknown;
  /**
   * The caller can send the body as bytes: JSON a data source returned as UTF-8 bytes then stays
   * bytes (the body is a Uint8Array) instead of being decoded into text. Default false.
   */
  readonly bytes?: boolean;
  /**
   * Aborts when the response is no longer wanted (client gone, timeout): handed to data sources
   * as the third argument of `CompiledSourceQuery.execute`, which cancel their statement.
   */
  readonly signal?: AbortSignal | undefined;
  /**
   * Whether the response is no longer wanted, for a caller whose `signal` is made on first
   * access: a data source that only needs to know (a query waiting for a connection) asks this
   * instead of making the signal. Optional; `signal.aborted` otherwise.
   */
  readonly aborted?: boolean | undefined;
}

/** A request that takes the body as bytes. */
export type ExecuteBytesRequest = ExecuteRequest & { readonly bytes: true };

export interface ExecuteOutcome<Body extends string | Uint8Array = string> {
  /** The complete response as JSON text, or its UTF-8 bytes (see `ExecuteRequest.bytes`). */
  readonly body: Body;
  /** False when the request failed before execution (variables, cost): the body has no `data`. */
  readonly hasData: boolean;
  /**
   * True when the body has no `data`, `data` is null, or every root field's value is null
   * (an operation whose root fields were all skipped, `{}`, has data). After execution, a
   * getter that reads the start of the data text (V8 then flattens the text: read it only
   * when it matters, e.g. when there are errors).
   */
  readonly noData: boolean;
  readonly errorCount: number;
  /** The distinct `extensions.code` values of the body's errors, in the order they first appear. */
  readonly errorCodes: ReadonlyArray<string>;
  /** Milliseconds spent executing and writing the response (they are one step on the byte path). */
  readonly executeMs: number;
  /**
   * What the data sources that answered read and wrote: their `CompiledSourceQuery.tags`,
   * joined. Undefined when no source with tags ran (a refusal, resolver-only fields). Made when
   * read, so an outcome nobody asks costs nothing.
   */
  readonly tags?: SourceTags | undefined;
}

/** What `subscribe` gives: the stream of per-event outcomes, or the outcome of a refusal. */
export type SubscribeOutcome = AsyncGenerator<ExecuteOutcome, void, void> | ExecuteOutcome;

export interface PreparedOperation {
  readonly ok: true;
  readonly operationType: OperationType;
  readonly operationName: string | undefined;
  readonly document: DocumentNode;
  readonly operation: OperationDefinitionNode;
  /** True when parse, validation and planning were all served from the cache. */
  readonly cached: boolean;
  readonly timings: PrepareTimings;
  /** Runs a query or mutation; a subscription is answered OPERATION_NOT_SUPPORTED. */
  execute(request: ExecuteBytesRequest): PromiseOrValue<ExecuteOutcome<string | Uint8Array>>;
  execute(request?: ExecuteRequest): PromiseOrValue<ExecuteOutcome>;
  /**
   * Starts a subscription: the source stream of its events, each executed and written as JSON
   * text (`bytes` does not apply), or the outcome of a request that could not start (variables,
   * cost, the subscribe resolver failing). Other operations are answered OPERATION_NOT_SUPPORTED.
   * Calling `return()` on the stream closes the source.
   */
  subscribe(request?: ExecuteRequest): Promise<SubscribeOutcome>;
}

export type PrepareResult = PreparedOperation | RequestFailure;

export interface EngineStats {
  planCacheHits: number;
  planCacheMisses: number;
  planCacheSize: number;
  /** Estimated bytes of the kept plans (bounded by `planCacheBytes`). */
  planCacheBytes: number;
}

export interface Engine {
  readonly schema: GraphQLSchema;
  /** Parse, validate and plan `query` (cached by text), and pick the operation. */
  prepare(query: string, operationName?: string | null): PrepareResult;
  stats(): EngineStats;
}

interface PreparedPair {
  readonly first: PrepareResult;
  readonly again: PrepareResult;
  /** Selections the operation reaches (estimateCost): what is kept for it grows with them. */
  readonly selections?: number;
}

interface CachedDocument {
  /** The document, when it parsed and validated. */
  readonly document?: DocumentNode;
  /** The answer for a document that did not parse or validate, whatever the operation name. */
  readonly failed?: PreparedPair;
  readonly timings: PrepareTimings;
  /** Estimated bytes kept for this document (cachedBytes). */
  readonly bytes: number;
  /** Prepared operations of this document by operation name: only names the document has. */
  operations?: Map<string, PreparedPair>;
}

const NO_TIME: PrepareTimings = Object.freeze({ parse: 0, validate: 0, plan: 0 });

const now = () => performance.now();

/** Unknown operation names are quoted in errors up to this many characters. */
const QUOTED_NAME_LENGTH = 100;

/**
 * The deepest `{`, `[`, `(` nesting the parser ever allows (see `maxDepth`): the parser itself
 * takes any depth, but validation and planning walk the tree recursively.
 */
const MAX_NESTING = 1000;

/**
 * What a cached document is taken to hold, in bytes: its text at 2 bytes a character (V8 keeps
 * one or two), and its syntax tree with locations and tokens, which is most of it. Calibrated
 * with process.memoryUsage().heapUsed after gc(), over 2,000 documents of 100–900 tokens kept
 * prepared and run: 275–510 bytes per token, plans included; comments are one token each. A
 * document that failed to parse keeps no tree; one that failed validation keeps it (its errors
 * point into it).
 */
const BYTES_PER_TOKEN = 512;
const BYTES_PER_ENTRY = 1024;
/**
 * What each operation prepared and run keeps besides the document, per selection it reaches (its
 * fragments' included, each once): cost figures and plan. Measured as above over 300 operations
 * of one document spreading the same 300 fragments: 25 bytes a selection, 96 where the cost reads
 * variables. Plans for other `@skip`/`@include` combinations (up to 64) are not counted apart.
 */
const BYTES_PER_SELECTION = 128;

function cachedBytes(query: string, document: DocumentNode | undefined): number {
  if (document === undefined) return BYTES_PER_ENTRY + 2 * query.length;
  // Releases of graphql-js 16 before `tokenCount`: assume a token every two characters.
  const tokens = document.tokenCount ?? query.length / 2;
  return BYTES_PER_ENTRY + 2 * query.length + BYTES_PER_TOKEN * tokens;
}

/**
 * The request entry for servers (src/engine/README.md, "The request entry"): text in, JSON text
 * out, every document parsed, validated and planned once and kept in a bounded LRU cache keyed by
 * its text.
 */
export function createEngine(options: EngineOptions): Engine {
  const settings = settingsOf(options.execution);
  const {
    schema,
    planCacheSize = 1000,
    planCacheBytes = 64 * 1024 * 1024,
    maxDocumentBytes = 100_000,
    maxTokens = 10_000,
    maxDepth = 20,
    maxAliases = 100,
    maxDirectives = 50,
    maxCost = 50_000,
    maxVariablesBytes = 100_000,
    maxInputDepth = 32,
    introspection = true,
    hideSuggestions = false,
  } = options;
  // The specified rules run natively (validateDocument); the limits and the application's rules
  // after them, as graphql-js rules.
  const extraRules: ValidationRule[] = [
    maxDepthRule(maxDepth),
    maxAliasesRule(maxAliases),
    maxDirectivesRule(maxDirectives),
    ...(introspection ? [] : [noIntrospectionRule]),
    ...(options.validationRules ?? []),
  ];
  const parseOptions = {
    maxTokens,
    maxNesting: Math.min(MAX_NESTING, 2 * maxDepth + maxInputDepth + 2),
  };
  const variablesLimits = { maxBytes: maxVariablesBytes, maxDepth: maxInputDepth };
  const formatError = createErrorFormatter({
    maskErrors: options.maskErrors ?? false,
    onUnexpectedError: options.onUnexpectedError,
  });
  // The options of every execution, made once (each execution's abortable is passed apart).
  const runAsText: RunJSONOptions = {
    formatError,
    requestErrorCode: ErrorCode.BAD_USER_INPUT,
    bytes: false,
    settings,
  };
  const runAsBytes: RunJSONOptions = { ...runAsText, bytes: true };
  const cache = new LruCache<string, CachedDocument>(planCacheSize, planCacheBytes);
  const stats = { planCacheHits: 0, planCacheMisses: 0 };

  function fail(
    phase: RequestFailure['phase'],
    errors: ReadonlyArray<GraphQLError>,
    cached: boolean,
    timings: PrepareTimings,
  ): RequestFailure {
    return { ok: false, phase, errors, body: errorsBody(errors.map(formatError)), cached, timings };
  }

  /** The same failure for the request that found it and, cached, for later ones. */
  function failedPair(
    phase: RequestFailure['phase'],
    errors: ReadonlyArray<GraphQLError>,
    timings: PrepareTimings,
  ): PreparedPair {
    const first = fail(phase, errors, false, timings);
    return { first, again: { ...first, cached: true, timings: NO_TIME } };
  }

  /** The cached document for `query`, or the failure of a text refused before parsing. */
  function load(query: string): { entry: CachedDocument; cached: boolean } | RequestFailure {
    // A text over the limit is never a key: looking it up would only hash it.
    const hit = query.length > maxDocumentBytes ? undefined : cache.get(query);
    if (hit) {
      stats.planCacheHits++;
      return { entry: hit, cached: true };
    }
    stats.planCacheMisses++;
    const refused = checkDocumentText(query, maxDocumentBytes);
    if (refused) return fail('parse', [refused], false, NO_TIME);
    const entry = parseAndValidate(query);
    cache.set(query, entry, entry.bytes);
    return { entry, cached: false };
  }

  function parseAndValidate(query: string): CachedDocument {
    const t0 = now();
    let document: DocumentNode;
    try {
      document = parse(query, parseOptions);
    } catch (error) {
      if (!(error instanceof GraphQLError)) throw error;
      const code = /more that \d+ tokens/.test(error.message)
        ? ErrorCode.MAX_TOKENS_EXCEEDED
        : ErrorCode.GRAPHQL_PARSE_FAILED;
      const timings = { parse: now() - t0, validate: 0, plan: 0 };
      return {
        failed: failedPair('parse', [withCode(error, code)], timings),
        timings,
        bytes: cachedBytes(query, undefined),
      };
    }
    const t1 = now();
    const errors = validateRequest(schema, document, extraRules, hideSuggestions);
    const t2 = now();
    const timings = { parse: t1 - t0, validate: t2 - t1, plan: 0 };
    const bytes = cachedBytes(query, document);
    if (errors.length > 0) {
      const coded = errors.map((error) => withCode(error, ErrorCode.GRAPHQL_VALIDATION_FAILED));
      return { failed: failedPair('validate', coded, timings), timings, bytes };
    }
    return { document, timings, bytes };
  }

  /** An answer without data: a request refused before execution. */
  function refusal(errors: ReadonlyArray<GraphQLError>): ExecuteOutcome {
    const formatted = errors.map(formatError);
    return {
      body: errorsBody(formatted),
      hasData: false,
      noData: true,
      errorCount: formatted.length,
      errorCodes: errorCodesOf(formatted),
      executeMs: 0,
    };
  }

  /**
   * Everything about one operation of a cached document that does not depend on a request,
   * done once: the cost estimate (a constant unless it reads variables), the refusals that
   * follow from the document alone, the execute and subscribe functions.
   */
  function prepareOperation(
    entry: CachedDocument,
    document: DocumentNode,
    operation: OperationDefinitionNode,
  ): PreparedPair {
    const t0 = now();
    const isSubscription = operation.operation === 'subscription';
    const declaresVariables = (operation.variableDefinitions?.length ?? 0) > 0;
    const { cost, selections } = estimateCost(schema, document, operation);
    const costError = (estimate: number): ExecuteOutcome =>
      refusal([
        new GraphQLError(
          `Query cost of ${estimate} exceeds the maximum allowed cost of ${maxCost}.`,
          { nodes: operation, extensions: { code: ErrorCode.COST_LIMIT_EXCEEDED } },
        ),
      ]);
    const fixedRefusal = typeof cost === 'number' && cost > maxCost ? costError(cost) : undefined;
    // Made when first needed: an error's stack trace costs more than the rest of planning.
    let unsupported: ExecuteOutcome | undefined;
    const notSupported = (): ExecuteOutcome =>
      (unsupported ??= refusal([
        new GraphQLError(
          isSubscription
            ? 'Subscriptions cannot be executed as a single result; subscribe to them instead.'
            : 'Only subscriptions can be subscribed to; execute queries and mutations.',
          { nodes: operation, extensions: { code: ErrorCode.OPERATION_NOT_SUPPORTED } },
        ),
      ]));

    /** The refusal a request's variables earn (their size and depth, then the cost). */
    const refuse = (variables: Readonly<Record<string, unknown>>): ExecuteOutcome | undefined => {
      // An operation without variable definitions has nothing to read them with (and a cost
      // that reads a variable implies a definition): its variables are not walked at all.
      if (declaresVariables && typeof variables === 'object') {
        const error = checkVariables(variables, variablesLimits);
        if (error) return refusal([error]);
      }
      if (typeof cost === 'number') return fixedRefusal;
      const estimate = cost(variables);
      return estimate > maxCost ? costError(estimate) : undefined;
    };

    const args = (request: ExecuteRequest, variables: Readonly<Record<string, unknown>>) =>
      ({
        schema,
        document,
        operationName: operation.name?.value,
        rootValue: request.rootValue,
        contextValue: request.contextValue,
        variableValues: variables,
        fieldResolver: options.fieldResolver,
        typeResolver: options.typeResolver,
        hideSuggestions,
      }) satisfies ExecutionArgs;

    const run = (
      request: ExecuteRequest,
      variables: Readonly<Record<string, unknown>>,
      bytes: boolean,
    ): PromiseOrValue<ExecuteOutcome<string | Uint8Array>> => {
      const started = now();
      const ran = runJSON(
        args(request, variables),
        bytes ? runAsBytes : runAsText,
        // The request is where its signal is (read only when a data source runs).
        request,
      );
      const finish = (result: RunJSONResult) => new ExecutedOutcome(result, now() - started);
      return ran instanceof Promise ? ran.then(finish) : finish(ran);
    };

    const execute = (
      request: ExecuteRequest = {},
    ): PromiseOrValue<ExecuteOutcome<string | Uint8Array>> => {
      if (isSubscription) return notSupported();
      const variables = request.variables ?? {};
      return refuse(variables) ?? run(request, variables, request.bytes === true);
    };

    const subscribe = async (request: ExecuteRequest = {}): Promise<SubscribeOutcome> => {
      if (!isSubscription) return notSupported();
      const variables = request.variables ?? {};
      const refused = refuse(variables);
      if (refused) return refused;
      const stream = await createSourceEventStream(args(request, variables));
      if (!isAsyncIterable(stream)) {
        // Errors without a path are the request's (its variables); others the resolver's.
        const errors = (stream.errors ?? []).map((error) =>
          error.path === undefined ? withCode(error, ErrorCode.BAD_USER_INPUT) : error,
        );
        return refusal(errors);
      }
      // Events are written as text: the body of every outcome is a string.
      return mapAsyncIterator(stream, (payload) =>
        run({ ...request, rootValue: payload }, variables, false),
      ) as AsyncGenerator<ExecuteOutcome, void, void>;
    };

    const first: PreparedOperation = {
      ok: true,
      operationType: operation.operation as OperationType,
      operationName: operation.name?.value,
      document,
      operation,
      cached: false,
      timings: { ...entry.timings, plan: now() - t0 },
      // The body is bytes only when the request asked for them (runJSON's contract).
      execute: execute as PreparedOperation['execute'],
      subscribe,
    };
    return { first, again: { ...first, cached: true, timings: NO_TIME }, selections };
  }

  /** graphql-js's message for an operation that cannot be picked, quoting at most a short name. */
  function unknownOperation(
    error: GraphQLError,
    operationName: string | null | undefined,
    entry: CachedDocument,
    cached: boolean,
  ): RequestFailure {
    const message =
      operationName != null && operationName.length > QUOTED_NAME_LENGTH
        ? `Unknown operation named "${operationName.slice(0, QUOTED_NAME_LENGTH)}…".`
        : error.message;
    const errors = [
      new GraphQLError(message, { extensions: { code: ErrorCode.OPERATION_RESOLUTION_FAILURE } }),
    ];
    return fail('operation', errors, cached, cached ? NO_TIME : entry.timings);
  }

  return {
    schema,
    stats: () => ({ ...stats, planCacheSize: cache.size, planCacheBytes: cache.bytes }),
    prepare(query, operationName) {
      const loaded = load(query);
      if ('ok' in loaded) return loaded;
      const { entry, cached } = loaded;
      if (entry.failed) return cached ? entry.failed.again : entry.failed.first;
      const document = entry.document as DocumentNode;
      const key = operationName == null ? '' : '$' + operationName;
      let prepared = entry.operations?.get(key);
      if (prepared !== undefined) return cached ? prepared.again : prepared.first;
      const picked = pickOperation(document, operationName);
      // A name the document does not have is not kept: names are the caller's to choose.
      if (picked instanceof GraphQLError)
        return unknownOperation(picked, operationName, entry, cached);
      prepared = prepareOperation(entry, document, picked);
      (entry.operations ??= new Map()).set(key, prepared);
      // Each operation keeps its own figures and plan, even where operations share fragments.
      cache.grow(query, BYTES_PER_SELECTION * (prepared.selections ?? 0));
      // A document parsed earlier, asked for another operation: only planning happened now.
      return cached
        ? { ...prepared.first, timings: { ...NO_TIME, plan: prepared.first.timings.plan } }
        : prepared.first;
    },
  };
}

/** The outcome of an execution: `noData` reads the body's start only when asked (hasNoData). */
class ExecutedOutcome implements ExecuteOutcome<string | Uint8Array> {
  readonly body: string | Uint8Array;
  readonly hasData: boolean;
  readonly errorCount: number;
  readonly errorCodes: ReadonlyArray<string>;
  readonly executeMs: number;
  readonly #result: RunJSONResult;

  constructor(result: RunJSONResult, executeMs: number) {
    this.body = result.json;
    this.hasData = result.hasData;
    this.errorCount = result.errorCount;
    this.errorCodes = result.errorCodes;
    this.executeMs = executeMs;
    this.#result = result;
  }

  get noData(): boolean {
    return hasNoData(this.#result);
  }

  get tags(): SourceTags | undefined {
    const runs = this.#result.sourceRuns;
    return runs === undefined ? undefined : tagsOfRuns(runs.keys());
  }
}

function errorsBody(errors: ReadonlyArray<GraphQLFormattedError>): string {
  return JSON.stringify({ errors });
}
