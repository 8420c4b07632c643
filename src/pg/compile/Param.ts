import { GraphQLError } from 'graphql';
import { ErrorCode } from '../../engine/index.js';

export type Variables = Readonly<Record<string, unknown>>;

/**
 * A bind parameter whose value is read at execute time: from a variable (possibly deep inside an
 * input object) or from a literal of the document. The compiled statement keeps Params in place of
 * values, so one statement text serves every request (DESIGN.md, "Decide at plan time").
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

/** Resolves a compiled statement's values for one request. */
export function bindValues(values: ReadonlyArray<unknown>, variables: Variables): unknown[] {
  return values.map((v) => (v instanceof Param ? v.read(variables) : v));
}
