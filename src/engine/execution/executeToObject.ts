import type { GraphQLError } from 'graphql';
import {
  type ExecutionResult,
  type GraphQLLeafType,
  type GraphQLOutputType,
  type GraphQLResolveInfo,
} from 'graphql';
import { argumentsFor, type FieldPlan } from '../plan/FieldPlan.js';
import { subselectionOf, type SelectionPlan } from '../plan/SelectionPlan.js';
import {
  completeAbstractValue,
  rootSelectionOf,
  handleFieldError,
  completeObjectValue,
  completionNeedsInfo,
  isIterableObject,
  isPlainArray,
  isObjectNotPromise,
  nonNullError,
  notIterableError,
  plainObjectTypeOf,
  serializeNullError,
} from './completion.js';
import {
  buildResolveInfo,
  isPromise,
  sourceRunFor,
  type ExecutionContext,
} from './ExecutionContext.js';
import { addPath, ownPath, type Path } from './Path.js';
import { sourceJSONText } from '../source/DataSource.js';
import { isJSONNull } from './splicedJSON.js';
import {
  built,
  compileObjectBuilder,
  type BuilderField,
  type BuilderRuntime,
  type ObjectBuilder,
} from './compileObjectBuilder.js';
import {
  codegen,
  defaultReadLeafKind,
  NO_ERROR,
  objectFieldTypeOf,
  UNREAD,
} from './compileObjectWriter.js';
import { isAbstract, isLeaf, isList, isNonNull, isObject } from '../plan/typeGuards.js';

/**
 * The executor that builds graphql-js's result objects (for the `execute` drop-in). Its control
 * flow — where promises are created, chained and awaited, where errors are caught — follows
 * graphql-js 16's execute.ts step by step, so results, error order and timing match; what it
 * saves is everything graphql-js recomputes per value: field collection, field definitions,
 * static arguments, resolve info for default-resolved fields, type checks of the return type.
 */

export type Completer = (
  ctx: ExecutionContext,
  info: GraphQLResolveInfo | undefined,
  path: Path,
  result: unknown,
) => unknown;

interface ObjectFieldState {
  complete: Completer;
  needsInfo: boolean;
  nonNull: boolean;
}

export function executeOperationToObject(
  ctx: ExecutionContext,
): ExecutionResult | Promise<ExecutionResult> {
  try {
    const result = executeOperation(ctx);
    if (isPromise(result)) {
      return result.then(
        (data) => buildResponse(data as Record<string, unknown>, ctx),
        (error: GraphQLError) => {
          ctx.errors.add(error, undefined);
          return buildResponse(null, ctx);
        },
      );
    }
    return buildResponse(result as Record<string, unknown>, ctx);
  } catch (error) {
    ctx.errors.add(error as GraphQLError, undefined);
    return buildResponse(null, ctx);
  }
}

function buildResponse(
  data: Record<string, unknown> | null,
  ctx: ExecutionContext,
): ExecutionResult {
  const errors = ctx.errors.errors;
  return errors.length === 0 ? { data } : { errors, data };
}

function executeOperation(ctx: ExecutionContext): unknown {
  const selection = rootSelectionOf(ctx);
  if (ctx.operation.operation === 'mutation') {
    return executeFieldsSerially(ctx, selection, ctx.rootValue, undefined);
  }
  return executeFields(ctx, selection, ctx.rootValue, undefined);
}

function executeFieldsSerially(
  ctx: ExecutionContext,
  selection: SelectionPlan,
  source: unknown,
  path: Path | undefined,
): unknown {
  // graphql-js's promiseReduce over the fields: each field starts when the previous has settled.
  let accumulator: unknown = nullPrototypeObject();
  for (const field of selection.fields) {
    const step = (results: Record<string, unknown>) => {
      const result = executeField(ctx, field, source, path, UNREAD);
      if (isPromise(result)) {
        return result.then((resolved) => {
          results[field.responseKey] = resolved;
          return results;
        });
      }
      results[field.responseKey] = result;
      return results;
    };
    accumulator = isPromise(accumulator)
      ? accumulator.then((resolved) => step(resolved as Record<string, unknown>))
      : step(accumulator as Record<string, unknown>);
  }
  return accumulator;
}

/**
 * ExecuteSelectionSet (spec §6.3) for one object. The object's path is `path`, or for a list
 * item (`index` >= 0) `path` + `index`, made only when a field needs it (one the builder does
 * not take, or an error). Returns the result object, or a native Promise of it (its callers
 * test with instanceof, cheaper than isPromise's property lookup on a result object).
 */
export function executeFields(
  ctx: ExecutionContext,
  selection: SelectionPlan,
  source: unknown,
  listOrOwnPath: Path | undefined,
  index = -1,
): unknown {
  const results = resultObject(ctx, selection);
  const fields = selection.fields;
  let start = 0;
  let containsPromise = false;
  let builder: ObjectBuilder | null = null;
  if (source !== null && typeof source === 'object' && ctx.fieldResolver === undefined) {
    builder = codegen.enabled ? builderOf(selection) : null;
    if (builder !== null) {
      start = builder(source, results, ctx, listOrOwnPath, index);
      if (built.async) {
        built.async = false;
        containsPromise = true;
      }
      if (start === fields.length) {
        return containsPromise ? promiseForObject(results) : results;
      }
    }
  }
  const path = ownPath(listOrOwnPath, index);
  try {
    if (builder !== null) {
      const field = fields[start]!;
      if (built.error !== NO_ERROR) {
        // The field's getter or resolver threw: its field error, as executeField would make it.
        const error = built.error;
        built.error = NO_ERROR;
        const fieldPath = addPath(path, field.responseKey, field.parentType.name);
        results[field.responseKey] = fieldError(
          ctx,
          error,
          field,
          fieldPath,
          isNonNull(field.returnType),
        );
        start++;
      } else if (built.read) {
        // Read by the builder: executed here with that value, without reading it again.
        const value = built.value;
        built.read = false;
        built.value = undefined;
        const result = executeField(ctx, field, source, path, value);
        results[field.responseKey] = result;
        if (isPromise(result)) containsPromise = true;
        start++;
      } else if (built.resolved) {
        // Resolved by the builder: completed here, without calling the resolver again.
        const { value, path: fieldPath, info, thenable } = built;
        built.resolved = false;
        built.value = built.path = built.info = undefined;
        const state = stateOf(field);
        const result = completeField(ctx, field, state, fieldPath!, info, value, thenable);
        results[field.responseKey] = result;
        if (isPromise(result)) containsPromise = true;
        start++;
      }
    }
    for (let i = start; i < fields.length; i++) {
      const field = fields[i]!;
      const result = executeField(ctx, field, source, path, UNREAD);
      results[field.responseKey] = result;
      if (!containsPromise && isPromise(result)) containsPromise = true;
    }
  } catch (error) {
    if (containsPromise) {
      // As graphql-js: let the other fields' promises settle (they may reject too), then fail.
      return promiseForObject(results).finally(() => {
        throw error;
      });
    }
    throw error;
  }
  return containsPromise ? promiseForObject(results) : results;
}

/** What the generated builders' object fields call (compileObjectBuilder.ts). */
const builderRuntime: BuilderRuntime = {
  addPath,
  ownPath,
  buildResolveInfo,
  argumentsFor,
  completeObject(ctx, field, type, value, path) {
    const selection = subselectionOf(ctx.plan, ctx.variableValues, field, type);
    const completed = executeFields(ctx, selection, value, path);
    if (completed instanceof Promise) {
      return completed.then(undefined, (rawError) =>
        fieldError(ctx, rawError, field, path, isNonNull(field.returnType)),
      );
    }
    return completed;
  },
};

/**
 * The selection's generated builder (compileObjectBuilder.ts), once it has built enough objects
 * through the interpreter to be worth compiling: null until then, and for good when its first
 * field is not one a builder takes.
 */
function builderOf(selection: SelectionPlan): ObjectBuilder | null {
  const builder = selection.objectBuilder as ObjectBuilder | null | undefined;
  if (builder !== undefined) return builder;
  if (++selection.objectBuilds < codegen.threshold) return null;
  const fields: BuilderField[] = [];
  for (const field of selection.fields) {
    const objectType = objectFieldTypeOf(field);
    const kind =
      field.typename !== undefined
        ? 'typename'
        : objectType !== undefined
          ? 'object'
          : defaultReadLeafKind(field);
    if (kind === undefined) break;
    fields.push({
      kind,
      nonNull: isNonNull(field.returnType),
      fieldName: field.fieldName,
      responseKey: field.responseKey,
      typename: field.typename ?? '',
      plan: field,
      objectType,
    });
  }
  const compiled = fields.length === 0 ? null : compileObjectBuilder(fields, builderRuntime);
  selection.objectBuilder = compiled;
  return compiled;
}

/**
 * A new result object for `selection`: without a prototype for `execute`, as graphql-js's; with
 * Object.prototype on the byte path (ExecutionContext.plainObjects), except where a key is
 * `__proto__`. An object given keys one by one turns into one of V8's dictionaries at about 20
 * keys (twice as slow to fill and to stringify: a 100-key object 41 -> 6 us to build, 70 -> 46
 * us to stringify, bench:engine (b)), so wide selections copy a template of their keys instead,
 * made once by JSON.parse, which keeps objects that wide in fast mode; executeFields sets every
 * key before anyone sees the object. Narrow objects are faster made empty.
 */
function resultObject(ctx: ExecutionContext, selection: SelectionPlan): Record<string, unknown> {
  if (selection.protoKey) return nullPrototypeObject();
  let object: Record<string, unknown>;
  if (selection.fields.length > WIDE) {
    const template = (selection.resultTemplate ??= templateOf(selection)) as object;
    object = { ...template } as Record<string, unknown>;
  } else {
    object = {};
  }
  return ctx.plainObjects
    ? object
    : (Object.setPrototypeOf(object, null) as Record<string, unknown>);
}

/** Objects with more keys than this are copied from a template (see resultObject). */
const WIDE = 16;

function templateOf(selection: SelectionPlan): object {
  const keys = selection.fields.map((field) => JSON.stringify(field.responseKey) + ':null');
  return JSON.parse('{' + keys.join(',') + '}') as object;
}

/**
 * A result object with no prototype (so that a `__proto__` response key is an own property like
 * any other). `Object.create(null)` gives V8's dictionary-mode objects, whose stores and
 * JSON.stringify are about twice as slow; an empty object whose prototype is then set to null
 * keeps fast properties (shared maps, one per selection).
 */
function nullPrototypeObject(): Record<string, unknown> {
  return Object.setPrototypeOf({}, null) as Record<string, unknown>;
}

/** graphql-js's promiseForObject. */
function promiseForObject(object: Record<string, unknown>): Promise<Record<string, unknown>> {
  return Promise.all(Object.values(object)).then((resolvedValues) => {
    const resolvedObject = nullPrototypeObject();
    const keys = Object.keys(object);
    for (let i = 0; i < keys.length; i++) resolvedObject[keys[i]!] = resolvedValues[i];
    return resolvedObject;
  });
}

function stateOf(field: FieldPlan): ObjectFieldState {
  let state = field.completeObject as ObjectFieldState | undefined;
  if (state === undefined) {
    state = {
      complete: makeCompleter(field, field.returnType),
      needsInfo: completionNeedsInfo(field.returnType),
      nonNull: isNonNull(field.returnType),
    };
    field.completeObject = state;
  }
  return state;
}

/**
 * ExecuteField (spec §6.4). `read`: what the default resolver's property read already gave
 * (UNREAD: nothing read yet), for a field read by the default resolver: graphql-js reads the
 * property once, and again only to call a method.
 */
function executeField(
  ctx: ExecutionContext,
  field: FieldPlan,
  source: unknown,
  parentPath: Path | undefined,
  read: unknown,
): unknown {
  const state = stateOf(field);
  const path = addPath(parentPath, field.responseKey, field.parentType.name);
  let info: GraphQLResolveInfo | undefined;
  let result: unknown;
  try {
    if (field.typename !== undefined) {
      result = field.typename;
    } else if (field.source !== undefined) {
      const { group, index } = field.source;
      if (state.needsInfo) info = buildResolveInfo(ctx, field, path);
      const resolvedInfo = info;
      const completed = sourceRunFor(ctx, group).then((results) => {
        const entry = results[index];
        if (entry === undefined)
          throw new Error(`Data source returned no result for "${field.responseKey}".`);
        if (entry.kind === 'json') {
          return isJSONNull(entry.json)
            ? state.complete(ctx, resolvedInfo, path, null)
            : JSON.parse(sourceJSONText(entry.json));
        }
        return state.complete(ctx, resolvedInfo, path, entry.value);
      });
      return completed.then(undefined, (rawError) =>
        fieldError(ctx, rawError, field, path, state.nonNull),
      );
    } else {
      const resolve = field.resolve ?? ctx.fieldResolver;
      if (resolve !== undefined) {
        info = buildResolveInfo(ctx, field, path);
        result = resolve(source, argumentsFor(field, ctx.variableValues), ctx.contextValue, info);
      } else {
        // graphql-js's defaultFieldResolver, inline. Arguments are still coerced first, since
        // coercion errors are raised even when nothing uses the arguments.
        const args =
          field.staticArgs === undefined ? argumentsFor(field, ctx.variableValues) : undefined;
        if (source !== null && (typeof source === 'object' || typeof source === 'function')) {
          const property =
            read !== UNREAD ? read : (source as Record<string, unknown>)[field.fieldName];
          if (typeof property === 'function') {
            info = buildResolveInfo(ctx, field, path);
            result = (source as Record<string, (...a: unknown[]) => unknown>)[field.fieldName]!(
              args ?? argumentsFor(field, ctx.variableValues),
              ctx.contextValue,
              info,
            );
          } else {
            result = property;
          }
        }
        if (info === undefined && state.needsInfo) info = buildResolveInfo(ctx, field, path);
      }
    }
  } catch (rawError) {
    return fieldError(ctx, rawError, field, path, state.nonNull);
  }
  return completeField(ctx, field, state, path, info, result, isPromise(result));
}

/** completeValue of a field's resolved value (executeField's second half), with its errors. */
function completeField(
  ctx: ExecutionContext,
  field: FieldPlan,
  state: ObjectFieldState,
  path: Path,
  info: GraphQLResolveInfo | undefined,
  result: unknown,
  /** isPromise(result), found by the caller: graphql-js reads `then` once before calling it. */
  promised: boolean,
): unknown {
  try {
    let completed: unknown;
    if (promised) {
      completed = (result as Promise<unknown>).then((resolved) =>
        state.complete(ctx, info, path, resolved),
      );
    } else {
      completed = state.complete(ctx, info, path, result);
    }
    if (isPromise(completed)) {
      return completed.then(undefined, (rawError) =>
        fieldError(ctx, rawError, field, path, state.nonNull),
      );
    }
    return completed;
  } catch (rawError) {
    return fieldError(ctx, rawError, field, path, state.nonNull);
  }
}

/** handleFieldError, then the value a failed nullable position takes. */
function fieldError(
  ctx: ExecutionContext,
  rawError: unknown,
  field: FieldPlan,
  path: Path,
  nonNull: boolean,
): null {
  handleFieldError(ctx, rawError, field, path, nonNull);
  return null;
}

/** Builds completeValue for one return type of one field, once. */
function makeCompleter(field: FieldPlan, type: GraphQLOutputType): Completer {
  if (isNonNull(type)) {
    const inner = makeCompleter(field, type.ofType);
    return (ctx, info, path, result) => {
      if (result instanceof Error) throw result;
      if (result == null) throw nonNullError(field);
      return inner(ctx, info, path, result);
    };
  }
  if (isList(type)) return makeListCompleter(field, type.ofType);
  if (isLeaf(type)) return makeLeafCompleter(type);
  if (isAbstract(type)) {
    return (ctx, info, path, result) => {
      if (result instanceof Error) throw result;
      if (result == null) return null;
      return completeAbstractValue(ctx, type, field, info, path!, result, executeFields);
    };
  }
  if (isObject(type)) {
    return (ctx, info, path, result) => {
      if (result instanceof Error) throw result;
      if (result == null) return null;
      return completeObjectValue(ctx, type, field, info, path!, result, executeFields);
    };
  }
  throw new Error(`Cannot complete value of unexpected output type: ${String(type)}`);
}

function makeLeafCompleter(type: GraphQLLeafType): Completer {
  return (_ctx, _info, _path, result) => {
    if (result instanceof Error) throw result;
    if (result == null) return null;
    const serialized = type.serialize(result);
    if (serialized == null) throw serializeNullError(type, result, serialized);
    return serialized;
  };
}

/**
 * completeListValue for `field`'s list of `itemType`, building the items as result objects (the
 * byte path uses it for lists it writes as objects).
 */
export function makeListCompleter(field: FieldPlan, itemType: GraphQLOutputType): Completer {
  const completeItem = makeCompleter(field, itemType);
  const itemNonNull = isNonNull(itemType);
  // Items of a plain object type go straight to executeFields, and their path is made only if
  // one of their fields needs it.
  const itemObjectType = plainObjectTypeOf(itemType);
  return (ctx, info, path, result) => {
    if (result instanceof Error) throw result;
    if (result == null) return null;
    if (!isIterableObject(result)) throw notIterableError(field);
    let containsPromise = false;
    let selection: SelectionPlan | undefined;
    const completeOne = (item: unknown, index: number): unknown => {
      // `then` is read once, as graphql-js's isPromise(item) reads it.
      const promised = isPromise(item);
      if (itemObjectType !== undefined && isObjectNotPromise(item, promised)) {
        try {
          selection ??= subselectionOf(ctx.plan, ctx.variableValues, field, itemObjectType);
          const completedItem = executeFields(ctx, selection, item, path, index);
          if (completedItem instanceof Promise) {
            containsPromise = true;
            return completedItem.then(undefined, (rawError) =>
              fieldError(ctx, rawError, field, addPath(path, index, undefined), itemNonNull),
            );
          }
          return completedItem;
        } catch (rawError) {
          return fieldError(ctx, rawError, field, addPath(path, index, undefined), itemNonNull);
        }
      }
      const itemPath = addPath(path, index, undefined);
      try {
        let completedItem: unknown;
        if (promised) {
          completedItem = (item as Promise<unknown>).then((resolved) =>
            completeItem(ctx, info, itemPath, resolved),
          );
        } else {
          completedItem = completeItem(ctx, info, itemPath, item);
        }
        if (isPromise(completedItem)) {
          containsPromise = true;
          return completedItem.then(undefined, (rawError) =>
            fieldError(ctx, rawError, field, itemPath, itemNonNull),
          );
        }
        return completedItem;
      } catch (rawError) {
        return fieldError(ctx, rawError, field, itemPath, itemNonNull);
      }
    };
    let completedResults: unknown[];
    if (isPlainArray(result)) {
      // The built-in array iterator visits the indices in order (as the byte path's loop does).
      completedResults = [];
      for (let index = 0; index < result.length; index++) {
        completedResults.push(completeOne(result[index], index));
      }
    } else {
      completedResults = Array.from(result, completeOne);
    }
    return containsPromise ? Promise.all(completedResults) : completedResults;
  };
}
