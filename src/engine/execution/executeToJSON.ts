import type { GraphQLError, GraphQLLeafType, GraphQLResolveInfo } from 'graphql';
import { argumentsFor, type FieldPlan } from '../plan/FieldPlan.js';
import { subselectionOf, type SelectionPlan } from '../plan/SelectionPlan.js';
import {
  completeField,
  fieldError,
  fieldErrorLater,
  makeCompleter,
  rootSelectionOf,
  type Completer,
  type Emitter,
} from './completion.js';
import { collectError } from './CollectedErrors.js';
import { buildResolveInfo, isPromise, type ExecutionContext } from './ExecutionContext.js';
import {
  generateWriter,
  readsSource,
  takes,
  type GeneratedWriter,
  type TextRuntime,
} from './generateSelection.js';
import {
  clearHandover,
  handover,
  NO_ERROR,
  STOP_PENDING,
  STOP_READ,
  STOP_RESOLVED,
  UNREAD,
} from './Handover.js';
import { leafWriterFor, needsEscape, OMITTED, writeLeafFast } from './leafToJSON.js';
import { addPath, ownPath, type Path } from './Path.js';
import { closeObject, ownText } from './objectText.js';
import { READ_FAILED, readProperty, resolveField, runSourceField } from './resolveField.js';
import { spliceJSON } from './splicedJSON.js';
import { makeTextListCompleter } from './textLists.js';

/**
 * The text emitter (the byte path): runs a plan and writes the response as JSON text while it
 * goes, without building the result object tree. Its control flow mirrors the object emitter
 * (executeToObject.ts, and so graphql-js) step for step — the same promises at the same places —
 * with JSON text in place of values. A completed value is its JSON text, so when a non-null
 * error nulls a parent, the text already written for that subtree is simply dropped: the parent
 * never concatenates it. This file is the interpreter's mutually recursive core; what does not
 * recurse lives beside it (resolveField.ts, textLists.ts, leafToJSON.ts, generateSelection.ts).
 *
 * Paths are created lazily: a leaf field read by the default resolver allocates nothing unless
 * it fails.
 */

type Text = string | Promise<string>;

declare module '../plan/EmitterSlots.js' {
  interface TextFieldSlot {
    readonly complete: Completer<string>;
    /** Whether this field's last string value needed escaping (see the `leaf` fast path). */
    escapes: boolean;
    /** For an `object` field: its sub-selection is asyncProne, so write it as text of its own. */
    objectAsyncProne: boolean;
  }
  interface TextWriter {
    (...args: Parameters<GeneratedWriter>): ReturnType<GeneratedWriter>;
  }
}

/** Executes the operation; returns the `data` JSON text ("null" when the root was nulled). */
export function executeOperationToJSON(ctx: ExecutionContext): Text {
  try {
    const result = executeOperation(ctx);
    return typeof result === 'string' ? result : operationErrorLater(ctx, result);
  } catch (error) {
    collectError(ctx, error as GraphQLError, undefined);
    return 'null';
  }
}

/** A failure of the pending operation as its error, `data` null (a function: see fieldErrorLater). */
function operationErrorLater(ctx: ExecutionContext, result: Promise<string>): Promise<string> {
  return result.then(undefined, (error: GraphQLError) => {
    collectError(ctx, error, undefined);
    return 'null';
  });
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
 * ExecuteSelectionSet ([spec](https://spec.graphql.org/October2021/#sec-Executing-Selection-Sets))
 * for one object, written as JSON text.
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
export function executeFields(
  ctx: ExecutionContext,
  selection: SelectionPlan,
  source: unknown,
  path: Path | undefined,
  index: number,
  into: string,
): Text {
  if (ctx.fieldResolver === undefined && ctx.settings.codegen) {
    // Any source for a writer that reads none of its properties (the root's, under an undefined
    // root value, is the common case): it only hands the source to resolvers, as the interpreter
    // does.
    const readable = source !== null && typeof source === 'object';
    if (readable || !selection.textWriterReadsSource) {
      const writer = writerOf(ctx, selection);
      if (writer !== null && (readable || !selection.textWriterReadsSource)) {
        return writeWith(writer, ctx, selection, source as object, path, index, into, false);
      }
    }
  }
  return executeFieldsFrom(ctx, selection, source, path, index, into, 0, into, NO_ERROR, UNREAD);
}

/**
 * An object through its selection's generated writer, after `text` (and a comma, for a list item
 * after the first: the writer writes it with the first key); where the writer stops, the
 * interpreter goes on from that field with the text written so far.
 */
export function writeWith(
  writer: GeneratedWriter,
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
  // Taken out of the handover at once: it must not keep a response's text, a getter's error or
  // a value alive after this object.
  const h = handover;
  const { text: soFar, error, value, kind, path: fieldPath, info, thenable } = h;
  clearHandover(h);
  // A field the writer resolved (any kind but STOP_READ): its text, or promise, goes in as the
  // field's result, and the interpreter has nothing else of it to take.
  let handed: Text | undefined;
  if (kind !== STOP_READ) {
    const field = selection.fields[written]!;
    handed =
      kind === STOP_PENDING
        ? (value as Text)
        : kind === STOP_RESOLVED
          ? completeField(
              ctx,
              field,
              textOf(field).complete,
              fieldPath!,
              info,
              value,
              thenable,
              'null',
            )
          : fieldError(ctx, error, field, fieldPath!, field.nonNull, 'null');
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
      const state = textOf(field);
      let result: Text | undefined;
      if (handed !== undefined) {
        // Field `start`, resolved and completed by the writer.
        result = handed;
        handed = undefined;
      } else if (field.kind === 'typename') {
        result = field.typenameJSON;
      } else if (field.kind === 'leaf' && readable && inlineDefault) {
        // A leaf read by the default resolver: the common case, written without a call.
        let value: unknown;
        if (writerValue !== UNREAD) {
          value = writerValue;
          writerValue = UNREAD;
        } else if (writerError === NO_ERROR) {
          value = readProperty(ctx, source, field.fieldName);
        } else {
          ctx.readError = writerError;
          writerError = NO_ERROR;
          value = READ_FAILED;
        }
        if (value === READ_FAILED) {
          if (!ownPathReady) {
            ownPath = addPath(path, index, undefined);
            ownPathReady = true;
          }
          result = readError(ctx, field, ownPath);
        } else if (
          pending === undefined &&
          typeof value === 'string' &&
          field.scalar === 'string'
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
          ctx.escapedChars += value.length;
          const json = JSON.stringify(value);
          if (json.length === value.length + 2) state.escapes = false;
          text += prefixes[i] + json;
          continue;
        } else {
          result = writeLeafFast(ctx, field, value);
          if (result === undefined) {
            if (!ownPathReady) {
              ownPath = addPath(path, index, undefined);
              ownPathReady = true;
            }
            result = executeField(ctx, field, source, ownPath, value);
          }
        }
      } else if (
        field.kind === 'object' &&
        field.resolve === undefined &&
        readable &&
        inlineDefault
      ) {
        // An object read by the default resolver: straight to its sub-selection.
        let value: unknown;
        if (writerValue !== UNREAD) {
          value = writerValue;
          writerValue = UNREAD;
        } else {
          value = readProperty(ctx, source, field.fieldName);
        }
        if (!ownPathReady) {
          ownPath = addPath(path, index, undefined);
          ownPathReady = true;
        }
        // `then` is read once (graphql-js's isPromise), and not on a method before it is called.
        const promised = typeof value !== 'function' && isPromise(value);
        if (value === READ_FAILED) {
          result = readError(ctx, field, ownPath);
        } else if (
          !promised &&
          value !== null &&
          typeof value === 'object' &&
          !(value instanceof Error)
        ) {
          if (pending === undefined && !state.objectAsyncProne) {
            const written = completeObjectFast(ctx, field, value, ownPath, text + prefixes[i]);
            if (typeof written === 'string') {
              text = written;
              continue;
            }
            result = written;
          } else {
            result = completeObjectFast(ctx, field, value, ownPath, '');
          }
        } else if (value == null && !field.nonNull) {
          result = 'null';
        } else if (typeof value === 'function') {
          result = executeField(ctx, field, source, ownPath, value);
        } else {
          // What the default resolver read, completed (no info: a plain object type needs none).
          const fieldPath = addPath(ownPath, field.responseKey, field.parentType.name);
          result = completeField(
            ctx,
            field,
            textOf(field).complete,
            fieldPath,
            undefined,
            value,
            promised,
            'null',
          );
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
  if (pending.length === 2 && path === undefined && index < 0) {
    // The operation's one root field that returned a promise, and no other: no sibling branch
    // runs beside it whose errors could interleave, so Promise.all's extra ticks decide
    // nothing, and its array, element callbacks and promise are not made for every request.
    return closeOneLater(pending, prefixes[firstPending]!, omitted);
  }
  return closeAllLater(pending, prefixes, firstPending, omitted);
}

/**
 * The object's text once its one pending field settles (executeFieldsFrom). Functions of their
 * own, as the other callbacks here (see fieldErrorLater): executeFieldsFrom runs for every
 * object the interpreter writes.
 */
function closeOneLater(pending: Text[], prefix: string, omitted: boolean): Promise<string> {
  const before = pending[0] as string;
  return (pending[1] as Promise<string>).then((value) => {
    const out = value === OMITTED ? before : before + prefix + value;
    return value === OMITTED || omitted ? closeObject(out) : out + '}';
  });
}

/** The object's text once all its pending fields settle, through Promise.all as graphql-js. */
function closeAllLater(
  pending: Text[],
  prefixes: ReadonlyArray<string>,
  firstPending: number,
  omitted: boolean,
): Promise<string> {
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

/** The field error for a property whose getter threw (ctx.readError): null, or thrown if non-null. */
function readError(ctx: ExecutionContext, field: FieldPlan, parentPath: Path | undefined): string {
  const error = ctx.readError;
  ctx.readError = undefined;
  const path = addPath(parentPath, field.responseKey, field.parentType.name);
  return fieldError(ctx, error, field, path, field.nonNull, 'null');
}

/**
 * The selection's generated writer, once it has written `codegenAfter` objects through the
 * interpreter: null until then, and for good when its first field is not one the text back end
 * takes. The writer takes the leading run of such fields; the interpreter writes the rest of the
 * object from the first other field.
 */
function writerOf(ctx: ExecutionContext, selection: SelectionPlan): GeneratedWriter | null {
  const writer = selection.textWriter;
  if (writer !== undefined) return writer;
  if (++selection.textWrites < ctx.settings.codegenAfter) return null;
  const fields = selection.fields;
  let run = 0;
  while (run < fields.length && takes('text', fields[run]!)) run++;
  const taken = fields.slice(0, run);
  const compiled = run === 0 ? null : generateWriter(taken, run === fields.length, writerRuntime);
  selection.textWriterReadsSource = taken.some(readsSource);
  selection.textWriter = compiled;
  return compiled;
}

/** What the generated writers' object and resolved fields call (generateSelection.ts). */
const writerRuntime: TextRuntime = {
  addPath,
  ownPath,
  buildResolveInfo,
  argumentsFor,
  stateOf: textOf,
  subselection(ctx, field, type, value, path, into) {
    try {
      const selection = subselectionOf(ctx.plan, ctx.variableValues, field, type);
      if (selection.asyncProne) {
        // Objects of this selection have waited for promises: written as text of their own.
        const own = executeFields(ctx, selection, value, path, -1, '');
        if (typeof own === 'string') return into + own;
        return fieldErrorLater(ctx, own, field, path, 'null');
      }
      const completed = executeFields(ctx, selection, value, path, -1, into);
      if (typeof completed === 'string') return completed;
      return fieldErrorLater(ctx, completed, field, path, 'null');
    } catch (rawError) {
      return into + fieldError(ctx, rawError, field, path, field.nonNull, 'null');
    }
  },
  complete: (ctx, field, path, info, value) =>
    completeField(ctx, field, textOf(field).complete, path, info, value, isPromise(value), 'null'),
};

/**
 * executeField + completeObjectValue for a plain object value of an `object` field read by the
 * default resolver: the same steps without the generic dispatch.
 */
function completeObjectFast(
  ctx: ExecutionContext,
  field: FieldPlan & { readonly kind: 'object' },
  value: object,
  parentPath: Path | undefined,
  into: string,
): Text {
  const path = addPath(parentPath, field.responseKey, field.parentType.name);
  try {
    const selection = subselectionOf(ctx.plan, ctx.variableValues, field, field.objectType);
    if (selection.asyncProne) textOf(field).objectAsyncProne = true;
    const completed = executeFields(ctx, selection, value, path, -1, into);
    if (typeof completed === 'string') return completed;
    return fieldErrorLater(ctx, completed, field, path, 'null');
  } catch (rawError) {
    return into + fieldError(ctx, rawError, field, path, field.nonNull, 'null');
  }
}

const textEmitter: Emitter<string> = {
  nullValue: 'null',
  leaf: makeLeafCompleter,
  list: (field, itemType, nonNull) =>
    makeTextListCompleter(field, itemType, nonNull, makeCompleter(field, itemType, textEmitter), {
      executeFields,
      writeWith,
    }),
  selection: (ctx, selection, source, path) => executeFields(ctx, selection, source, path, -1, ''),
};

/** The field's completer and adaptive state on the byte path, made when it first runs. */
function textOf(field: FieldPlan): NonNullable<FieldPlan['text']> {
  return (field.text ??= {
    complete: makeCompleter(field, field.returnType, textEmitter),
    escapes: false,
    objectAsyncProne: false,
  });
}

function makeLeafCompleter(type: GraphQLLeafType): Completer<string> {
  const write = leafWriterFor(type);
  return (ctx, _info, _path, result, key) => {
    if (result == null) return 'null';
    if (result instanceof Error) throw result;
    return write(ctx, result, key);
  };
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
): Text {
  const complete = textOf(field).complete;
  // The field's path exists only when something needs it: a resolver's info, a sub-selection,
  // or an error.
  let path = field.leafCompletion
    ? undefined
    : addPath(parentPath, field.responseKey, field.parentType.name);
  let info: GraphQLResolveInfo | undefined;
  try {
    if (field.kind === 'typename') {
      return complete(ctx, undefined, path, field.typename, field.responseKey);
    } else if (field.kind === 'source') {
      path ??= addPath(parentPath, field.responseKey, field.parentType.name);
      return runSourceField(ctx, field, path, complete, spliceJSON, 'null');
    }
    if ((field.resolve ?? ctx.fieldResolver) !== undefined || field.needsInfo) {
      path ??= addPath(parentPath, field.responseKey, field.parentType.name);
      info = buildResolveInfo(ctx, field, path);
    }
    const result = resolveField(ctx, field, source, parentPath, path, info, read);
    const promised = isPromise(result);
    if (promised || path !== undefined) {
      path ??= addPath(parentPath, field.responseKey, field.parentType.name);
      return completeField(
        ctx,
        field,
        textOf(field).complete,
        path,
        info,
        result,
        promised,
        'null',
      );
    }
    // A leaf's value: completed without its path unless it fails.
    const completed = complete(ctx, info, path, result, field.responseKey);
    if (typeof completed === 'string') return completed;
    const fieldPath = addPath(parentPath, field.responseKey, field.parentType.name);
    return fieldErrorLater(ctx, completed, field, fieldPath, 'null');
  } catch (rawError) {
    path ??= addPath(parentPath, field.responseKey, field.parentType.name);
    return fieldError(ctx, rawError, field, path, field.nonNull, 'null');
  }
}
