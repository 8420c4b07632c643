import {
  GraphQLError,
  parse,
  specifiedRules,
  type DocumentNode,
  type GraphQLFieldResolver,
  type GraphQLFormattedError,
  type GraphQLSchema,
  type GraphQLTypeResolver,
  type OperationDefinitionNode,
  type ValidationRule,
} from 'graphql';
import { ErrorCode } from '../errors/ErrorCode.js';
import { validateDocument } from '../validation/validateDocument.js';
import { runJSON, type PromiseOrValue, type RunJSONResult } from '../execution/runJSON.js';
import {
  maxAliasesRule,
  maxDepthRule,
  maxDirectivesRule,
  noIntrospectionRule,
} from '../validation/limitRules.js';
import { estimateCost } from '../validation/estimateCost.js';
import { createErrorFormatter, withCode } from './formatError.js';
import { LruCache } from './LruCache.js';
import { pickOperation } from '../plan/pickOperation.js';

export { pickOperation };

export interface EngineOptions {
  readonly schema: GraphQLSchema;
  /** Number of distinct documents whose plans are kept (LRU). Default 1000. */
  readonly planCacheSize?: number;
  /** Maximum lexical tokens in a document. Default 10,000. */
  readonly maxTokens?: number;
  /** Maximum nesting of fields. Default 20. */
  readonly maxDepth?: number;
  /** Maximum aliases per operation. Default 100. */
  readonly maxAliases?: number;
  /** Maximum directives per operation. Default 50. */
  readonly maxDirectives?: number;
  /** Maximum estimated cost (see docs/limits.md). Default 50,000. */
  readonly maxCost?: number;
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
}

/** A request that takes the body as bytes. */
export type ExecuteBytesRequest = ExecuteRequest & { readonly bytes: true };

export interface ExecuteOutcome<Body extends string | Uint8Array = string> {
  /** The complete response as JSON text, or its UTF-8 bytes (see `ExecuteRequest.bytes`). */
  readonly body: Body;
  /** False when the request failed before execution (variables, cost): the body has no `data`. */
  readonly hasData: boolean;
  readonly errorCount: number;
  /** Milliseconds spent executing and writing the response (they are one step on the byte path). */
  readonly executeMs: number;
}

export interface PreparedOperation {
  readonly ok: true;
  readonly operationType: OperationType;
  readonly operationName: string | undefined;
  readonly document: DocumentNode;
  readonly operation: OperationDefinitionNode;
  /** True when parse, validation and planning were all served from the cache. */
  readonly cached: boolean;
  readonly timings: PrepareTimings;
  execute(request: ExecuteBytesRequest): PromiseOrValue<ExecuteOutcome<string | Uint8Array>>;
  execute(request?: ExecuteRequest): PromiseOrValue<ExecuteOutcome>;
}

export type PrepareResult = PreparedOperation | RequestFailure;

export interface EngineStats {
  planCacheHits: number;
  planCacheMisses: number;
  planCacheSize: number;
}

export interface Engine {
  readonly schema: GraphQLSchema;
  /** Parse, validate and plan `query` (cached by text), and pick the operation. */
  prepare(query: string, operationName?: string | null): PrepareResult;
  stats(): EngineStats;
}

interface CachedDocument {
  readonly document?: DocumentNode;
  readonly failure?: { phase: 'parse' | 'validate'; errors: ReadonlyArray<GraphQLError> };
  readonly timings: PrepareTimings;
  /** Prepared operations of this document, by operation name. */
  operations?: Map<string, PreparedPair>;
}

interface PreparedPair {
  readonly first: PrepareResult;
  readonly again: PrepareResult;
}

const NO_TIME: PrepareTimings = Object.freeze({ parse: 0, validate: 0, plan: 0 });

const now = () => performance.now();

/**
 * The request entry for servers (DESIGN.md, "Data flow"): text in, JSON text out, every document
 * parsed, validated and planned once and kept in a bounded LRU cache keyed by its text.
 */
export function createEngine(options: EngineOptions): Engine {
  const {
    schema,
    planCacheSize = 1000,
    maxTokens = 10_000,
    maxDepth = 20,
    maxAliases = 100,
    maxDirectives = 50,
    maxCost = 50_000,
    introspection = true,
    hideSuggestions = false,
  } = options;
  const rules: ValidationRule[] = [
    ...specifiedRules,
    maxDepthRule(maxDepth),
    maxAliasesRule(maxAliases),
    maxDirectivesRule(maxDirectives),
    ...(introspection ? [] : [noIntrospectionRule]),
    ...(options.validationRules ?? []),
  ];
  const formatError = createErrorFormatter({
    maskErrors: options.maskErrors ?? false,
    onUnexpectedError: options.onUnexpectedError,
  });
  const cache = new LruCache<string, CachedDocument>(planCacheSize);
  const stats: EngineStats = { planCacheHits: 0, planCacheMisses: 0, planCacheSize: 0 };

  function load(query: string): { entry: CachedDocument; cached: boolean } {
    const hit = cache.get(query);
    if (hit) {
      stats.planCacheHits++;
      return { entry: hit, cached: true };
    }
    stats.planCacheMisses++;
    const entry = parseAndValidate(query);
    cache.set(query, entry);
    stats.planCacheSize = cache.size;
    return { entry, cached: false };
  }

  function parseAndValidate(query: string): CachedDocument {
    const t0 = now();
    let document: DocumentNode;
    try {
      document = parse(query, { maxTokens, noLocation: false });
    } catch (error) {
      if (!(error instanceof GraphQLError)) throw error;
      const code = /more that \d+ tokens/.test(error.message)
        ? ErrorCode.MAX_TOKENS_EXCEEDED
        : ErrorCode.GRAPHQL_PARSE_FAILED;
      return {
        failure: { phase: 'parse', errors: [withCode(error, code)] },
        timings: { parse: now() - t0, validate: 0, plan: 0 },
      };
    }
    const t1 = now();
    const errors = validateDocument(schema, document, rules, { hideSuggestions });
    const t2 = now();
    if (errors.length > 0) {
      return {
        failure: {
          phase: 'validate',
          errors: errors.map((error) => withCode(error, ErrorCode.GRAPHQL_VALIDATION_FAILED)),
        },
        timings: { parse: t1 - t0, validate: t2 - t1, plan: 0 },
      };
    }
    return { document, timings: { parse: t1 - t0, validate: t2 - t1, plan: 0 } };
  }

  function fail(
    phase: RequestFailure['phase'],
    errors: ReadonlyArray<GraphQLError>,
    cached: boolean,
    timings: PrepareTimings,
  ): RequestFailure {
    return { ok: false, phase, errors, body: errorsBody(errors.map(formatError)), cached, timings };
  }

  /**
   * Everything about one operation of a cached document that does not depend on a request,
   * done once: picking the operation, the cost estimate, the execute function. `first` carries
   * the timings of the request that parsed the document; `again` is what later requests get.
   */
  function prepareOperation(
    entry: CachedDocument,
    operationName: string | undefined,
  ): PreparedPair {
    const t0 = now();
    if (entry.failure) {
      const failure = fail(entry.failure.phase, entry.failure.errors, false, entry.timings);
      return { first: failure, again: { ...failure, cached: true, timings: NO_TIME } };
    }
    const document = entry.document as DocumentNode;
    const picked = pickOperation(document, operationName);
    if (picked instanceof GraphQLError) {
      const errors = [withCode(picked, ErrorCode.OPERATION_RESOLUTION_FAILURE)];
      const failure = fail('operation', errors, false, entry.timings);
      return { first: failure, again: { ...failure, cached: true, timings: NO_TIME } };
    }
    const operation = picked;
    // A constant unless the estimate reads variables: then it is evaluated per request.
    const costOf = estimateCost(schema, document, operation);
    const costError = (cost: number): ExecuteOutcome => {
      const error = new GraphQLError(
        `Query cost of ${cost} exceeds the maximum allowed cost of ${maxCost}.`,
        { nodes: operation, extensions: { code: ErrorCode.COST_LIMIT_EXCEEDED } },
      );
      return {
        body: errorsBody([formatError(error)]),
        hasData: false,
        errorCount: 1,
        executeMs: 0,
      };
    };
    const execute = (
      request: ExecuteRequest = {},
    ): PromiseOrValue<ExecuteOutcome<string | Uint8Array>> => {
      const variables = request.variables ?? {};
      const cost = typeof costOf === 'number' ? costOf : costOf(variables);
      if (cost > maxCost) return costError(cost);
      const started = now();
      const ran = runJSON(
        {
          schema,
          document,
          operationName: operation.name?.value,
          rootValue: request.rootValue,
          contextValue: request.contextValue,
          variableValues: variables,
          fieldResolver: options.fieldResolver,
          typeResolver: options.typeResolver,
          hideSuggestions,
        },
        { formatError, requestErrorCode: ErrorCode.BAD_USER_INPUT, bytes: request.bytes === true },
      );
      const finish = (result: RunJSONResult) => ({
        body: result.json,
        hasData: result.hasData,
        errorCount: result.errorCount,
        executeMs: now() - started,
      });
      return ran instanceof Promise ? ran.then(finish) : finish(ran);
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
    };
    return { first, again: { ...first, cached: true, timings: NO_TIME } };
  }

  return {
    schema,
    stats: () => ({ ...stats }),
    prepare(query, operationName) {
      const { entry, cached } = load(query);
      const key = operationName == null ? '' : '$' + operationName;
      let prepared = entry.operations?.get(key);
      if (prepared === undefined) {
        prepared = prepareOperation(entry, operationName ?? undefined);
        (entry.operations ??= new Map()).set(key, prepared);
        // A document parsed earlier, asked for another operation: only planning happened now.
        return cached
          ? { ...prepared.first, timings: { ...NO_TIME, plan: prepared.first.timings.plan } }
          : prepared.first;
      }
      return cached ? prepared.again : prepared.first;
    },
  };
}

function errorsBody(errors: ReadonlyArray<GraphQLFormattedError>): string {
  return JSON.stringify({ errors });
}
