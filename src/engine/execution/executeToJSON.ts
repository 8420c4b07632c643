import {
  GraphQLError,
  isAbstractType,
  isLeafType,
  isListType,
  isNonNullType,
  isObjectType,
  locatedError,
  type GraphQLObjectType,
  type GraphQLOutputType,
  type GraphQLResolveInfo,
} from 'graphql';
import { argumentsFor, type FieldPlan } from '../plan/FieldPlan.js';
import { rootSelectionFor } from '../plan/OperationPlan.js';
import { planSubselection, type SelectionPlan } from '../plan/SelectionPlan.js';
import {
  completionNeedsInfo,
  ensureValidRuntimeType,
  invalidReturnTypeError,
  isIterableObject,
  isLeafCompletion,
  nonNullError,
  notIterableError,
} from './completion.js';
import {
  buildResolveInfo,
  isPromise,
  sourceRunFor,
  type ExecutionContext,
} from './ExecutionContext.js';
import { leafWriterFor } from './leafToJSON.js';
import { addPath, pathToArray, type Path } from './Path.js';

/**
 * The byte-path executor: runs a plan and writes the response as JSON text while it goes,
 * without building the result object tree. Its control flow mirrors executeToObject (and so
 * graphql-js) step for step — the same promises at the same places — with JSON text in place of
 * values. A completed value is its JSON text, so when a non-null error nulls a parent, the text
 * already written for that subtree is simply dropped: the parent never concatenates it.
 *
 * Paths are created lazily: a leaf field read by the default resolver allocates nothing unless
 * it fails.
 */

type Text = string | Promise<string>;
type Completer = (
  ctx: ExecutionContext,
  info: GraphQLResolveInfo | undefined,
  path: Path | undefined,
  result: unknown,
) => Text;

interface JSONFieldState {
  readonly complete: Completer;
  readonly needsInfo: boolean;
  readonly nonNull: boolean;
  /** True when completion never needs the field's path (leaf types): it is made only on failure. */
  readonly leaf: boolean;
}

/** Executes the operation; returns the `data` JSON text ("null" when the root was nulled). */
export function executeOperationToJSON(ctx: ExecutionContext): Text {
  try {
    const result = executeOperation(ctx);
    if (typeof result !== 'string') {
      return result.then(undefined, (error: GraphQLError) => {
        ctx.errors.add(error, undefined);
        return 'null';
      });
    }
    return result;
  } catch (error) {
    ctx.errors.add(error as GraphQLError, undefined);
    return 'null';
  }
}

function executeOperation(ctx: ExecutionContext): Text {
  const { plan, operation } = ctx;
  const rootType = plan.rootType;
  if (rootType === undefined) {
    throw new GraphQLError(
      `Schema is not configured to execute ${operation.operation} operation.`,
      {
        nodes: operation,
      },
    );
  }
  const selection = rootSelectionFor(plan, rootType, ctx.variableValues);
  if (operation.operation === 'mutation') {
    return executeFieldsSerially(ctx, selection, ctx.rootValue, undefined);
  }
  return executeFields(ctx, selection, ctx.rootValue, undefined);
}

function executeFieldsSerially(
  ctx: ExecutionContext,
  selection: SelectionPlan,
  source: unknown,
  path: Path | undefined,
): Text {
  let accumulator: Text = '';
  for (const field of selection.fields) {
    const step = (written: string): Text => {
      const prefix = written === '' ? field.keyJSON : written + ',' + field.keyJSON;
      const result = executeField(ctx, field, source, path);
      if (typeof result === 'string') return prefix + result;
      return result.then((resolved) => prefix + resolved);
    };
    accumulator = typeof accumulator === 'string' ? step(accumulator) : accumulator.then(step);
  }
  return typeof accumulator === 'string'
    ? '{' + accumulator + '}'
    : accumulator.then((text) => '{' + text + '}');
}

function executeFields(
  ctx: ExecutionContext,
  selection: SelectionPlan,
  source: unknown,
  path: Path | undefined,
): Text {
  const fields = selection.fields;
  let text = '{';
  // Once a field returns a promise, graphql-js waits for all values with Promise.all. The text
  // written before that point goes in as one settled entry: settled entries do not change when
  // Promise.all resolves, so the timing (and thus error order) stays graphql-js's.
  let pending: Text[] | undefined;
  let firstPending = 0;
  try {
    for (let i = 0; i < fields.length; i++) {
      const field = fields[i]!;
      const result = executeField(ctx, field, source, path);
      if (pending !== undefined) {
        pending.push(result);
      } else if (typeof result === 'string') {
        text += i === 0 ? field.keyJSON + result : ',' + field.keyJSON + result;
      } else {
        pending = [text, result];
        firstPending = i;
      }
    }
  } catch (error) {
    if (pending !== undefined) {
      return Promise.all(pending).finally(() => {
        throw error;
      }) as unknown as Promise<string>;
    }
    throw error;
  }
  if (pending === undefined) return text + '}';
  return Promise.all(pending).then((values) => {
    let out = values[0]!;
    for (let k = 1; k < values.length; k++) {
      const index = firstPending + k - 1;
      out += (index === 0 ? '' : ',') + fields[index]!.keyJSON + values[k];
    }
    return out + '}';
  });
}

function stateOf(field: FieldPlan): JSONFieldState {
  let state = field.completeJSON as JSONFieldState | undefined;
  if (state === undefined) {
    state = {
      complete: makeCompleter(field, field.returnType),
      needsInfo: completionNeedsInfo(field.returnType),
      nonNull: isNonNullType(field.returnType),
      leaf: isLeafCompletion(field.returnType),
    };
    field.completeJSON = state;
  }
  return state;
}

function executeField(
  ctx: ExecutionContext,
  field: FieldPlan,
  source: unknown,
  parentPath: Path | undefined,
): Text {
  const state = stateOf(field);
  // The field's path exists only when something needs it: a resolver's info, a sub-selection,
  // or an error.
  let path = state.leaf ? undefined : addPath(parentPath, field.responseKey, field.parentType.name);
  let info: GraphQLResolveInfo | undefined;
  try {
    let result: unknown;
    if (field.typename !== undefined) {
      return state.complete(ctx, undefined, path, field.typename);
    } else if (field.source !== undefined) {
      path ??= addPath(parentPath, field.responseKey, field.parentType.name);
      return executeSourceField(ctx, field, state, path);
    } else {
      const resolve = field.resolve ?? ctx.fieldResolver;
      if (resolve !== undefined) {
        path ??= addPath(parentPath, field.responseKey, field.parentType.name);
        info = buildResolveInfo(ctx, field, path);
        result = resolve(source, argumentsFor(field, ctx.variableValues), ctx.contextValue, info);
      } else {
        // graphql-js's defaultFieldResolver, inline. Arguments are still coerced first, since
        // coercion errors are raised even when nothing uses the arguments.
        const args =
          field.staticArgs === undefined ? argumentsFor(field, ctx.variableValues) : undefined;
        if (source !== null && (typeof source === 'object' || typeof source === 'function')) {
          const property = (source as Record<string, unknown>)[field.fieldName];
          if (typeof property === 'function') {
            path ??= addPath(parentPath, field.responseKey, field.parentType.name);
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
        if (info === undefined && state.needsInfo) info = buildResolveInfo(ctx, field, path!);
      }
    }
    let completed: Text;
    if (isPromise(result)) {
      const resolvedInfo = info;
      const resolvedPath = (path ??= addPath(parentPath, field.responseKey, field.parentType.name));
      completed = result.then((resolved) =>
        state.complete(ctx, resolvedInfo, resolvedPath, resolved),
      );
    } else {
      completed = state.complete(ctx, info, path, result);
    }
    if (typeof completed !== 'string') {
      const fieldPath = (path ??= addPath(parentPath, field.responseKey, field.parentType.name));
      return completed.then(undefined, (rawError) =>
        handleFieldError(
          locatedError(rawError, field.fieldNodes, pathToArray(fieldPath)),
          state.nonNull,
          fieldPath,
          ctx,
        ),
      );
    }
    return completed;
  } catch (rawError) {
    path ??= addPath(parentPath, field.responseKey, field.parentType.name);
    return handleFieldError(
      locatedError(rawError, field.fieldNodes, pathToArray(path)),
      state.nonNull,
      path,
      ctx,
    );
  }
}

/** A root field answered by a data source: its statement's JSON text is spliced in as is. */
function executeSourceField(
  ctx: ExecutionContext,
  field: FieldPlan,
  state: JSONFieldState,
  path: Path,
): Text {
  const { group, index } = field.source!;
  const info = state.needsInfo ? buildResolveInfo(ctx, field, path) : undefined;
  return sourceRunFor(ctx, group)
    .then((results) => {
      const entry = results[index];
      if (entry === undefined)
        throw new Error(`Data source returned no result for "${field.responseKey}".`);
      if (entry.kind === 'json') {
        return entry.json === 'null' ? state.complete(ctx, info, path, null) : entry.json;
      }
      return state.complete(ctx, info, path, entry.value);
    })
    .then(undefined, (rawError) =>
      handleFieldError(
        locatedError(rawError, field.fieldNodes, pathToArray(path)),
        state.nonNull,
        path,
        ctx,
      ),
    );
}

function handleFieldError(
  error: GraphQLError,
  nonNull: boolean,
  path: Path,
  ctx: ExecutionContext,
): string {
  if (nonNull) throw error;
  ctx.errors.add(error, path);
  return 'null';
}

/** Builds completeValue for one return type of one field, once. */
function makeCompleter(field: FieldPlan, type: GraphQLOutputType): Completer {
  if (isNonNullType(type)) {
    const inner = makeCompleter(field, type.ofType);
    return (ctx, info, path, result) => {
      if (result instanceof Error) throw result;
      if (result == null) throw nonNullError(field);
      return inner(ctx, info, path, result);
    };
  }
  if (isListType(type)) return makeListCompleter(field, type.ofType);
  if (isLeafType(type)) {
    const write = leafWriterFor(type);
    return (_ctx, _info, _path, result) => {
      if (result == null) return 'null';
      if (result instanceof Error) throw result;
      return write(result);
    };
  }
  if (isAbstractType(type)) {
    const completeObject = makeObjectCompleter(field);
    return (ctx, info, path, result) => {
      if (result instanceof Error) throw result;
      if (result == null) return 'null';
      const resolvedInfo = info as GraphQLResolveInfo;
      const resolveTypeFn = type.resolveType ?? ctx.typeResolver;
      const runtimeType = resolveTypeFn(result, ctx.contextValue, resolvedInfo, type);
      if (isPromise(runtimeType)) {
        return runtimeType.then((resolvedRuntimeType) =>
          completeObject(
            ctx,
            ensureValidRuntimeType(resolvedRuntimeType, ctx, type, field, result),
            resolvedInfo,
            path!,
            result,
          ),
        );
      }
      return completeObject(
        ctx,
        ensureValidRuntimeType(runtimeType, ctx, type, field, result),
        resolvedInfo,
        path!,
        result,
      );
    };
  }
  if (isObjectType(type)) {
    const completeObject = makeObjectCompleter(field);
    return (ctx, info, path, result) => {
      if (result instanceof Error) throw result;
      if (result == null) return 'null';
      return completeObject(ctx, type, info, path!, result);
    };
  }
  throw new Error(`Cannot complete value of unexpected output type: ${String(type)}`);
}

function makeListCompleter(field: FieldPlan, itemType: GraphQLOutputType): Completer {
  const completeItem = makeCompleter(field, itemType);
  const itemNonNull = isNonNullType(itemType);
  const itemLeaf = isLeafCompletion(itemType);
  const fail = (ctx: ExecutionContext, rawError: unknown, path: Path, index: number): string => {
    const itemPath = addPath(path, index, undefined);
    return handleFieldError(
      locatedError(rawError, field.fieldNodes, pathToArray(itemPath)),
      itemNonNull,
      itemPath,
      ctx,
    );
  };
  const completeOne = (
    ctx: ExecutionContext,
    info: GraphQLResolveInfo | undefined,
    path: Path,
    item: unknown,
    index: number,
  ): Text => {
    try {
      let completed: Text;
      if (isPromise(item)) {
        const itemPath = addPath(path, index, undefined);
        completed = item.then((resolved) => completeItem(ctx, info, itemPath, resolved));
      } else {
        completed = completeItem(
          ctx,
          info,
          itemLeaf ? undefined : addPath(path, index, undefined),
          item,
        );
      }
      if (typeof completed !== 'string') {
        return completed.then(undefined, (rawError) => fail(ctx, rawError, path, index));
      }
      return completed;
    } catch (rawError) {
      return fail(ctx, rawError, path, index);
    }
  };
  return (ctx, info, path, result) => {
    if (result instanceof Error) throw result;
    if (result == null) return 'null';
    if (!isIterableObject(result)) throw notIterableError(field);
    const listPath = path!;
    let text = '[';
    let pending: Text[] | undefined;
    const add = (completed: Text, index: number) => {
      if (pending !== undefined) pending.push(completed);
      else if (typeof completed === 'string') text += index === 0 ? completed : ',' + completed;
      else pending = [text, completed];
    };
    if (Array.isArray(result)) {
      for (let index = 0; index < result.length; index++) {
        add(completeOne(ctx, info, listPath, result[index], index), index);
      }
    } else {
      // Any other iterable, through Array.from as graphql-js does (so a failing item closes it).
      Array.from(result, (item, index) =>
        add(completeOne(ctx, info, listPath, item, index), index),
      );
    }
    if (pending === undefined) return text + ']';
    // graphql-js resolves a list with promises through Promise.all; see executeFields.
    return Promise.all(pending).then((values) => {
      let out = values[0]!;
      const first = out.length === 1; // only '[' was written before the first promise
      for (let k = 1; k < values.length; k++) out += (first && k === 1 ? '' : ',') + values[k];
      return out + ']';
    });
  };
}

type ObjectCompleter = (
  ctx: ExecutionContext,
  type: GraphQLObjectType,
  info: GraphQLResolveInfo | undefined,
  path: Path,
  result: unknown,
) => Text;

/** completeObjectValue, with the sub-selection planned once per runtime type. */
function makeObjectCompleter(field: FieldPlan): ObjectCompleter {
  let lastType: GraphQLObjectType | undefined;
  let lastPlan: SelectionPlan | undefined;
  const plans = new Map<GraphQLObjectType, SelectionPlan>();
  const subselection = (ctx: ExecutionContext, type: GraphQLObjectType): SelectionPlan => {
    if (type === lastType) return lastPlan!;
    let plan = plans.get(type);
    if (plan === undefined) {
      plan = planSubselection(ctx.plan, ctx.variableValues, type, field);
      plans.set(type, plan);
    }
    lastType = type;
    lastPlan = plan;
    return plan;
  };
  return (ctx, type, info, path, result) => {
    const selection = subselection(ctx, type);
    if (type.isTypeOf) {
      const isTypeOf = type.isTypeOf(result, ctx.contextValue, info as GraphQLResolveInfo);
      if (isPromise(isTypeOf)) {
        return isTypeOf.then((resolvedIsTypeOf) => {
          if (!resolvedIsTypeOf) throw invalidReturnTypeError(type, result, field);
          return executeFields(ctx, selection, result, path);
        });
      }
      if (!isTypeOf) throw invalidReturnTypeError(type, result, field);
    }
    return executeFields(ctx, selection, result, path);
  };
}
