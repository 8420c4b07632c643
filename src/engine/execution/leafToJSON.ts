import type { GraphQLLeafType } from 'graphql';
import type { FieldPlan } from '../plan/FieldPlan.js';
import { builtinScalarKind } from '../schema/typeGuards.js';
import { serializeNullError } from './completion.js';
import { numberToJSON } from './numberToJSON.js';

/** Characters JSON.stringify would escape (and lone-surrogate candidates). */
const NEEDS_ESCAPE = /["\\\u0000-\u001f\ud800-\udfff]/;

/**
 * Whether JSON.stringify would escape something in `value` (NEEDS_ESCAPE's test). Calling a
 * regular expression costs ~35 ns whatever the length; short strings (ids, codes, names) are
 * checked faster by looking at their characters.
 */
export function needsEscape(value: string): boolean {
  const length = value.length;
  if (length > 12) return NEEDS_ESCAPE.test(value);
  for (let i = 0; i < length; i++) {
    const code = value.charCodeAt(i);
    if (code < 0x20 || code === 0x22 || code === 0x5c || (code & 0xf800) === 0xd800) return true;
  }
  return false;
}

/**
 * The text of a value JSON.stringify leaves out: an object drops the key, a list writes null.
 * No JSON value is written as the empty string, so it cannot be mistaken for one.
 */
export const OMITTED = '';

/**
 * A string as JSON text. Most strings in responses need no escaping; checking that is cheaper
 * than JSON.stringify's general path for short strings, and the result is the same text.
 */
export function quoteJSONString(sink: TextSink, value: string): string {
  if (!needsEscape(value)) return '"' + value + '"';
  sink.escapedChars += value.length;
  return JSON.stringify(value);
}

/** What the byte path keeps per execution while it writes (ExecutionContext). */
export interface TextSink {
  /**
   * What JSON.stringify threw for values written so far (a BigInt, a cycle, a throwing toJSON),
   * each kept until the response is done; the text holds a marker where each would have gone
   * (jsonFailureMarker). Only a marker that is still in the response's text makes it fail: a
   * value in a subtree nulled later was never concatenated, and JSON.stringify of graphql-js's
   * result never sees it either.
   */
  jsonFailures: unknown[] | undefined;
  /**
   * How many characters of strings that needed escaping have been written through
   * JSON.stringify: a list whose items hold many is written as objects instead (textLists.ts).
   */
  escapedChars: number;
}

/** Writes a serialized leaf value as JSON text; `key` is what JSON.stringify passes to toJSON. */
export type LeafWriter = (sink: TextSink, result: unknown, key: string | number) => string;

const MAX_INT = 2147483647;
const MIN_INT = -2147483648;

/**
 * A serialized value as the text JSON.stringify writes for it under `key`. Leaves with a toJSON
 * method get the key they would get inside the whole result; values JSON.stringify cannot write
 * leave the key out (OMITTED); where JSON.stringify throws, the error is kept (the response as
 * a whole then fails, as JSON.stringify of graphql-js's result would) and null is written.
 */
function valueToJSON(sink: TextSink, value: unknown, key: string | number): string {
  try {
    let text: string | undefined;
    if (
      value !== null &&
      (typeof value === 'object' || typeof value === 'function') &&
      typeof (value as { toJSON?: unknown }).toJSON === 'function'
    ) {
      const name = String(key);
      const holder = JSON.stringify({ [name]: value });
      text = holder.length === 2 ? undefined : holder.slice(JSON.stringify(name).length + 2, -1);
    } else {
      text = JSON.stringify(value);
    }
    return text === undefined ? OMITTED : text;
  } catch (error) {
    return jsonFailureMarker(sink, error);
  }
}

/**
 * Keeps what JSON.stringify threw and gives the text written in the value's place: U+0001, the
 * failure's index, U+0001. JSON text never holds a raw U+0001 (JSON.stringify escapes it in
 * strings), nor does splicedJSON's marker (NUL-delimited).
 */
export function jsonFailureMarker(sink: TextSink, error: unknown): string {
  const failures = (sink.jsonFailures ??= []);
  failures.push(error);
  return '\u0001' + String(failures.length - 1) + '\u0001';
}

/**
 * Throws what JSON.stringify of graphql-js's result would throw: the failure whose marker comes
 * first in the response's `data` text (JSON.stringify stops at the first value it cannot write).
 */
export function throwJSONFailure(sink: TextSink, data: string): void {
  const failures = sink.jsonFailures;
  if (failures === undefined) return;
  const open = data.indexOf('\u0001');
  if (open === -1) return;
  throw failures[Number(data.slice(open + 1, data.indexOf('\u0001', open + 1)))];
}

/**
 * The JSON writer for a leaf type, chosen once per field. For the built-in scalars the common
 * input (a string for String, an integer for Int, …) is written directly — the same text
 * graphql-js's serialize followed by JSON.stringify would give; anything else goes through the
 * type's own serialize, so errors and odd inputs behave exactly as in graphql-js.
 */
export function leafWriterFor(type: GraphQLLeafType): LeafWriter {
  const serialize = type.serialize.bind(type);
  const general: LeafWriter = (sink, result, key) => {
    const serialized = serialize(result);
    if (serialized == null) throw serializeNullError(type, result, serialized);
    return typeof serialized === 'string'
      ? quoteJSONString(sink, serialized)
      : valueToJSON(sink, serialized, key);
  };
  switch (builtinScalarKind(type)) {
    case 'string':
      return (sink, result, key) =>
        typeof result === 'string' ? quoteJSONString(sink, result) : general(sink, result, key);
    case 'int':
      return (sink, result, key) =>
        typeof result === 'number' &&
        Number.isInteger(result) &&
        result <= MAX_INT &&
        result >= MIN_INT
          ? '' + result
          : general(sink, result, key);
    case 'float':
      return (sink, result, key) =>
        typeof result === 'number' && Number.isFinite(result)
          ? numberToJSON(result)
          : general(sink, result, key);
    case 'boolean':
      return (sink, result, key) =>
        result === true ? 'true' : result === false ? 'false' : general(sink, result, key);
    default:
      return general;
  }
}

/**
 * The fast path for a `leaf` field (a built-in scalar the default resolver reads): the value's
 * JSON text when the value is of the plain kind the scalar expects (or null where null is
 * allowed), else undefined — then the field runs through executeField with the value read
 * (graphql-js's default resolver reads the property once, and again only to call a method).
 */
export function writeLeafFast(
  sink: TextSink,
  field: FieldPlan,
  value: unknown,
): string | undefined {
  const scalar = field.scalar;
  switch (typeof value) {
    case 'string':
      return scalar === 'string' ? quoteJSONString(sink, value) : undefined;
    case 'number':
      if ((value | 0) === value) {
        // A 32-bit integer, valid for Int and Float alike: V8 writes small integers fastest by
        // concatenation (they hit its number-string cache).
        return scalar === 'int' || scalar === 'float' ? '' + value : undefined;
      }
      return scalar === 'float' && Number.isFinite(value) ? numberToJSON(value) : undefined;
    case 'boolean':
      return scalar === 'boolean' ? (value ? 'true' : 'false') : undefined;
    case 'undefined':
      return field.nonNull ? undefined : 'null';
    case 'object':
      return value === null && !field.nonNull ? 'null' : undefined;
    default:
      return undefined;
  }
}
