import type { GraphQLOutputType, GraphQLResolveInfo } from 'graphql';
import type { FieldPlan } from '../plan/FieldPlan.js';
import { subselectionOf, type SelectionPlan } from '../plan/SelectionPlan.js';
import { isLeafCompletion, isNonNull, plainObjectTypeOf } from '../schema/typeGuards.js';
import {
  handleFieldError,
  isIterableObject,
  isObjectNotPromise,
  isPlainArray,
  nonNullError,
  notIterableError,
  type Completer,
} from './completion.js';
import { isPromise, type ExecutionContext } from './ExecutionContext.js';
import { makeListCompleter as objectListCompleter } from './executeToObject.js';
import type * as interpreter from './executeToJSON.js';
import { FIRST_FLAT_TEXT, FLAT_TEXT_CHUNK, flatText } from './flatText.js';
import { jsonFailureMarker, OMITTED } from './leafToJSON.js';
import { addPath, type Path } from './Path.js';

type Text = string | Promise<string>;

/**
 * What the list completer calls back into the byte path's interpreter (executeToJSON.ts), which
 * builds list completers through the emitter it hands to makeCompleter: given, not imported,
 * so the two files do not import each other.
 */
export interface TextListRuntime {
  readonly executeFields: typeof interpreter.executeFields;
  readonly writeWith: typeof interpreter.writeWith;
}

/**
 * completeListValue on the byte path for `field`'s list of `itemType`, whose items complete
 * through `completeItem`. Items of a plain object type are written straight onto the list's
 * text (see executeToJSON's executeFields, `into`), through their selection's generated writer
 * when it has one. A list of objects whose strings keep needing JSON.stringify is built as
 * result objects by the object emitter and stringified once instead, as the execution's
 * ObjectListPolicy says (ExecutionOptions.ts).
 */
export function makeTextListCompleter(
  field: FieldPlan,
  itemType: GraphQLOutputType,
  nonNull: boolean,
  completeItem: Completer<string>,
  runtime: TextListRuntime,
): Completer<string> {
  const { executeFields, writeWith } = runtime;
  const itemNonNull = isNonNull(itemType);
  const itemLeaf = isLeafCompletion(itemType);
  // Items of a plain object type go straight to executeFields, and their path is made only if
  // one of their fields needs it.
  const itemObjectType = plainObjectTypeOf(itemType);
  const fail = (ctx: ExecutionContext, rawError: unknown, path: Path, index: number): string => {
    handleFieldError(ctx, rawError, field, addPath(path, index, undefined), itemNonNull);
    return 'null';
  };
  // A function of its own, as `failing`: a callback made in completeOne would put its variables
  // in a context allocated for every item.
  const completeItemLater = (
    ctx: ExecutionContext,
    info: GraphQLResolveInfo | undefined,
    itemPath: Path,
    item: Promise<unknown>,
    index: number,
  ): Promise<string> =>
    item.then((resolved) => completeItem(ctx, info, itemPath, resolved, index)) as Promise<string>;
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
        completed = completeItemLater(ctx, info, itemPath, item as Promise<unknown>, index);
      } else {
        const itemPath = itemLeaf ? undefined : addPath(path, index, undefined);
        completed = completeItem(ctx, info, itemPath, item, index);
      }
      if (typeof completed !== 'string') return failing(completed, fail, ctx, path, index);
      return completed;
    } catch (rawError) {
      return fail(ctx, rawError, path, index);
    }
  };
  let asObjects: Completer<unknown> | undefined;
  let objectMode = false;
  let sinceCheck = 0;
  return (ctx, info, path, result) => {
    if (result instanceof Error) throw result;
    if (result == null) {
      if (nonNull) throw nonNullError(field);
      return 'null';
    }
    const policy = ctx.settings.objectLists;
    if (objectMode && ctx.settings.codegen) {
      if (++sinceCheck < policy.recheckEvery) {
        asObjects ??= objectListCompleter(field, itemType);
        return stringifyCompleted(ctx, asObjects(ctx, info, path, result, 0));
      }
      sinceCheck = 0;
    }
    if (!isIterableObject(result)) throw notIterableError(field);
    const listPath = path!;
    if (!isPlainArray(result)) return completeIterable(ctx, info, listPath, result, completeOne);
    const escapedBefore = ctx.escapedChars;
    // The list's text is `head` (flattened chunks, see flatText.ts) followed by `text`. No
    // closure in this function sees them (nor the loop's index), so they stay local.
    let head = '';
    let text = '[';
    let pending: Text[] | undefined;
    let selection: SelectionPlan | undefined;
    for (let index = 0; index < result.length; index++) {
      const item: unknown = result[index];
      const promised = isPromise(item);
      if (pending !== undefined) {
        pending.push(completeOne(ctx, info, listPath, item, index, promised));
        continue;
      }
      if (text.length >= (head === '' ? FIRST_FLAT_TEXT : FLAT_TEXT_CHUNK)) {
        head += flatText(text);
        text = '';
      }
      if (itemObjectType !== undefined && isObjectNotPromise(item, promised)) {
        // Written straight onto the list's text (see executeFields' `into`).
        selection ??= subselectionOf(ctx.plan, ctx.variableValues, field, itemObjectType);
        if (!selection.asyncProne) {
          // A selection that has its generated writer takes it straight away (the common
          // case in long lists: the call through executeFields cost as much as the writer),
          // and the writer writes the comma with the first key.
          const writer = selection.textWriter;
          let written: Text;
          try {
            written =
              typeof writer === 'function' &&
              ctx.fieldResolver === undefined &&
              ctx.settings.codegen
                ? writeWith(writer, ctx, selection, item, listPath, index, text, index > 0)
                : executeFields(ctx, selection, item, listPath, index, itemInto(text, index));
          } catch (rawError) {
            written = itemInto(text, index) + fail(ctx, rawError, listPath, index);
          }
          if (typeof written === 'string') text = written;
          else pending = [head + text, failing(written, fail, ctx, listPath, index)];
          continue;
        }
      }
      const completed = completeOne(ctx, info, listPath, item, index, promised);
      if (typeof completed !== 'string') pending = [head + text, completed];
      else text += written(completed, index);
    }
    if (pending === undefined) {
      if (itemObjectType !== undefined && result.length >= policy.minItems) {
        const perItem = (ctx.escapedChars - escapedBefore) / result.length;
        objectMode = perItem >= policy.minEscapedCharsPerItem;
      }
      return head + text + ']';
    }
    return joinPending(pending);
  };
}

type Fail = (ctx: ExecutionContext, rawError: unknown, path: Path, index: number) => string;
type CompleteOne = (
  ctx: ExecutionContext,
  info: GraphQLResolveInfo | undefined,
  path: Path,
  item: unknown,
  index: number,
  promised: boolean,
) => Text;

/** An item's text as the list writes it: after a comma but for the first; OMITTED as null. */
function written(completed: string, index: number): string {
  const item = completed === OMITTED ? 'null' : completed;
  return index === 0 ? item : ',' + item;
}

/** A pending item's text, its failure made the item's error (a closure outside the list's loop). */
function failing(
  written: Promise<string>,
  fail: Fail,
  ctx: ExecutionContext,
  path: Path,
  index: number,
): Promise<string> {
  return written.then(undefined, (rawError) => fail(ctx, rawError, path, index));
}

/** Any other iterable, through Array.from as graphql-js does (so a failing item closes it). */
function completeIterable(
  ctx: ExecutionContext,
  info: GraphQLResolveInfo | undefined,
  path: Path,
  result: Iterable<unknown>,
  completeOne: CompleteOne,
): Text {
  let text = '[';
  let pending: Text[] | undefined;
  Array.from(result, (item, index) => {
    const completed = completeOne(ctx, info, path, item, index, isPromise(item));
    if (pending !== undefined) pending.push(completed);
    else if (typeof completed !== 'string') pending = [text, completed];
    else text += written(completed, index);
  });
  return pending === undefined ? text + ']' : joinPending(pending);
}

/**
 * The list's text once its pending items settle: graphql-js resolves a list with promises
 * through Promise.all (see executeFields). `pending[0]` is the text before the first of them.
 * Promise.all's own steps, written out (each item through Promise.resolve, then `then`; the list
 * settles in the reaction of its last item or of its first failure), so that the list's text
 * settles on the tick graphql-js's Promise.all does: a `.then` after Promise.all to join the
 * text would settle it (and pass a failure on) one microtask later, and errors of sibling
 * branches would then land in another order.
 */
function joinPending(pending: Text[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const values: string[] = new Array<string>(pending.length);
    let remaining = pending.length;
    for (let k = 0; k < pending.length; k++) {
      void Promise.resolve(pending[k]!).then((value) => {
        values[k] = value;
        if (--remaining === 0) resolve(joinValues(values));
      }, reject);
    }
  });
}

function joinValues(values: string[]): string {
  let out = values[0]!;
  const first = out.length === 1; // only '[' was written before the first promise
  for (let k = 1; k < values.length; k++) {
    const item = values[k] === OMITTED ? 'null' : values[k];
    out += (first && k === 1 ? '' : ',') + item;
  }
  return out + ']';
}

/** A value the object emitter completed, as JSON text (as leafToJSON's valueToJSON fails). */
function stringifyCompleted(ctx: ExecutionContext, completed: unknown): Text {
  return isPromise(completed)
    ? completed.then((value) => stringifyValue(ctx, value))
    : stringifyValue(ctx, completed);
}

function stringifyValue(ctx: ExecutionContext, value: unknown): string {
  try {
    return JSON.stringify(value) ?? 'null';
  } catch (error) {
    return jsonFailureMarker(ctx, error);
  }
}

/** The text a list's item `index` is written after: the list so far, and a comma after the first. */
function itemInto(text: string, index: number): string {
  return index === 0 ? text : text + ',';
}
