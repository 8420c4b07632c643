import type { GraphQLObjectType, GraphQLResolveInfo } from 'graphql';
import type { FieldPlan } from '../plan/FieldPlan.js';
import type { ExecutionContext } from './ExecutionContext.js';
import type { Path } from './Path.js';
import {
  integer,
  NO_ERROR,
  PLAIN_VALUE,
  type ResolveRuntime,
  type WriterKind,
} from './compileObjectWriter.js';

/**
 * Builders generated for the object executor (executeToObject), the counterpart of the JSON
 * writers in compileObjectWriter.ts, for the leading run of a selection's fields that are
 *
 * - leaves of built-in scalars read by the default resolver (or `__typename`): one line per field
 *   stores the value graphql-js would store — the property itself, since for plain values of
 *   these scalars serialize returns its input;
 * - fields of a plain object type (no isTypeOf) with static arguments, resolved by their own
 *   resolver or read by the default one: the builder makes the field's path and resolve info as
 *   executeField does, calls the resolver, and hands an object it returned to the object
 *   executor for its sub-selection, with no dispatch on the field's kind in between.
 *
 * A builder stops at the first field it cannot finish and says why (`built`): a value it does not
 * take (another type, a method, null in a non-null field; for an object field anything but an
 * object), a resolver or getter that threw. A value it read or a resolver returned is handed over
 * as it is, for the interpreter to go on with: no property is read twice (graphql-js reads it
 * once, and again only to call a method) and no resolver is called twice.
 *
 * As for the writers, no text from a schema, a document or a request reaches the generated code:
 * property names, response keys and field plans are arguments, the code holds only fixed snippets
 * and indices.
 */

export type BuilderKind = WriterKind | 'object';

export interface BuilderField {
  readonly kind: BuilderKind;
  readonly nonNull: boolean;
  /** The property the default resolver reads. */
  readonly fieldName: string;
  readonly responseKey: string;
  /** For `typename`: the type name. */
  readonly typename: string;
  /** For `object`: the field's plan and the object type its sub-selection is for. */
  readonly plan?: FieldPlan | undefined;
  readonly objectType?: GraphQLObjectType | undefined;
}

/**
 * Stores the run's fields of `source` into `results`; returns how many it stored. When that is
 * fewer than the run, `built` says why it stopped at the next field. `path` and `index` are the
 * object's path as executeFields has it (a list's path and the item's index, or the object's
 * own path with -1).
 */
export type ObjectBuilder = (
  source: object,
  results: Record<string, unknown>,
  ctx: ExecutionContext,
  path: Path | undefined,
  index: number,
) => number;

/** Why the last builder stopped, and whether it stored a promise (read at once by its caller). */
export const built: {
  /** What the field's getter or resolver (or its sub-selection) threw, or NO_ERROR. */
  error: unknown;
  /**
   * The default resolver's read of the field gave `value`, which the builder does not take (a
   * method, a value to coerce, null in a non-null field): the field is executed with it, without
   * reading the property again (graphql-js reads it once, and again only to call a method).
   */
  read: boolean;
  /**
   * The field's resolver (or the default resolver) gave `value`, which is not an object to build:
   * complete it at `path` (with `info`); `thenable` says whether its `then` is a function, read
   * once already.
   */
  resolved: boolean;
  thenable: boolean;
  value: unknown;
  path: Path | undefined;
  info: GraphQLResolveInfo | undefined;
  /** A stored value is a promise (a sub-selection that waits). */
  async: boolean;
} = {
  error: NO_ERROR,
  read: false,
  resolved: false,
  thenable: false,
  value: undefined,
  path: undefined,
  info: undefined,
  async: false,
};

/** What generated object-field lines call; supplied by the object executor. */
export interface BuilderRuntime extends ResolveRuntime {
  /**
   * The sub-selection of `field` for `type` on `value`, as completeObjectValue runs it; a promise
   * it returns already carries the field's error handling.
   */
  readonly completeObject: (
    ctx: ExecutionContext,
    field: FieldPlan,
    type: GraphQLObjectType,
    value: object,
    path: Path,
  ) => unknown;
}

/** Distinguishes each builder's source, so that V8 keeps separate type feedback for each one. */
let buildersMade = 0;

export function compileObjectBuilder(
  fields: ReadonlyArray<BuilderField>,
  runtime: BuilderRuntime,
): ObjectBuilder {
  const constants = fields.map((_, index) => {
    const i = integer(index);
    return (
      `const n${i} = N[${i}], r${i} = R[${i}], t${i} = T[${i}], f${i} = F[${i}], ` +
      `c${i} = C[${i}], z${i} = Z[${i}], y${i} = Y[${i}];`
    );
  });
  const hasObjects = fields.some((field) => field.kind === 'object');
  const body = [
    ...constants,
    'const { addPath, ownPath, buildResolveInfo, argumentsFor, completeObject } = runtime;',
    'return function buildObject(s, o, ctx, lp, ix) {',
    'let i = 0, v;',
    hasObjects ? 'let a = false, own, p, inf, th;' : '',
    'try {',
    ...fields.map((field, i) => fieldLines(field, integer(i), hasObjects)),
    '} catch (error) {',
    `  built.error = error;${hasObjects ? ' built.async = a;' : ''} return i;`,
    '}',
    hasObjects ? 'built.async = a;' : '',
    `return ${integer(fields.length)};`,
    `}; // builder ${integer(++buildersMade)}`,
  ].join('\n');
  // eslint-disable-next-line no-new-func -- generated from fixed snippets and indices only
  const factory = new Function(
    'N',
    'R',
    'T',
    'F',
    'C',
    'Z',
    'Y',
    'built',
    'NO_ERROR',
    'runtime',
    body,
  ) as (...args: unknown[]) => ObjectBuilder;
  return factory(
    fields.map((f) => f.fieldName),
    fields.map((f) => f.responseKey),
    fields.map((f) => f.typename),
    fields.map((f) => f.plan),
    fields.map((f) => f.objectType),
    fields.map((f) => f.plan?.resolve),
    fields.map((f) => f.plan?.parentType.name),
    built,
    NO_ERROR,
    runtime,
  );
}

/** The lines of one field; every return says whether a promise was stored (`a`), if one can be. */
function fieldLines(field: BuilderField, i: number, hasObjects: boolean): string {
  if (field.kind === 'typename') return `o[r${i}] = t${i};`;
  const async = hasObjects ? ' built.async = a;' : '';
  if (field.kind === 'object') {
    const byDefault = field.plan?.resolve === undefined;
    return [
      `i = ${i}; if (own === undefined) own = ownPath(lp, ix); p = addPath(own, r${i}, y${i});`,
      byDefault
        ? // A method is called by the interpreter, which reads it again to call it (as graphql-js).
          `inf = undefined; v = s[n${i}];\n` +
          `if (typeof v === 'function') { built.error = NO_ERROR; built.read = true; built.value = v;${async} return ${i}; }`
        : `inf = buildResolveInfo(ctx, f${i}, p);\n` +
          `v = z${i}(s, argumentsFor(f${i}, ctx.variableValues), ctx.contextValue, inf);`,
      // `then` is read once, as graphql-js's isPromise reads it; the interpreter is told.
      "th = v != null && typeof v.then === 'function';",
      "if (!th && v !== null && typeof v === 'object' && !(v instanceof Error)) {",
      `  v = completeObject(ctx, f${i}, c${i}, v, p); if (v instanceof Promise) a = true; o[r${i}] = v;`,
      '} else {',
      `  built.resolved = true; built.value = v; built.thenable = th; built.path = p; built.info = inf;${async} return ${i};`,
      '}',
    ].join('\n');
  }
  const stop = `{ built.error = NO_ERROR; built.read = true; built.value = v;${async} return ${i}; }`;
  const orNull = field.nonNull ? '' : ` else if (v == null) o[r${i}] = null;`;
  return `i = ${i}; v = s[n${i}];\nif (${PLAIN_VALUE[field.kind]}) o[r${i}] = v;${orNull} else ${stop}`;
}
