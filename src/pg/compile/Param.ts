import { GraphQLError } from 'graphql';
import { ErrorCode } from '../../engine/index.js';

export type Variables = Readonly<Record<string, unknown>>;

/**
 * A bind parameter whose value is read at execute time: from a variable (possibly deep inside an
 * input object) or from a literal of the document. The compiled statement keeps Params in place of
 * values, so one statement text serves every request.
 */
export class Param {
  constructor(
    readonly read: (variables: Variables) => unknown,
    /** For `explain`: where the value comes from (`$first`, `$where.name.eq`, `literal 10`). */
    readonly label: string,
  ) {}

  /** The same source, checked or converted on the way (e.g. "must not be negative"). */
  map(fn: (value: unknown) => unknown): Param {
    return new Param((variables) => fn(this.read(variables)), this.label);
  }
}

export function badInput(message: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code: ErrorCode.BAD_USER_INPUT } });
}

/** A `where` nested deeper than ModelOptions.maxFilterDepth. */
export function filterTooDeep(maxFilterDepth: number, argument = 'where'): GraphQLError {
  return new GraphQLError(
    `A "${argument}" argument nests deeper than ${maxFilterDepth} levels; and, or, not and relation filters each add a level.`,
    { extensions: { code: ErrorCode.MAX_INPUT_DEPTH_EXCEEDED } },
  );
}

/**
 * Resolves a compiled statement's values for one request. Every value goes to PostgreSQL here, so
 * this is where text PostgreSQL cannot hold is refused: a NUL character (U+0000), in a string or
 * anywhere inside a list or object.
 */
export function bindValues(
  values: ReadonlyArray<unknown>,
  variables: Variables,
  /**
   * Every value the Params read was refused already where it was read when it held U+0000 (a
   * create's input rows: createInput.ts's checkValue), so the arrays built from them are not
   * searched again: they are the largest values a statement gets.
   */
  nulChecked = false,
): unknown[] {
  // A loop, not map: no callback made for every statement run.
  const bound = new Array<unknown>(values.length);
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    const value = v instanceof Param ? v.read(variables) : v;
    if (!nulChecked && containsNul(value)) {
      throw badInput(
        'A string must not contain the NUL character (U+0000): PostgreSQL text cannot hold it.',
      );
    }
    bound[i] = value;
  }
  return bound;
}

/** Whether a string in `value` (keys of objects included) holds U+0000; iterative, linear. */
function containsNul(value: unknown): boolean {
  // Most values are scalars: no stack for them.
  if (typeof value === 'string') return value.includes('\0');
  if (typeof value !== 'object' || value === null) return false;
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const item = stack.pop();
    if (typeof item === 'string') {
      if (item.includes('\0')) return true;
    } else if (Array.isArray(item)) {
      for (const inner of item as unknown[]) stack.push(inner);
    } else if (typeof item === 'object' && item !== null) {
      for (const [key, inner] of Object.entries(item)) stack.push(key, inner);
    }
  }
  return false;
}
