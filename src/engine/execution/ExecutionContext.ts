import {
  assertValidSchema,
  defaultTypeResolver,
  getVariableValues,
  GraphQLError,
  type ExecutionArgs,
  type FragmentDefinitionNode,
  type GraphQLFieldResolver,
  type GraphQLResolveInfo,
  type GraphQLSchema,
  type GraphQLTypeResolver,
  type OperationDefinitionNode,
} from 'graphql';
import {
  cachedUnnamedPlan,
  getOperationPlan,
  quickCoerceVariables,
  type OperationPlan,
} from '../plan/OperationPlan.js';
import { VariableRefusal } from '../plan/compileVariables.js';
import type { FieldPlan } from '../plan/FieldPlan.js';
import { runSourceGroup, type SourceGroup, type SourceRun } from '../plan/SourceGroup.js';
import type { Abortable } from '../source/DataSource.js';
import type { ErrorHolder } from './CollectedErrors.js';
import { DEFAULT_SETTINGS, type ExecutionSettings } from './ExecutionOptions.js';
import type { TextSink } from './leafToJSON.js';
import type { Path } from './Path.js';

/** The state of one execution: what varies per request, next to the cached plan. */
export interface ExecutionContext extends TextSink, ErrorHolder {
  readonly plan: OperationPlan;
  /** The executor's switches (ExecutionOptions.ts). */
  readonly settings: ExecutionSettings;
  /** What a getter threw when the byte path's interpreter read a property (executeToJSON.ts). */
  readError: unknown;
  readonly schema: GraphQLSchema;
  readonly fragments: Readonly<Record<string, FragmentDefinitionNode>>;
  readonly operation: OperationDefinitionNode;
  readonly rootValue: unknown;
  readonly contextValue: unknown;
  readonly variableValues: Record<string, unknown>;
  /** The `fieldResolver` argument; undefined means graphql-js's default, which runs inline. */
  readonly fieldResolver: GraphQLFieldResolver<unknown, unknown> | undefined;
  readonly typeResolver: GraphQLTypeResolver<unknown, unknown>;
  /**
   * Where the caller's abort signal is (createEngine's `ExecuteRequest`): read only when a data
   * source runs, since a caller may make its signal lazily (the server does, per request).
   */
  readonly abortable: Abortable | undefined;
  /** Statements of root data sources started by this execution (each runs once). */
  sourceRuns: Map<SourceGroup, SourceRun> | undefined;
  /**
   * Source JSON kept as bytes for a caller that takes the response as bytes (splicedJSON.ts);
   * undefined: bytes are decoded into the text.
   */
  splicedBytes: Uint8Array[] | undefined;
  /**
   * Whether result objects the object executor builds may have Object.prototype: true on the byte
   * path, which stringifies them at once (its lists of objects, see textLists.ts);
   * false for `execute`, whose results are graphql-js's objects without a prototype.
   */
  plainObjects: boolean;
}

/** graphql-js's devAssert: a plain Error for programmer mistakes. */
function devAssert(condition: unknown, message: string): void {
  if (!condition) throw new Error(message);
}

/**
 * graphql-js's assertValidExecutionArguments + buildExecutionContext: the same checks, in the
 * same order, with the same messages. Returns the errors graphql-js would return as `{ errors }`.
 */
export function buildExecutionContext(
  args: ExecutionArgs,
  abortable?: Abortable,
  settings: ExecutionSettings = DEFAULT_SETTINGS,
): ExecutionContext | ReadonlyArray<GraphQLError> {
  const { schema, document, variableValues: rawVariableValues } = args;
  // A plan is built only after the checks below passed for its schema, and a schema's validity
  // does not change (graphql-js keeps its errors on it): a plan found skips the schema's check.
  let plan = args.operationName == null ? cachedUnnamedPlan(schema, document) : undefined;
  if (plan === undefined) {
    devAssert(document, 'Must provide document.');
    assertValidSchema(schema);
  }
  devAssert(
    rawVariableValues == null || typeof rawVariableValues === 'object',
    'Variables must be provided as an Object where each property is a variable value. Perhaps look to see if an unparsed JSON string was provided.',
  );
  if (plan === undefined) {
    const found = getOperationPlan(schema, document, args.operationName);
    if (found instanceof GraphQLError) return [found];
    plan = found;
  }
  const options = (args as { options?: { maxCoercionErrors?: number } }).options;
  const definitions = plan.operation.variableDefinitions ?? [];
  let variableValues: Record<string, unknown>;
  if (definitions.length === 0) {
    variableValues = {};
  } else {
    const quick = quickCoerceVariables(plan, rawVariableValues ?? {});
    if (!(quick instanceof VariableRefusal)) {
      variableValues = quick;
    } else {
      // The definitions before `at` were coerced without error: graphql-js's errors are those
      // of the rest, in the same order and under the same bound.
      const rest = quick.at === 0 ? definitions : definitions.slice(quick.at);
      const coerced = getVariableValues(schema, rest, rawVariableValues ?? {}, {
        maxErrors: options?.maxCoercionErrors ?? 50,
        hideSuggestions: args.hideSuggestions ?? false,
      } as { maxErrors: number });
      if (coerced.errors) return coerced.errors;
      variableValues =
        quick.at === 0
          ? coerced.coerced
          : Object.assign(Object.create(null) as object, quick.coerced, coerced.coerced);
    }
  }
  return {
    plan,
    settings,
    readError: undefined,
    schema,
    fragments: plan.fragments,
    operation: plan.operation,
    rootValue: args.rootValue,
    contextValue: args.contextValue,
    variableValues,
    fieldResolver: args.fieldResolver ?? undefined,
    typeResolver: args.typeResolver ?? defaultTypeResolver,
    errors: undefined,
    abortable,
    sourceRuns: undefined,
    jsonFailures: undefined,
    escapedChars: 0,
    splicedBytes: undefined,
    plainObjects: false,
  };
}

/** The fourth resolver argument, with graphql-js's keys in graphql-js's order. */
export function buildResolveInfo(
  ctx: ExecutionContext,
  field: FieldPlan,
  path: Path,
): GraphQLResolveInfo {
  return {
    fieldName: field.fieldName,
    fieldNodes: field.fieldNodes,
    returnType: field.returnType,
    parentType: field.parentType,
    path,
    schema: ctx.schema,
    fragments: ctx.fragments as GraphQLResolveInfo['fragments'],
    rootValue: ctx.rootValue,
    operation: ctx.operation,
    variableValues: ctx.variableValues,
  };
}

/** The statement of a root data source, started on first use and shared by its fields. */
export function sourceRunFor(ctx: ExecutionContext, group: SourceGroup): SourceRun {
  const runs = (ctx.sourceRuns ??= new Map());
  let run = runs.get(group);
  if (!run) {
    run = runSourceGroup(group, ctx.variableValues, ctx.contextValue, ctx.abortable, ctx.rootValue);
    runs.set(group, run);
  }
  return run;
}

/** graphql-js's isPromise: any thenable. */
export function isPromise(value: unknown): value is Promise<unknown> {
  return typeof (value as { then?: unknown } | null | undefined)?.then === 'function';
}
