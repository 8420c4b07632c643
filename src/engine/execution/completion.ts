import {
  GraphQLError,
  locatedError,
  type GraphQLAbstractType,
  type GraphQLLeafType,
  type GraphQLObjectType,
  type GraphQLOutputType,
  type GraphQLResolveInfo,
} from 'graphql';
import { inspect } from 'graphql/jsutils/inspect.js';
import type { FieldPlan } from '../plan/FieldPlan.js';
import { rootSelectionFor } from '../plan/OperationPlan.js';
import { subselectionOf, type SelectionPlan } from '../plan/SelectionPlan.js';
import { collectError } from './CollectedErrors.js';
import { isPromise, type ExecutionContext } from './ExecutionContext.js';
import { pathToArray, type Path } from './Path.js';
import { isAbstract, isLeaf, isList, isNonNull, isObject } from '../schema/typeGuards.js';

/**
 * Pieces of value completion ([spec: Value Completion](https://spec.graphql.org/October2021/#sec-Value-Completion)) shared by the object and the JSON
 * executors, with graphql-js's exact messages.
 */

export function nonNullError(field: FieldPlan): Error {
  return new Error(
    `Cannot return null for non-nullable field ${field.parentType.name}.${field.fieldName}.`,
  );
}

export function notIterableError(field: FieldPlan): GraphQLError {
  return new GraphQLError(
    `Expected Iterable, but did not find one for field "${field.parentType.name}.${field.fieldName}".`,
  );
}

export function serializeNullError(
  type: GraphQLOutputType,
  result: unknown,
  serialized: unknown,
): Error {
  return new Error(
    `Expected \`${inspect(type)}.serialize(${inspect(result)})\` to ` +
      `return non-nullable value, returned: ${inspect(serialized)}`,
  );
}

/** graphql-js's isIterableObject. */
const arrayValues = Array.prototype[Symbol.iterator];

/**
 * Whether iterating `value` (as graphql-js's Array.from does) visits its indices 0 to length - 1:
 * an array whose iterator is the built-in one, which a loop over its indices can walk instead.
 * An array (or subclass) with an iterator of its own goes through the iterator.
 */
export function isPlainArray(value: unknown): value is unknown[] {
  return Array.isArray(value) && (value as unknown[])[Symbol.iterator] === arrayValues;
}

export function isIterableObject(value: unknown): value is Iterable<unknown> {
  return (
    typeof value === 'object' &&
    typeof (value as { [Symbol.iterator]?: unknown } | null)?.[Symbol.iterator] === 'function'
  );
}

export function invalidReturnTypeError(
  returnType: GraphQLObjectType,
  result: unknown,
  field: FieldPlan,
): GraphQLError {
  return new GraphQLError(
    `Expected value of type "${returnType.name}" but got: ${inspect(result)}.`,
    {
      nodes: field.fieldNodes,
    },
  );
}

/** graphql-js's ensureValidRuntimeType. */
export function ensureValidRuntimeType(
  runtimeTypeName: unknown,
  ctx: ExecutionContext,
  returnType: GraphQLAbstractType,
  field: FieldPlan,
  result: unknown,
): GraphQLObjectType {
  const where = `for field "${field.parentType.name}.${field.fieldName}"`;
  if (runtimeTypeName == null) {
    throw new GraphQLError(
      `Abstract type "${returnType.name}" must resolve to an Object type at runtime ${where}. Either the "${returnType.name}" type should provide a "resolveType" function or each possible type should provide an "isTypeOf" function.`,
      field.fieldNodes,
    );
  }
  if (isObject(runtimeTypeName)) {
    throw new GraphQLError(
      'Support for returning GraphQLObjectType from resolveType was removed in graphql-js@16.0.0 please return type name instead.',
    );
  }
  if (typeof runtimeTypeName !== 'string') {
    throw new GraphQLError(
      `Abstract type "${returnType.name}" must resolve to an Object type at runtime ${where} with ` +
        `value ${inspect(result)}, received "${inspect(runtimeTypeName)}".`,
    );
  }
  const runtimeType = ctx.schema.getType(runtimeTypeName);
  if (runtimeType == null) {
    throw new GraphQLError(
      `Abstract type "${returnType.name}" was resolved to a type "${runtimeTypeName}" that does not exist inside the schema.`,
      { nodes: field.fieldNodes },
    );
  }
  if (!isObject(runtimeType)) {
    throw new GraphQLError(
      `Abstract type "${returnType.name}" was resolved to a non-object type "${runtimeTypeName}".`,
      { nodes: field.fieldNodes },
    );
  }
  if (!ctx.schema.isSubType(returnType, runtimeType)) {
    throw new GraphQLError(
      `Runtime Object type "${runtimeType.name}" is not a possible type for "${returnType.name}".`,
      { nodes: field.fieldNodes },
    );
  }
  return runtimeType;
}

/** How an executor writes an object's selection set: into objects, or into JSON text. */
export type ExecuteSelection<T> = (
  ctx: ExecutionContext,
  selection: SelectionPlan,
  source: unknown,
  path: Path,
) => T | Promise<T>;

/**
 * completeObjectValue ([spec: CompleteValue](https://spec.graphql.org/October2021/#CompleteValue())), shared by both executors: the sub-selection planned once per
 * runtime type, then isTypeOf (sync or async) before the fields run.
 */
export function completeObjectValue<T>(
  ctx: ExecutionContext,
  type: GraphQLObjectType,
  field: FieldPlan,
  info: GraphQLResolveInfo | undefined,
  path: Path,
  result: unknown,
  executeSelection: ExecuteSelection<T>,
): T | Promise<T> {
  const selection = subselectionOf(ctx.plan, ctx.variableValues, field, type);
  if (type.isTypeOf) {
    const isTypeOf = type.isTypeOf(result, ctx.contextValue, info as GraphQLResolveInfo);
    if (isPromise(isTypeOf)) {
      return isTypeOf.then((resolvedIsTypeOf) => {
        if (!resolvedIsTypeOf) throw invalidReturnTypeError(type, result, field);
        return executeSelection(ctx, selection, result, path);
      });
    }
    if (!isTypeOf) throw invalidReturnTypeError(type, result, field);
  }
  return executeSelection(ctx, selection, result, path);
}

/**
 * completeAbstractValue ([spec: ResolveAbstractType](https://spec.graphql.org/October2021/#ResolveAbstractType())), shared by both executors: the
 * runtime type from resolveType (or the execution's type resolver), checked as graphql-js
 * checks it, then completed as that object type.
 */
export function completeAbstractValue<T>(
  ctx: ExecutionContext,
  type: GraphQLAbstractType,
  field: FieldPlan,
  info: GraphQLResolveInfo | undefined,
  path: Path,
  result: unknown,
  executeSelection: ExecuteSelection<T>,
): T | Promise<T> {
  const resolvedInfo = info as GraphQLResolveInfo;
  const resolveTypeFn = type.resolveType ?? ctx.typeResolver;
  const runtimeType = resolveTypeFn(result, ctx.contextValue, resolvedInfo, type);
  if (isPromise(runtimeType)) {
    return runtimeType.then((resolvedRuntimeType) =>
      completeObjectValue(
        ctx,
        ensureValidRuntimeType(resolvedRuntimeType, ctx, type, field, result),
        field,
        resolvedInfo,
        path,
        result,
        executeSelection,
      ),
    );
  }
  return completeObjectValue(
    ctx,
    ensureValidRuntimeType(runtimeType, ctx, type, field, result),
    field,
    resolvedInfo,
    path,
    result,
    executeSelection,
  );
}

/**
 * handleFieldError ([spec: Handling Field Errors](https://spec.graphql.org/October2021/#sec-Handling-Field-Errors)): locates a raw error at the field and path; a non-null position
 * rethrows it to its parent, any other records it (the caller then writes null).
 */
export function handleFieldError(
  ctx: ExecutionContext,
  rawError: unknown,
  field: FieldPlan,
  path: Path,
  nonNull: boolean,
): void {
  const error = locatedError(rawError, field.fieldNodes, pathToArray(path));
  if (nonNull) throw error;
  collectError(ctx, error, path);
}

/** handleFieldError, then `nullValue`: what a failed nullable position takes in the emitter. */
export function fieldError<T>(
  ctx: ExecutionContext,
  rawError: unknown,
  field: FieldPlan,
  path: Path,
  nonNull: boolean,
  nullValue: T,
): T {
  handleFieldError(ctx, rawError, field, path, nonNull);
  return nullValue;
}

/**
 * `completed`, its failure made the field's error at `path` (then `nullValue`). The callback is
 * made here, not in the caller: a closure there would keep the caller's variables in a context
 * allocated on every call, the synchronous ones too.
 */
export function fieldErrorLater<T>(
  ctx: ExecutionContext,
  completed: Promise<T>,
  field: FieldPlan,
  path: Path,
  nullValue: T,
): Promise<T> {
  return completed.then(undefined, (rawError) =>
    fieldError(ctx, rawError, field, path, field.nonNull, nullValue),
  );
}

/** `complete` of what `result` resolves to (see fieldErrorLater for why it is a function). */
function completeLater<T>(
  ctx: ExecutionContext,
  field: FieldPlan,
  complete: Completer<T>,
  path: Path,
  info: GraphQLResolveInfo | undefined,
  result: Promise<unknown>,
): Promise<T> {
  return result.then((resolved) => complete(ctx, info, path, resolved, field.responseKey));
}

/**
 * completeValue of a field's resolved value at `path` (ExecuteField's second half) through the
 * emitter's `complete`, with its errors. `promised` is isPromise(result), found by the caller:
 * graphql-js reads `then` once before calling it.
 */
export function completeField<T>(
  ctx: ExecutionContext,
  field: FieldPlan,
  complete: Completer<T>,
  path: Path,
  info: GraphQLResolveInfo | undefined,
  result: unknown,
  promised: boolean,
  nullValue: T,
): T | Promise<T> {
  try {
    const completed = promised
      ? completeLater(ctx, field, complete, path, info, result as Promise<unknown>)
      : complete(ctx, info, path, result, field.responseKey);
    if (isPromise(completed)) return fieldErrorLater(ctx, completed, field, path, nullValue);
    return completed;
  } catch (rawError) {
    return fieldError(ctx, rawError, field, path, field.nonNull, nullValue);
  }
}

/**
 * ExecuteOperation's first steps ([spec: Executing Operations](https://spec.graphql.org/October2021/#sec-Executing-Operations)), shared by both executors: the root type (an error
 * when the schema has none for this operation type) and the root selection for this request.
 */
export function rootSelectionOf(ctx: ExecutionContext): SelectionPlan {
  const { plan, operation } = ctx;
  if (plan.rootType === undefined) {
    throw new GraphQLError(
      `Schema is not configured to execute ${operation.operation} operation.`,
      {
        nodes: operation,
      },
    );
  }
  return rootSelectionFor(plan, plan.rootType, ctx.variableValues);
}

/**
 * Whether a value is an object to complete through a sub-selection: not null, not an Error, not
 * a promise. `promised` is isPromise(value), found by the caller: graphql-js reads a list item's
 * or a field value's `then` once to check it, so it is not read again here.
 */
export function isObjectNotPromise(value: unknown, promised: boolean): value is object {
  return !promised && value !== null && typeof value === 'object' && !(value instanceof Error);
}

/**
 * completeValue for one position: `path` may be undefined where completion cannot need it
 * (leaves: made only on failure); `key` is the response key or list index the value goes under
 * (what JSON.stringify passes to a toJSON method; the object emitter ignores it).
 */
export type Completer<T> = (
  ctx: ExecutionContext,
  info: GraphQLResolveInfo | undefined,
  path: Path | undefined,
  result: unknown,
  key: string | number,
) => T | Promise<T>;

/** What differs between the two emitters' completion: text (JSON) or result objects. */
export interface Emitter<T> {
  /** What a null position is: `null`, or the text `null`. */
  readonly nullValue: T;
  /** completeValue for a leaf type (serialize, then the emitter's form of the value). */
  leaf(type: GraphQLLeafType): Completer<T>;
  /** completeListValue, for a list of `itemType`; `nonNull`: null is the field's error. */
  list(field: FieldPlan, itemType: GraphQLOutputType, nonNull: boolean): Completer<T>;
  /** ExecuteSelectionSet of an object's sub-selection. */
  readonly selection: ExecuteSelection<T>;
}

/**
 * Builds completeValue ([spec: Value Completion](https://spec.graphql.org/October2021/#sec-Value-Completion))
 * for one return type of one field, once, for one emitter: the type's dispatch is done here, so
 * each completer is a closure that only checks its value.
 */
export function makeCompleter<T>(
  field: FieldPlan,
  type: GraphQLOutputType,
  emitter: Emitter<T>,
): Completer<T> {
  const nullValue = emitter.nullValue;
  if (isNonNull(type)) {
    // A non-null list checks for null itself: one call fewer per list.
    const nullable = type.ofType as GraphQLOutputType;
    if (isList(nullable)) return emitter.list(field, nullable.ofType, true);
    const inner = makeCompleter(field, nullable, emitter);
    return (ctx, info, path, result, key) => {
      if (result instanceof Error) throw result;
      if (result == null) throw nonNullError(field);
      return inner(ctx, info, path, result, key);
    };
  }
  if (isList(type)) return emitter.list(field, type.ofType, false);
  if (isLeaf(type)) return emitter.leaf(type);
  if (isAbstract(type)) {
    const selection = emitter.selection;
    return (ctx, info, path, result) => {
      if (result instanceof Error) throw result;
      if (result == null) return nullValue;
      return completeAbstractValue(ctx, type, field, info, path!, result, selection);
    };
  }
  if (isObject(type)) {
    const selection = emitter.selection;
    return (ctx, info, path, result) => {
      if (result instanceof Error) throw result;
      if (result == null) return nullValue;
      return completeObjectValue(ctx, type, field, info, path!, result, selection);
    };
  }
  throw new Error(`Cannot complete value of unexpected output type: ${String(type)}`);
}
