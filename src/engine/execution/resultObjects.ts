import type { SelectionPlan } from '../plan/SelectionPlan.js';
import type { ExecutionContext } from './ExecutionContext.js';

/**
 * A new result object for `selection`: without a prototype for `execute`, as graphql-js's; with
 * Object.prototype on the byte path (ExecutionContext.plainObjects), except where a key is
 * `__proto__`. An object given keys one by one turns into one of V8's dictionaries at about 20
 * keys (twice as slow to fill and to stringify: see the engine README, "How it works", 6), so
 * wide selections copy a template of their keys instead, made once by JSON.parse, which keeps
 * objects that wide in fast mode; executeFields sets every key before anyone sees the object.
 * Narrow objects are faster made empty.
 */
export function resultObject(
  ctx: ExecutionContext,
  selection: SelectionPlan,
): Record<string, unknown> {
  if (selection.protoKey) return nullPrototypeObject();
  let object: Record<string, unknown>;
  if (selection.fields.length > WIDE) {
    const template = (selection.resultTemplate ??= templateOf(selection));
    object = { ...template };
  } else {
    object = {};
  }
  return ctx.plainObjects
    ? object
    : (Object.setPrototypeOf(object, null) as Record<string, unknown>);
}

/** Objects with more keys than this are copied from a template (see resultObject). */
const WIDE = 16;

function templateOf(selection: SelectionPlan): Record<string, unknown> {
  const keys = selection.fields.map((field) => JSON.stringify(field.responseKey) + ':null');
  return JSON.parse('{' + keys.join(',') + '}') as Record<string, unknown>;
}

/**
 * A result object with no prototype (so that a `__proto__` response key is an own property like
 * any other). `Object.create(null)` gives V8's dictionary-mode objects, whose stores and
 * JSON.stringify are about twice as slow; an empty object whose prototype is then set to null
 * keeps fast properties (shared maps, one per selection).
 */
export function nullPrototypeObject(): Record<string, unknown> {
  return Object.setPrototypeOf({}, null) as Record<string, unknown>;
}

/** graphql-js's promiseForObject. */
export function promiseForObject(
  object: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  return Promise.all(Object.values(object)).then((resolvedValues) => {
    const resolvedObject = nullPrototypeObject();
    const keys = Object.keys(object);
    for (let i = 0; i < keys.length; i++) resolvedObject[keys[i]!] = resolvedValues[i];
    return resolvedObject;
  });
}
