import type {
  ExecutionResult,
  GraphQLError,
  GraphQLLeafType,
  GraphQLOutputType,
  GraphQLResolveInfo,
} from 'graphql';
import { argumentsFor, type FieldPlan } from '../plan/FieldPlan.js';
import { subselectionOf, type SelectionPlan } from '../plan/SelectionPlan.js';
import { isNonNull, plainObjectTypeOf } from '../schema/typeGuards.js';
import { sourceJSONText } from '../source/DataSource.js';
import {
  completeField,
  fieldError,
  isIterableObject,
  isObjectNotPromise,
  isPlainArray,
  makeCompleter,
  nonNullError,
  notIterableError,
  rootSelectionOf,
  serializeNullError,
  type Completer,
  type Emitter,
} from './completion.js';
import { collectError, errorsOf } from './CollectedErrors.js';
import { buildResolveInfo, isPromise, type ExecutionContext } from './ExecutionContext.js';
import {
  generateBuilder,
  takes,
  type GeneratedBuilder,
  type ObjectRuntime,
} from './generateSelection.js';
import { clearHandover, handover, NO_ERROR, STOP_RESOLVED, UNREAD } from './Handover.js';
import { addPath, ownPath, type Path } from './Path.js';
import { resolveField, runSourceField } from './resolveField.js';
import { nullPrototypeObject, promiseForObject, resultObject } from './resultObjects.js';

/**
 * The object emitter: builds graphql-js's result objects (for the `execute` drop-in). Its
 * control flow — where promises are created, chained and awaited, where errors are caught —
 * follows graphql-js 16's execute.ts step by step, so results, error order and timing match;
 * what it saves is everything graphql-js recomputes per value: field collection, field
 * definitions, static arguments, resolve info for default-resolved fields, type checks of the
 * return type.
 */

declare module '../plan/EmitterSlots.js' {
  interface ObjectFieldSlot {
    readonly complete: Completer<unknown>;
  }
  interface ObjectBuilder {
    (...args: Parameters<GeneratedBuilder>): ReturnType<GeneratedBuilder>;
  }
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
          collectError(ctx, error, undefined);
          return buildResponse(null, ctx);
        },
      );
    }
    return buildResponse(result as Record<string, unknown>, ctx);
  } catch (error) {
    collectError(ctx, error as GraphQLError, undefined);
    return buildResponse(null, ctx);
  }
}

function buildResponse(
  data: Record<string, unknown> | null,
  ctx: ExecutionContext,
): ExecutionResult {
  const errors = errorsOf(ctx);
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
 * ExecuteSelectionSet ([spec](https://spec.graphql.org/October2021/#sec-Executing-Selection-Sets))
 * for one object. The object's path is `path`, or for a list item (`index` >= 0) `path` +
 * `index`, made only when a field needs it (one the builder does not take, or an error).
 * Returns the result object, or a native Promise of it (its callers test with instanceof,
 * cheaper than isPromise's property lookup on a result object).
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
  let builder: GeneratedBuilder | null = null;
  if (source !== null && typeof source === 'object' && ctx.fieldResolver === undefined) {
    builder = ctx.settings.codegen ? builderOf(ctx, selection) : null;
    if (builder !== null) {
      start = builder(source, results, ctx, listOrOwnPath, index);
      if (handover.async) {
        handover.async = false;
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
      // Where the builder stopped: taken out of the handover at once, then finished here.
      const field = fields[start]!;
      const h = handover;
      const { kind, error, value, path: fieldPath, info, thenable } = h;
      clearHandover(h);
      let result: unknown = UNREAD;
      if (error !== NO_ERROR) {
        // The field's getter or resolver threw: its field error, as executeField would make it.
        const errorPath = addPath(path, field.responseKey, field.parentType.name);
        result = fieldError(ctx, error, field, errorPath, field.nonNull, null);
      } else if (kind === STOP_RESOLVED) {
        // Resolved by the builder: completed here, without calling the resolver again.
        result = completeField(
          ctx,
          field,
          completerOf(field),
          fieldPath!,
          info,
          value,
          thenable,
          null,
        );
      } else if (value !== UNREAD) {
        // Read by the builder: executed here with that value, without reading it again.
        result = executeField(ctx, field, source, path, value);
      }
      if (result !== UNREAD) {
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

/** What the generated builders' object fields call (generateSelection.ts). */
const builderRuntime: ObjectRuntime = {
  addPath,
  ownPath,
  buildResolveInfo,
  argumentsFor,
  subselection(ctx, field, type, value, path) {
    const selection = subselectionOf(ctx.plan, ctx.variableValues, field, type);
    const completed = executeFields(ctx, selection, value, path);
    if (completed instanceof Promise) {
      return completed.then(undefined, (rawError) =>
        fieldError(ctx, rawError, field, path, field.nonNull, null),
      );
    }
    return completed;
  },
};

/**
 * The selection's generated builder, once it has built `codegenAfter` objects through the
 * interpreter: null until then, and for good when its first field is not one a builder takes.
 */
function builderOf(ctx: ExecutionContext, selection: SelectionPlan): GeneratedBuilder | null {
  const builder = selection.objectBuilder;
  if (builder !== undefined) return builder;
  if (++selection.objectBuilds < ctx.settings.codegenAfter) return null;
  const fields = selection.fields;
  let run = 0;
  while (run < fields.length && takes('object', fields[run]!)) run++;
  const compiled = run === 0 ? null : generateBuilder(fields.slice(0, run), builderRuntime);
  selection.objectBuilder = compiled;
  return compiled;
}

const objectEmitter: Emitter<unknown> = {
  nullValue: null,
  leaf: makeLeafCompleter,
  list: makeListCompleter,
  selection: executeFields,
};

function completerOf(field: FieldPlan): Completer<unknown> {
  const slot = (field.object ??= {
    complete: makeCompleter(field, field.returnType, objectEmitter),
  });
  return slot.complete;
}

/**
 * ExecuteField ([spec](https://spec.graphql.org/October2021/#sec-Executing-Fields)). `read`:
 * what the default resolver's property read already gave (UNREAD: nothing read yet).
 */
function executeField(
  ctx: ExecutionContext,
  field: FieldPlan,
  source: unknown,
  parentPath: Path | undefined,
  read: unknown,
): unknown {
  const path = addPath(parentPath, field.responseKey, field.parentType.name);
  let info: GraphQLResolveInfo | undefined;
  let result: unknown;
  try {
    if (field.kind === 'typename') {
      result = field.typename;
    } else if (field.kind === 'source') {
      return runSourceField(
        ctx,
        field,
        path,
        completerOf(field),
        (_ctx, json) => JSON.parse(sourceJSONText(json)),
        null,
      );
    } else {
      if (field.needsInfo || (field.resolve ?? ctx.fieldResolver) !== undefined) {
        info = buildResolveInfo(ctx, field, path);
      }
      result = resolveField(ctx, field, source, parentPath, path, info, read);
    }
  } catch (rawError) {
    return fieldError(ctx, rawError, field, path, field.nonNull, null);
  }
  return completeField(ctx, field, completerOf(field), path, info, result, isPromise(result), null);
}

function makeLeafCompleter(type: GraphQLLeafType): Completer<unknown> {
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
 * byte path uses it for lists it writes as objects, textLists.ts).
 */
export function makeListCompleter(
  field: FieldPlan,
  itemType: GraphQLOutputType,
  nonNull = false,
): Completer<unknown> {
  const completeItem = makeCompleter(field, itemType, objectEmitter);
  const itemNonNull = isNonNull(itemType);
  // Items of a plain object type go straight to executeFields, and their path is made only if
  // one of their fields needs it.
  const itemObjectType = plainObjectTypeOf(itemType);
  return (ctx, info, path, result) => {
    if (result instanceof Error) throw result;
    if (result == null) {
      if (nonNull) throw nonNullError(field);
      return null;
    }
    if (!isIterableObject(result)) throw notIterableError(field);
    const listPath = path!;
    let containsPromise = false;
    let selection: SelectionPlan | undefined;
    const fail = (rawError: unknown, index: number) =>
      fieldError(ctx, rawError, field, addPath(listPath, index, undefined), itemNonNull, null);
    const completeOne = (item: unknown, index: number): unknown => {
      // `then` is read once, as graphql-js's isPromise(item) reads it.
      const promised = isPromise(item);
      if (itemObjectType !== undefined && isObjectNotPromise(item, promised)) {
        try {
          selection ??= subselectionOf(ctx.plan, ctx.variableValues, field, itemObjectType);
          const completedItem = executeFields(ctx, selection, item, listPath, index);
          if (completedItem instanceof Promise) {
            containsPromise = true;
            return completedItem.then(undefined, (rawError) => fail(rawError, index));
          }
          return completedItem;
        } catch (rawError) {
          return fail(rawError, index);
        }
      }
      const itemPath = addPath(listPath, index, undefined);
      try {
        const completedItem = promised
          ? (item as Promise<unknown>).then((resolved) =>
              completeItem(ctx, info, itemPath, resolved, index),
            )
          : completeItem(ctx, info, itemPath, item, index);
        if (isPromise(completedItem)) {
          containsPromise = true;
          return completedItem.then(undefined, (rawError) =>
            fieldError(ctx, rawError, field, itemPath, itemNonNull, null),
          );
        }
        return completedItem;
      } catch (rawError) {
        return fieldError(ctx, rawError, field, itemPath, itemNonNull, null);
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
