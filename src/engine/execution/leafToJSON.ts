import {
  GraphQLBoolean,
  GraphQLFloat,
  GraphQLID,
  GraphQLInt,
  GraphQLString,
  type GraphQLLeafType,
} from 'graphql';
import { serializeNullError } from './completion.js';

/** Writes a serialized leaf value as JSON text. */
export type LeafWriter = (result: unknown) => string;

/**
 * A string as JSON text. Most strings in responses need no escaping; checking that is cheaper
 * than JSON.stringify's general path for short strings, and the result is the same text.
 */
export function quoteJSONString(value: string): string {
  return NEEDS_ESCAPE.test(value) ? JSON.stringify(value) : '"' + value + '"';
}
const NEEDS_ESCAPE = /["\\\u0000-\u001f\ud800-\udfff]/;

const MAX_INT = 2147483647;
const MIN_INT = -2147483648;

/**
 * The JSON writer for a leaf type, chosen once per field. For the built-in scalars the common
 * input (a string for String, an integer for Int, …) is written directly — the same text
 * graphql-js's serialize followed by JSON.stringify would give; anything else goes through the
 * type's own serialize, so errors and odd inputs behave exactly as in graphql-js.
 */
export function leafWriterFor(type: GraphQLLeafType): LeafWriter {
  const serialize = type.serialize.bind(type);
  const general: LeafWriter = (result) => {
    const serialized = serialize(result);
    if (serialized == null) throw serializeNullError(type, result, serialized);
    return typeof serialized === 'string'
      ? quoteJSONString(serialized)
      : JSON.stringify(serialized);
  };
  if (type.serialize === GraphQLString.serialize) {
    return (result) => (typeof result === 'string' ? quoteJSONString(result) : general(result));
  }
  if (type.serialize === GraphQLInt.serialize) {
    return (result) =>
      typeof result === 'number' &&
      Number.isInteger(result) &&
      result <= MAX_INT &&
      result >= MIN_INT
        ? '' + result
        : general(result);
  }
  if (type.serialize === GraphQLFloat.serialize) {
    return (result) =>
      typeof result === 'number' && Number.isFinite(result) ? '' + result : general(result);
  }
  if (type.serialize === GraphQLBoolean.serialize) {
    return (result) => (result === true ? 'true' : result === false ? 'false' : general(result));
  }
  if (type.serialize === GraphQLID.serialize) {
    return (result) => (typeof result === 'string' ? quoteJSONString(result) : general(result));
  }
  return general;
}
