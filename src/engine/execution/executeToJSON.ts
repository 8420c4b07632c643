import type { GraphQLError } from 'graphql';
import { type GraphQLObjectType, type GraphQLOutputType, type GraphQLResolveInfo } from 'graphql';
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
  isLeafCompletion,
  isObjectNotPromise,
  nonNullError,
  notIterableError,
  plainObjectTypeOf,
} from './completion.js';
import {
  buildResolveInfo,
  isPromise,
  sourceRunFor,
  type ExecutionContext,
} from './ExecutionContext.js';
import {
  builtinScalarKind,
  leafWriterFor,
  needsEscape,
  OMITTED,
  quoteJSONString,
  escapedStrings,
  type BuiltinScalarKind,
} from './leafToJSON.js';
import {
  codegen,
  compileObjectWriter,
  defaultReadLeafKind,
  isDefaultRead,
  NO_ERROR,
  objectFieldTypeOf,
  STOP_PENDING,
  STOP_READ,
  STOP_RESOLVED,
  UNREAD,
  stopped,
  type ObjectWriter,
  type WriterField,
  type WriterRuntime,
} from './compileObjectWriter.js';
import { numberToJSON } from './numberToJSON.js';
import {
  makeListCompleter as objectListCompleter,
  type Completer as ObjectCompleter,
} from './executeToObject.js';
import { addPath, ownPath, type Path } from './Path.js';
import { isJSONNull, spliceJSON } from './splicedJSON.js';
import { isAbstract, isLeaf, isList, isNonNull, isObject } from '../plan/typeGuards.js';

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
  /** The response key or list index the value is written under (JSON.stringify's toJSON key). */
  key: string | number,
) => Text;

const FAST_NONE = 0;
const FAST_TYPENAME = 1;
const FAST_LEAF = 2;
const FAST_OBJECT = 3;
const SCALAR_OTHER = 0;
const SCALAR_STRING = 1;
const SCALAR_INT = 2;
const SCALAR_FLOAT = 3;
const SCALAR_BOOLEAN = 4;

interface JSONFieldState {
  /** FAST_*: how executeFields may write this field without calling executeField. */
  readonly fast: number;
  /** SCALAR_*: for FAST_LEAF, the built-in scalar and thus the plain JS type it expects. */
  readonly scalar: number;
  readonly typenameJSON: string;
  /** For FAST_OBJECT: the field's concrete object type. */
  readonly objectType: GraphQLObjectType | undefined;
  readonly complete: Completer;
  readonly needsInfo: boolean;
  readonly nonNull: boolean;
  /** Whether this field's last string value needed escaping (see the FAST_LEAF path). */
  escapes: boolean;
  /** For FAST_OBJECT: its sub-selection is asyncProne, so write it as text of its own. */
  objectAsyncProne: boolean;
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
  const selection = rootSelectionOf(ctx);
  if (ctx.operation.operation === 'mutation') {
    return executeFieldsSerially(ctx, selection, ctx.rootValue, undefined);
  }
  return executeFields(ctx, selection, ctx.rootValue, undefined, -1, '');
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
      const result = executeField(ctx, field, source, path, UNREAD);
      if (typeof result === 'string') return result === OMITTED ? written : prefix + result;
      return result.then((resolved) => (resolved === OMITTED ? written : prefix + resolved));
    };
    accumulator = typeof accumulator === 'string' ? step(accumulator) : accumulator.then(step);
  }
  return typeof accumulator === 'string'
    ? '{' + accumulator + '}'
    : accumulator.then((text) => '{' + text + '}');
}

/**
 * ExecuteSelectionSet (spec §6.3) for one object, written as JSON text.
 *
 * `path`/`index`: the object's own path is `path` when `index` is -1; for a list item it is
 * `path` + `index`, made only if a field needs it (a resolver, a sub-selection or an error).
 *
 * `into`: text to write the object after. When every field is synchronous the result is
 * `into` followed by the object, so a list or a parent object appends its children straight onto
 * one growing string instead of joining separate strings (fewer string nodes to build and to
 * flatten). When a field returns a promise the result is a promise of the object's text alone.
 * Finding the object's own text then costs one slice of `into`, so a selection that does this
 * once is marked `asyncProne` and its objects are written on their own from then on.
 * A non-null error thrown from here leaves the caller's text as it was: nothing is undone
 * because nothing the caller holds was changed.
 */
function executeFields(
  ctx: ExecutionContext,
  selection: SelectionPlan,
  source: unknown,
  path: Path | undefined,
  index: number,
  into: string,
): Text {
  if (source !== null && typeof source === 'object' && ctx.fieldResolver === undefined) {
    const writer = codegen.enabled ? writerOf(selection) : null;
    if (writer !== null) return writeWith(writer, ctx, selection, source, path, index, into, false);
  }
  return executeFieldsFrom(ctx, selection, source, path, index, into, 0, into, NO_ERROR, UNREAD);
}

/**
 * An object through its selection's generated writer, after `text` (and a comma, for a list item
 * after the first: the writer writes it with the first key); where the writer stops, the
 * interpreter goes on from that field with the text written so far.
 */
function writeWith(
  writer: ObjectWriter,
  ctx: ExecutionContext,
  selection: SelectionPlan,
  source: object,
  path: Path | undefined,
  index: number,
  text: string,
  comma: boolean,
): Text {
  const written = writer(source, text, comma, ctx, path, index);
  if (typeof written === 'string') return written;
  const into = comma ? text + ',' : text;
  // Taken out of `stopped` at once: a module-wide object must not keep a response's text, a
  // getter's error or a value alive after this object.
  const { text: soFar, error, value, kind, path: fieldPath, info, thenable } = stopped;
  stopped.text = '';
  stopped.error = NO_ERROR;
  stopped.value = UNREAD;
  stopped.kind = STOP_READ;
  stopped.path = stopped.info = undefined;
  // A field the writer resolved (any kind but STOP_READ): its text, or promise, goes in as the
  // field's result, and the interpreter has nothing else of it to take.
  let handed: Text | undefined;
  if (kind !== STOP_READ) {
    const field = selection.fields[written]!;
    const state = stateOf(field);
    handed =
      kind === STOP_PENDING
        ? (value as Promise<string>)
        : kind === STOP_RESOLVED
          ? completeField(ctx, field, state, fieldPath!, info, value, thenable)
          : fieldError(ctx, error, field, fieldPath!, state.nonNull);
  }
  const read = handed === undefined;
  return executeFieldsFrom(
    ctx,
    selection,
    source,
    path,
    index,
    into,
    written,
    soFar,
    read ? error : NO_ERROR,
    read ? value : UNREAD,
    handed,
  );
}

/**
 * The interpreter of executeFields, from field `start` on, with `written` the text so far (`into`
 * followed by the fields before `start`), `writerError` what a getter of field `start` threw
 * when the generated writer read it (NO_ERROR: it did not), and `writerValue` the value the
 * writer read there and did not write (UNREAD: none), completed without reading it again.
 */
function executeFieldsFrom(
  ctx: ExecutionContext,
  selection: SelectionPlan,
  source: unknown,
  path: Path | undefined,
  index: number,
  into: string,
  start: number,
  written: string,
  writerError: unknown,
  writerValue: unknown,
  handed?: Text,
): Text {
  const fields = selection.fields;
  const prefixes = selection.jsonPrefixes;
  const base = into.length;
  const quotedPrefixes = selection.jsonQuotedPrefixes;
  let ownPath = path;
  let ownPathReady = index < 0;
  const readable = source !== null && typeof source === 'object';
  const inlineDefault = ctx.fieldResolver === undefined;
  let text = written;
  // Once a field returns a promise, graphql-js waits for all values with Promise.all. The text
  // written before that point goes in as one settled entry: settled entries do not change when
  // Promise.all resolves, so the timing (and thus error order) stays graphql-js's.
  let pending: Text[] | undefined;
  let firstPending = 0;
  let omitted = false;
  try {
    for (let i = start; i < fields.length; i++) {
      const field = fields[i]!;
      const state = stateOf(field);
      let result: Text | undefined;
      if (handed !== undefined) {
        // Field `start`, resolved and completed by the writer.
        result = handed;
        handed = undefined;
      } else if (state.fast === FAST_TYPENAME) {
        result = state.typenameJSON;
      } else if (state.fast === FAST_LEAF && readable && inlineDefault) {
        // A leaf read by the default resolver: the common case, written without a call.
        let value: unknown;
        if (writerValue !== UNREAD) {
          value = writerValue;
          writerValue = UNREAD;
        } else if (writerError === NO_ERROR) {
          value = readProperty(source, field.fieldName);
        } else {
          readFailure.error = writerError;
          writerError = NO_ERROR;
          value = READ_FAILED;
        }
        if (value === READ_FAILED) {
          if (!ownPathReady) {
            ownPath = addPath(path, index, undefined);
            ownPathReady = true;
          }
          result = readError(ctx, field, state, ownPath);
        } else if (
          pending === undefined &&
          typeof value === 'string' &&
          state.scalar === SCALAR_STRING
        ) {
          // Most strings need no escaping, and checking is cheaper than JSON.stringify; but
          // when a field's strings keep needing it (text with quotes or newlines), checking
          // first only adds to the cost, so each field remembers which way its last went.
          if (!state.escapes) {
            if (!needsEscape(value)) {
              text += quotedPrefixes[i] + value + '"';
              continue;
            }
            state.escapes = true;
          }
          escapedStrings.chars += value.length;
          const json = JSON.stringify(value);
          if (json.length === value.length + 2) state.escapes = false;
          text += prefixes[i] + json;
          continue;
        } else {
          result = writeLeafFast(state, value);
          if (result === undefined) {
            if (!ownPathReady) {
              ownPath = addPath(path, index, undefined);
              ownPathReady = true;
            }
            result = executeField(ctx, field, source, ownPath, value);
          }
        }
      } else if (state.fast === FAST_OBJECT && readable && inlineDefault) {
        // An object read by the default resolver: straight to its sub-selection.
        let value: unknown;
        if (writerValue !== UNREAD) {
          value = writerValue;
          writerValue = UNREAD;
        } else {
          value = readProperty(source, field.fieldName);
        }
        if (!ownPathReady) {
          ownPath = addPath(path, index, undefined);
          ownPathReady = true;
        }
        // `then` is read once (graphql-js's isPromise), and not on a method before it is called.
        const promised = typeof value !== 'function' && isPromise(value);
        if (value === READ_FAILED) {
          result = readError(ctx, field, state, ownPath);
        } else if (
          !promised &&
          value !== null &&
          typeof value === 'object' &&
          !(value instanceof Error)
        ) {
          if (pending === undefined && !state.objectAsyncProne) {
            const written = completeObjectFast(
              ctx,
              field,
              state,
              value,
              ownPath,
              text + prefixes[i],
            );
            if (typeof written === 'string') {
              text = written;
              continue;
            }
            result = written;
          } else {
            result = completeObjectFast(ctx, field, state, value, ownPath, '');
          }
        } else if (value == null && !state.nonNull) {
          result = 'null';
        } else if (typeof value === 'function') {
          result = executeField(ctx, field, source, ownPath, value);
        } else {
          // What the default resolver read, completed (no info: a plain object type needs none).
          const fieldPath = addPath(ownPath, field.responseKey, field.parentType.name);
          result = completeField(ctx, field, state, fieldPath, undefined, value, promised);
        }
      } else {
        if (!ownPathReady) {
          ownPath = addPath(path, index, undefined);
          ownPathReady = true;
        }
        result = executeField(ctx, field, source, ownPath, UNREAD);
      }
      if (pending !== undefined) {
        pending.push(result);
      } else if (typeof result === 'string') {
        if (result === OMITTED) omitted = true;
        else text += prefixes[i] + result;
      } else {
        pending = [ownText(selection, text, base), result];
        firstPending = i;
      }
    }
  } catch (error) {
    if (pending !== undefined) {
      // graphql-js's promiseForObject(...).finally: Promise.all, then, finally — the same ticks,
      // so that errors of other branches land in the same order.
      return Promise.all(pending)
        .then(() => undefined)
        .finally(() => {
          throw error;
        }) as unknown as Promise<string>;
    }
    throw error;
  }
  if (pending === undefined) {
    if (omitted) return into + closeObject(base === 0 ? text : text.slice(base));
    return fields.length === 0 ? text + '{}' : text + '}';
  }
  return Promise.all(pending).then((values) => {
    let out = values[0]!;
    for (let k = 1; k < values.length; k++) {
      const value = values[k]!;
      if (value === OMITTED) omitted = true;
      else out += prefixes[firstPending + k - 1]! + value;
    }
    return omitted ? closeObject(out) : out + '}';
  });
}

/** What readProperty gives when the property's getter threw; the error is in readFailure. */
const READ_FAILED: unique symbol = Symbol('read failed');
const readFailure: { error: unknown } = { error: undefined };

/**
 * `source[name]`, as graphql-js's default resolver reads it inside executeField: a getter that
 * throws makes a field error, not an error of the object being written.
 */
function readProperty(source: object, name: string): unknown {
  try {
    return (source as Record<string, unknown>)[name];
  } catch (error) {
    readFailure.error = error;
    return READ_FAILED;
  }
}

/** The field error for a property whose getter threw (readFailure): null, or thrown if non-null. */
function readError(
  ctx: ExecutionContext,
  field: FieldPlan,
  state: JSONFieldState,
  parentPath: Path | undefined,
): string {
  const error = readFailure.error;
  readFailure.error = undefined;
  const path = addPath(parentPath, field.responseKey, field.parentType.name);
  return fieldError(ctx, error, field, path, state.nonNull);
}

/**
 * The selection's generated writer (compileObjectWriter.ts), once it has written enough objects
 * through the interpreter to be worth compiling: null until then, and for good when its first
 * field is not a default-read leaf of a built-in scalar (or `__typename`). The writer takes the
 * leading run of such fields; the interpreter writes the rest of the object from the first other
 * field (scalars usually come first in a selection, relations after them).
 */
function writerOf(selection: SelectionPlan): ObjectWriter | null {
  const writer = selection.jsonWriter as ObjectWriter | null | undefined;
  if (writer !== undefined) return writer;
  if (++selection.jsonWrites < codegen.threshold) return null;
  const fields: WriterField[] = [];
  for (let i = 0; i < selection.fields.length; i++) {
    const field = selection.fields[i]!;
    const state = stateOf(field);
    const objectType = objectFieldTypeOf(field);
    const kind =
      field.typename !== undefined
        ? 'typename'
        : objectType !== undefined
          ? 'object'
          : isWriterResolved(field)
            ? 'resolved'
            : defaultReadLeafKind(field);
    if (kind === undefined) break;
    fields.push({
      kind,
      nonNull: state.nonNull,
      fieldName: field.fieldName,
      prefix: selection.jsonPrefixes[i]!,
      typenameJSON: state.typenameJSON,
      state,
      plan: field,
      objectType,
    });
  }
  const compiled =
    fields.length === 0
      ? null
      : compileObjectWriter(fields, fields.length === selection.fields.length, writerRuntime);
  selection.jsonWriter = compiled;
  return compiled;
}

/** Whether a writer resolves `field` and hands its value to the field's completion. */
function isWriterResolved(field: FieldPlan): boolean {
  return field.resolve !== undefined && field.source === undefined && field.typename === undefined;
}

/** What the generated writers' object fields call (compileObjectWriter.ts). */
const writerRuntime: WriterRuntime = {
  addPath,
  ownPath,
  buildResolveInfo,
  argumentsFor,
  writeObject(ctx, field, type, value, path, into) {
    const state = stateOf(field);
    try {
      const selection = subselectionOf(ctx.plan, ctx.variableValues, field, type);
      if (selection.asyncProne) {
        // Objects of this selection have waited for promises: written as text of their own.
        const own = executeFields(ctx, selection, value, path, -1, '');
        if (typeof own === 'string') return into + own;
        return own.then(undefined, (rawError) =>
          fieldError(ctx, rawError, field, path, state.nonNull),
        );
      }
      const completed = executeFields(ctx, selection, value, path, -1, into);
      if (typeof completed === 'string') return completed;
      return completed.then(undefined, (rawError) =>
        fieldError(ctx, rawError, field, path, state.nonNull),
      );
    } catch (rawError) {
      return into + fieldError(ctx, rawError, field, path, state.nonNull);
    }
  },
  completeField: (ctx, field, path, info, value) =>
    completeField(ctx, field, stateOf(field), path, info, value, isPromise(value)),
};

/** The text an object has written so far, without the `into` it was written after. */
function ownText(selection: SelectionPlan, text: string, base: number): string {
  if (base === 0) return text;
  selection.asyncProne = true;
  return text.slice(base);
}

/**
 * Closes an object some of whose values were OMITTED: each field's prefix assumed the fields
 * before it were written, so the first one written may start with a comma instead of `{`.
 */
function closeObject(text: string): string {
  if (text === '') return '{}';
  return (text.charCodeAt(0) === 44 /* , */ ? '{' + text.slice(1) : text) + '}';
}

/**
 * executeField + completeObjectValue for a plain object value of a FAST_OBJECT field: the same
 * steps without the generic dispatch.
 */
function completeObjectFast(
  ctx: ExecutionContext,
  field: FieldPlan,
  state: JSONFieldState,
  value: object,
  parentPath: Path | undefined,
  into: string,
): Text {
  const path = addPath(parentPath, field.responseKey, field.parentType.name);
  try {
    const selection = subselectionOf(ctx.plan, ctx.variableValues, field, state.objectType!);
    if (selection.asyncProne) state.objectAsyncProne = true;
    const completed = executeFields(ctx, selection, value, path, -1, into);
    if (typeof completed === 'string') return completed;
    return completed.then(undefined, (rawError) =>
      fieldError(ctx, rawError, field, path, state.nonNull),
    );
  } catch (rawError) {
    return into + fieldError(ctx, rawError, field, path, state.nonNull);
  }
}

/**
 * The fast path for a leaf the default resolver reads: the value's JSON text when the value is
 * of the plain kind the scalar expects (or null where null is allowed), else undefined — then
 * the field runs through executeField with the value read (graphql-js's default resolver reads
 * the property once, and again only to call a method).
 */
function writeLeafFast(state: JSONFieldState, value: unknown): string | undefined {
  switch (typeof value) {
    case 'string':
      return state.scalar === SCALAR_STRING ? quoteJSONString(value) : undefined;
    case 'number':
      if ((value | 0) === value) {
        // A 32-bit integer, valid for Int and Float alike: V8 writes small integers fastest by
        // concatenation (they hit its number-string cache).
        return state.scalar === SCALAR_INT || state.scalar === SCALAR_FLOAT
          ? '' + value
          : undefined;
      }
      return state.scalar === SCALAR_FLOAT && Number.isFinite(value)
        ? numberToJSON(value)
        : undefined;
    case 'boolean':
      return state.scalar === SCALAR_BOOLEAN ? (value ? 'true' : 'false') : undefined;
    case 'undefined':
      return state.nonNull ? undefined : 'null';
    case 'object':
      return value === null && !state.nonNull ? 'null' : undefined;
    default:
      return undefined;
  }
}

function stateOf(field: FieldPlan): JSONFieldState {
  let state = field.completeJSON as JSONFieldState | undefined;
  if (state === undefined) {
    const scalar = builtinScalarOf(field.returnType);
    const objectType = plainObjectTypeOf(field.returnType);
    const defaultRead = isDefaultRead(field);
    const fast =
      field.typename !== undefined
        ? FAST_TYPENAME
        : !defaultRead
          ? FAST_NONE
          : scalar !== SCALAR_OTHER
            ? FAST_LEAF
            : objectType !== undefined
              ? FAST_OBJECT
              : FAST_NONE;
    state = {
      fast,
      scalar,
      objectType,
      typenameJSON: field.typename === undefined ? '' : quoteJSONString(field.typename),
      complete: makeCompleter(field, field.returnType),
      needsInfo: completionNeedsInfo(field.returnType),
      nonNull: isNonNull(field.returnType),
      escapes: false,
      objectAsyncProne: false,
      leaf: isLeafCompletion(field.returnType),
    };
    field.completeJSON = state;
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
): Text {
  const state = stateOf(field);
  // The field's path exists only when something needs it: a resolver's info, a sub-selection,
  // or an error.
  let path = state.leaf ? undefined : addPath(parentPath, field.responseKey, field.parentType.name);
  let info: GraphQLResolveInfo | undefined;
  try {
    let result: unknown;
    if (field.typename !== undefined) {
      return state.complete(ctx, undefined, path, field.typename, field.responseKey);
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
          const property =
            read !== UNREAD ? read : (source as Record<string, unknown>)[field.fieldName];
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
    const promised = isPromise(result);
    if (promised || path !== undefined) {
      path ??= addPath(parentPath, field.responseKey, field.parentType.name);
      return completeField(ctx, field, state, path, info, result, promised);
    }
    // A leaf's value: completed without its path unless it fails.
    const completed = state.complete(ctx, info, path, result, field.responseKey);
    if (typeof completed === 'string') return completed;
    const fieldPath = addPath(parentPath, field.responseKey, field.parentType.name);
    return completed.then(undefined, (rawError) =>
      fieldError(ctx, rawError, field, fieldPath, state.nonNull),
    );
  } catch (rawError) {
    path ??= addPath(parentPath, field.responseKey, field.parentType.name);
    return fieldError(ctx, rawError, field, path, state.nonNull);
  }
}

/** completeValue of a field's resolved value at `path` (executeField's second half), with its errors. */
function completeField(
  ctx: ExecutionContext,
  field: FieldPlan,
  state: JSONFieldState,
  path: Path,
  info: GraphQLResolveInfo | undefined,
  result: unknown,
  /** isPromise(result), found by the caller: graphql-js reads `then` once before calling it. */
  promised: boolean,
): Text {
  try {
    const completed = promised
      ? (result as Promise<unknown>).then((resolved) =>
          state.complete(ctx, info, path, resolved, field.responseKey),
        )
      : state.complete(ctx, info, path, result, field.responseKey);
    if (typeof completed !== 'string') {
      return completed.then(undefined, (rawError) =>
        fieldError(ctx, rawError, field, path, state.nonNull),
      );
    }
    return completed;
  } catch (rawError) {
    return fieldError(ctx, rawError, field, path, state.nonNull);
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
        return isJSONNull(entry.json)
          ? state.complete(ctx, info, path, null, field.responseKey)
          : spliceJSON(ctx, entry.json);
      }
      return state.complete(ctx, info, path, entry.value, field.responseKey);
    })
    .then(undefined, (rawError) => fieldError(ctx, rawError, field, path, state.nonNull));
}

/** handleFieldError, then the value a failed nullable position takes. */
function fieldError(
  ctx: ExecutionContext,
  rawError: unknown,
  field: FieldPlan,
  path: Path,
  nonNull: boolean,
): string {
  handleFieldError(ctx, rawError, field, path, nonNull);
  return 'null';
}

const SCALAR_OF: Readonly<Record<BuiltinScalarKind, number>> = {
  string: SCALAR_STRING,
  int: SCALAR_INT,
  float: SCALAR_FLOAT,
  boolean: SCALAR_BOOLEAN,
};

/** SCALAR_* for a (possibly non-null) built-in scalar type; SCALAR_OTHER for anything else. */
function builtinScalarOf(type: GraphQLOutputType): number {
  const kind = builtinScalarKind(type);
  return kind === undefined ? SCALAR_OTHER : SCALAR_OF[kind];
}

/** Builds completeValue for one return type of one field, once. */
function makeCompleter(field: FieldPlan, type: GraphQLOutputType): Completer {
  if (isNonNull(type)) {
    const inner = makeCompleter(field, type.ofType);
    return (ctx, info, path, result, key) => {
      if (result instanceof Error) throw result;
      if (result == null) throw nonNullError(field);
      return inner(ctx, info, path, result, key);
    };
  }
  if (isList(type)) return makeListCompleter(field, type.ofType);
  if (isLeaf(type)) {
    const write = leafWriterFor(type);
    return (ctx, _info, _path, result, key) => {
      if (result == null) return 'null';
      if (result instanceof Error) throw result;
      return write(ctx, result, key);
    };
  }
  if (isAbstract(type)) {
    return (ctx, info, path, result) => {
      if (result instanceof Error) throw result;
      if (result == null) return 'null';
      return completeAbstractValue(ctx, type, field, info, path!, result, writeSelection);
    };
  }
  if (isObject(type)) {
    return (ctx, info, path, result) => {
      if (result instanceof Error) throw result;
      if (result == null) return 'null';
      return completeObjectValue(ctx, type, field, info, path!, result, writeSelection);
    };
  }
  throw new Error(`Cannot complete value of unexpected output type: ${String(type)}`);
}

function makeListCompleter(field: FieldPlan, itemType: GraphQLOutputType): Completer {
  const completeItem = makeCompleter(field, itemType);
  const itemNonNull = isNonNull(itemType);
  const itemLeaf = isLeafCompletion(itemType);
  // Items of a plain object type go straight to executeFields, and their path is made only if
  // one of their fields needs it.
  const itemObjectType = plainObjectTypeOf(itemType);
  const fail = (ctx: ExecutionContext, rawError: unknown, path: Path, index: number): string => {
    const itemPath = addPath(path, index, undefined);
    return fieldError(ctx, rawError, field, itemPath, itemNonNull);
  };
  const completeOne = (
    ctx: ExecutionContext,
    info: GraphQLResolveInfo | undefined,
    path: Path,
    item: unknown,
    index: number,
    /** isPromise(item), read once by the caller. */
    promised: boolean,
  ): Text => {
    try {
      let completed: Text;
      if (itemObjectType !== undefined && isObjectNotPromise(item, promised)) {
        const selection = subselectionOf(ctx.plan, ctx.variableValues, field, itemObjectType);
        completed = executeFields(ctx, selection, item, path, index, '');
      } else if (promised) {
        const itemPath = addPath(path, index, undefined);
        completed = (item as Promise<unknown>).then((resolved) =>
          completeItem(ctx, info, itemPath, resolved, index),
        );
      } else {
        completed = completeItem(
          ctx,
          info,
          itemLeaf ? undefined : addPath(path, index, undefined),
          item,
          index,
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
  // Lists of objects whose strings keep needing JSON.stringify are written the other way: built
  // as result objects by the object executor and stringified once (see objectLists).
  let asObjects: ObjectCompleter | undefined;
  let objectMode = false;
  let sinceCheck = 0;
  return (ctx, info, path, result) => {
    if (result instanceof Error) throw result;
    if (result == null) return 'null';
    if (objectMode && codegen.enabled) {
      if (++sinceCheck < objectLists.recheckEvery) {
        asObjects ??= objectListCompleter(field, itemType);
        return stringifyCompleted(ctx, asObjects(ctx, info, path!, result));
      }
      sinceCheck = 0;
    }
    if (!isIterableObject(result)) throw notIterableError(field);
    const escapedBefore = escapedStrings.chars;
    const listPath = path!;
    let text = '[';
    let pending: Text[] | undefined;
    // A value JSON.stringify cannot write (OMITTED) is null in a list.
    const add = (completed: Text, index: number) => {
      if (pending !== undefined) pending.push(completed);
      else if (typeof completed === 'string') {
        const item = completed === OMITTED ? 'null' : completed;
        text += index === 0 ? item : ',' + item;
      } else pending = [text, completed];
    };
    if (isPlainArray(result)) {
      let selection: SelectionPlan | undefined;
      for (let index = 0; index < result.length; index++) {
        const item: unknown = result[index];
        const promised = isPromise(item);
        if (
          pending === undefined &&
          itemObjectType !== undefined &&
          isObjectNotPromise(item, promised)
        ) {
          // Written straight onto the list's text (see executeFields' `into`).
          selection ??= subselectionOf(ctx.plan, ctx.variableValues, field, itemObjectType);
          if (!selection.asyncProne) {
            // A selection that has its generated writer takes it straight away (the common
            // case in long lists: the call through executeFields cost as much as the writer),
            // and the writer writes the comma with the first key.
            const writer = selection.jsonWriter;
            let written: Text;
            try {
              written =
                typeof writer === 'function' && ctx.fieldResolver === undefined && codegen.enabled
                  ? writeWith(
                      writer as ObjectWriter,
                      ctx,
                      selection,
                      item,
                      listPath,
                      index,
                      text,
                      index > 0,
                    )
                  : executeFields(ctx, selection, item, listPath, index, itemInto(text, index));
            } catch (rawError) {
              written = itemInto(text, index) + fail(ctx, rawError, listPath, index);
            }
            if (typeof written === 'string') {
              text = written;
            } else {
              add(
                written.then(undefined, (rawError) => fail(ctx, rawError, listPath, index)),
                index,
              );
            }
            continue;
          }
        }
        const completed = completeOne(ctx, info, listPath, item, index, promised);
        if (pending === undefined && typeof completed === 'string' && completed !== OMITTED) {
          text += index === 0 ? completed : ',' + completed;
        } else {
          add(completed, index);
        }
      }
    } else {
      // Any other iterable, through Array.from as graphql-js does (so a failing item closes it).
      Array.from(result, (item, index) =>
        add(completeOne(ctx, info, listPath, item, index, isPromise(item)), index),
      );
    }
    if (pending === undefined) {
      if (
        itemObjectType !== undefined &&
        isPlainArray(result) &&
        result.length >= objectLists.minItems
      ) {
        const perItem = (escapedStrings.chars - escapedBefore) / result.length;
        objectMode = perItem >= objectLists.minEscapedCharsPerItem;
      }
      return text + ']';
    }
    // graphql-js resolves a list with promises through Promise.all; see executeFields.
    return Promise.all(pending).then((values) => {
      let out = values[0]!;
      const first = out.length === 1; // only '[' was written before the first promise
      for (let k = 1; k < values.length; k++) {
        const item = values[k] === OMITTED ? 'null' : values[k];
        out += (first && k === 1 ? '' : ',') + item;
      }
      return out + ']';
    });
  };
}

/**
 * When a list of objects is written as objects: when the last time it was written as text (with
 * `minItems` items or more), its items held `minEscapedCharsPerItem` characters or more of strings
 * that needed escaping (quotes, backslashes, newlines), each written by its own JSON.stringify.
 * Then one JSON.stringify of the whole list, built by the object executor (with its generated
 * builders, and objects with Object.prototype: see ExecutionContext.plainObjects), is faster;
 * with fewer, building the objects costs more than it saves. Measured on lists of 50 items, with
 * 1, 2 or 4 escaped strings of 6 to 100 characters per item, with and without a nested object,
 * one-byte and two-byte strings (object route / text, one process, interleaved): from 98
 * characters per item 0.99-2.13x, 1.01x or more from 100; from 25 to 50 characters 0.74-0.97x;
 * the one exception below, 4 strings of 6 characters, 1.02-1.14x. Every `recheckEvery`-th list is
 * written as text again, to see whether its data still is that way (on the feed, where the text
 * route costs ~1.3x, every 64th cost 2% of the profile). The results are the same
 * either way (JSON.stringify of what execute builds is what executeJSON writes); tests lower the
 * threshold to run every list both ways.
 */
export const objectLists = { minEscapedCharsPerItem: 100, minItems: 8, recheckEvery: 256 };

/** A value the object executor completed, as JSON text (as leafToJSON's valueToJSON fails). */
function stringifyCompleted(ctx: ExecutionContext, completed: unknown): Text {
  return isPromise(completed)
    ? completed.then((value) => stringifyValue(ctx, value))
    : stringifyValue(ctx, completed);
}

function stringifyValue(ctx: ExecutionContext, value: unknown): string {
  try {
    return JSON.stringify(value) ?? 'null';
  } catch (error) {
    ctx.jsonFailure ??= { error };
    return 'null';
  }
}

/** The text a list's item `index` is written after: the list so far, and a comma after the first. */
function itemInto(text: string, index: number): string {
  return index === 0 ? text : text + ',';
}

/** An object's selection written as text of its own (the `ExecuteSelection` of this executor). */
const writeSelection = (
  ctx: ExecutionContext,
  selection: SelectionPlan,
  source: unknown,
  path: Path,
): Text => executeFields(ctx, selection, source, path, -1, '');
