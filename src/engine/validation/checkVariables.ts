import { GraphQLError } from 'graphql';
import { ErrorCode } from '../errors/ErrorCode.js';

export interface VariablesLimits {
  /** Most bytes the variables may take as JSON text. */
  readonly maxBytes: number;
  /** Deepest a value may nest lists and objects (`{"v": [1]}`: 1 for `v`'s list). */
  readonly maxDepth: number;
}

/**
 * Checks a request's variables before they are coerced: graphql-js coerces recursively (a value
 * nested ten thousand levels deep overflows the stack) and works through all of a large value.
 * One walk with an explicit stack measures both, stopping as soon as either bound is passed, so
 * a cyclic value a JavaScript caller may pass ends there too. The size is that of the JSON text
 * (strings counted by their length), without writing it. Returns the error to answer.
 */
export function checkVariables(
  variables: Readonly<Record<string, unknown>>,
  limits: VariablesLimits,
): GraphQLError | undefined {
  const { maxBytes, maxDepth } = limits;
  // Variables are mostly scalars: lists and objects go on a stack, made only when one is met.
  let values: unknown[] | undefined;
  let depths: number[] | undefined;
  let bytes = 1; // the braces, less the comma the first entry does not take
  for (const key in variables) {
    if (!Object.prototype.hasOwnProperty.call(variables, key)) continue;
    bytes += key.length + 4;
    const value = variables[key];
    if (typeof value === 'object' && value !== null) {
      (values ??= []).push(value);
      (depths ??= []).push(0);
    } else {
      bytes += scalarLength(value);
    }
  }
  if (values === undefined || depths === undefined) {
    return bytes > maxBytes ? tooLarge(maxBytes) : undefined;
  }
  while (values.length > 0) {
    if (bytes > maxBytes) return tooLarge(maxBytes);
    const value = values.pop();
    const depth = depths.pop()!;
    if (typeof value !== 'object' || value === null) {
      bytes += scalarLength(value);
    } else if (depth >= maxDepth) {
      return tooDeep(maxDepth);
    } else if (Array.isArray(value)) {
      // Every item takes a byte at least: a sparse array is refused by its length alone.
      if (bytes + 2 * value.length > maxBytes) return tooLarge(maxBytes);
      bytes += 1 + value.length; // brackets and commas
      for (const item of value) {
        values.push(item);
        depths.push(depth + 1);
      }
    } else {
      bytes += 1;
      for (const key in value) {
        if (!Object.prototype.hasOwnProperty.call(value, key)) continue;
        bytes += key.length + 4;
        values.push((value as Record<string, unknown>)[key]);
        depths.push(depth + 1);
      }
    }
  }
  return bytes > maxBytes ? tooLarge(maxBytes) : undefined;
}

/** The JSON length of a string, number, boolean or null (undefined is written as null). */
function scalarLength(value: unknown): number {
  if (typeof value === 'string') return value.length + 2;
  if (typeof value !== 'number') return value === false ? 5 : 4;
  if (!Number.isInteger(value) || Math.abs(value) >= 1e15) return String(value).length;
  let digits = value < 0 ? 2 : 1;
  for (let rest = Math.abs(value); rest >= 10; rest = Math.floor(rest / 10)) digits++;
  return digits;
}

function tooLarge(max: number): GraphQLError {
  return new GraphQLError(`Variables are larger than the maximum of ${max} bytes.`, {
    extensions: { code: ErrorCode.MAX_VARIABLES_SIZE_EXCEEDED },
  });
}

function tooDeep(max: number): GraphQLError {
  return new GraphQLError(`Variables nest lists and objects more than ${max} levels deep.`, {
    extensions: { code: ErrorCode.MAX_INPUT_DEPTH_EXCEEDED },
  });
}
