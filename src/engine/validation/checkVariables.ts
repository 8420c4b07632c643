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
  const values: unknown[] = [];
  const depths: number[] = [];
  let bytes = 2 + pushEntries(variables, values, depths, 0);
  while (values.length > 0) {
    if (bytes > maxBytes) return tooLarge(maxBytes);
    const value = values.pop();
    const depth = depths.pop()!;
    if (typeof value === 'string') {
      bytes += value.length + 2;
    } else if (typeof value === 'object' && value !== null) {
      if (depth >= maxDepth) return tooDeep(maxDepth);
      if (Array.isArray(value)) {
        // Every item takes a byte at least: a sparse array is refused by its length alone.
        if (bytes + 2 * value.length > maxBytes) return tooLarge(maxBytes);
        bytes += 1 + value.length; // brackets and commas
        for (const item of value) {
          values.push(item);
          depths.push(depth + 1);
        }
      } else {
        bytes += 2 + pushEntries(value as Record<string, unknown>, values, depths, depth + 1);
      }
    } else {
      // Numbers by their text; true, false, null (and undefined, written as null).
      bytes += typeof value === 'number' ? String(value).length : value === false ? 5 : 4;
    }
  }
  return bytes > maxBytes ? tooLarge(maxBytes) : undefined;
}

/** Queues an object's own values; returns the bytes of its keys, colons and commas. */
function pushEntries(
  object: Readonly<Record<string, unknown>>,
  values: unknown[],
  depths: number[],
  depth: number,
): number {
  let bytes = -1;
  for (const key in object) {
    if (!Object.prototype.hasOwnProperty.call(object, key)) continue;
    bytes += key.length + 4;
    values.push(object[key]);
    depths.push(depth);
  }
  return Math.max(0, bytes);
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
