import {
  GraphQLBoolean,
  GraphQLFloat,
  GraphQLID,
  GraphQLInt,
  GraphQLString,
  type GraphQLLeafType,
  type GraphQLOutputType,
} from 'graphql';
import { isLeaf, isNonNull } from '../plan/typeGuards.js';
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
export function quoteJSONString(value: string): string {
  if (!needsEscape(value)) return '"' + value + '"';
  escapedStrings.chars += value.length;
  return JSON.stringify(value);
}

/**
 * How many characters of strings that needed escaping the byte path has written through
 * JSON.stringify: a list whose items hold many is written as objects instead (executeToJSON's
 * list completer, `objectLists`).
 */
export const escapedStrings = { chars: 0 };

/** Where a JSON.stringify failure (a BigInt, a cycle) is kept until the response is done. */
export interface JSONFailureSink {
  jsonFailure: { readonly error: unknown } | undefined;
}

/** Writes a serialized leaf value as JSON text; `key` is what JSON.stringify passes to toJSON. */
export type LeafWriter = (sink: JSONFailureSink, result: unknown, key: string | number) => string;

const MAX_INT = 2147483647;
const MIN_INT = -2147483648;

/**
 * A serialized value as the text JSON.stringify writes for it under `key`. Leaves with a toJSON
 * method get the key they would get inside the whole result; values JSON.stringify cannot write
 * leave the key out (OMITTED); where JSON.stringify throws, the error is kept (the response as
 * a whole then fails, as JSON.stringify of graphql-js's result would) and null is written.
 */
function valueToJSON(sink: JSONFailureSink, value: unknown, key: string | number): string {
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
    sink.jsonFailure ??= { error };
    return 'null';
  }
}

/** The built-in scalars whose plain values are written (and stored) without calling serialize. */
export type BuiltinScalarKind = 'string' | 'int' | 'float' | 'boolean';

/** Which built-in scalar a (possibly non-null) type is, by its serialize (ID's is String's kind). */
export function builtinScalarKind(type: GraphQLOutputType): BuiltinScalarKind | undefined {
  const nullable = isNonNull(type) ? type.ofType : type;
  if (!isLeaf(nullable)) return undefined;
  const serialize = nullable.serialize;
  if (serialize === GraphQLString.serialize || serialize === GraphQLID.serialize) return 'string';
  if (serialize === GraphQLInt.serialize) return 'int';
  if (serialize === GraphQLFloat.serialize) return 'float';
  if (serialize === GraphQLBoolean.serialize) return 'boolean';
  return undefined;
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
      ? quoteJSONString(serialized)
      : valueToJSON(sink, serialized, key);
  };
  switch (builtinScalarKind(type)) {
    case 'string':
      return (sink, result, key) =>
        typeof result === 'string' ? quoteJSONString(result) : general(sink, result, key);
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
