import type { GraphQLObjectType, GraphQLResolveInfo } from 'graphql';
import type { FieldPlan } from '../plan/FieldPlan.js';
import type { ExecutionContext } from './ExecutionContext.js';
import type { Path } from './Path.js';
import {
  builtinScalarKind,
  needsEscape,
  escapedStrings,
  OMITTED,
  type BuiltinScalarKind,
} from './leafToJSON.js';
import { numberToJSON } from './numberToJSON.js';
import { plainObjectTypeOf } from './completion.js';

/**
 * Writers generated for the hottest shape of the byte path: an object whose fields are leaves of
 * built-in scalars read by the default resolver (or `__typename`), fields of a plain object type
 * (resolved, or read by the default resolver, and written through their sub-selection straight
 * onto the text), and any other field with a resolver (its value completed as the interpreter
 * completes it) — all of them, or a leading run of them that the writer writes before the
 * interpreter takes over. The interpreter in
 * executeToJSON decides per field, per object, what kind of field it is and looks the property up
 * by a name that changes on every field (a megamorphic load); a generated writer has one line per
 * field, each property load site sees one name, and it runs 1.4–1.7× faster on the benchmarks.
 *
 * No text from a schema, a document or a request ever reaches the generated code: it is made only
 * from the fixed snippets below and field indices (integers). Names, JSON prefixes and per-field
 * state are handed to the generated function as arguments. A writer only takes values it can write
 * exactly as the interpreter would; for anything else (a value of another type, null in a non-null
 * field, a getter that throws) it stops and says where, and the interpreter goes on from that field
 * with the text written so far and the value read (not reading the property again, as graphql-js
 * reads it once). Runtimes that forbid `new Function` (or SLUICE_CODEGEN=off) use
 * the interpreter alone, with the same results.
 */

/** The scalars a writer can write, by how it writes them. */
export type WriterKind = 'typename' | BuiltinScalarKind;

export interface WriterField {
  /**
   * `object`: a field of a plain object type, resolved and written through its sub-selection;
   * `resolved`: any other field with a resolver, whose value the interpreter's completion writes.
   */
  readonly kind: WriterKind | 'object' | 'resolved';
  readonly nonNull: boolean;
  /** The property the default resolver reads. */
  readonly fieldName: string;
  /** `{"key":` or `,"key":`. */
  readonly prefix: string;
  /** For `typename`: the type name as JSON text. */
  readonly typenameJSON: string;
  /** The interpreter's state of the field: whether its last string needed escaping. */
  readonly state: { escapes: boolean };
  /** For `object`: the field's plan and the object type its sub-selection is for. */
  readonly plan?: FieldPlan | undefined;
  readonly objectType?: GraphQLObjectType | undefined;
}

/**
 * Writes one object after `into` (after `into` and a comma with `comma`, as list items after the
 * first: the comma goes in with the first key, saving a string per item): the whole text when
 * every field was written, else the index of the field to go on from, with the text up to it
 * (comma included) in `stopped`. `path` and `index` are the object's path as executeFields has
 * it (a list's path and the item's index, or the object's own path with -1).
 */
export type ObjectWriter = (
  source: object,
  into: string,
  comma: boolean,
  ctx: ExecutionContext,
  path: Path | undefined,
  index: number,
) => string | number;

/** What generated lines of resolved fields call, writers and builders alike. */
export interface ResolveRuntime {
  readonly addPath: (prev: Path | undefined, key: string, typename: string) => Path;
  /** The object's own path from what the generated function was given (Path.ts's ownPath). */
  readonly ownPath: (path: Path | undefined, index: number) => Path | undefined;
  readonly buildResolveInfo: (
    ctx: ExecutionContext,
    field: FieldPlan,
    path: Path,
  ) => GraphQLResolveInfo;
  readonly argumentsFor: (field: FieldPlan, variables: Record<string, unknown>) => unknown;
}

/** What generated object-field lines call; supplied by the byte path's executor. */
export interface WriterRuntime extends ResolveRuntime {
  /**
   * `value` written through the field's sub-selection for `type`: `into` followed by the object,
   * or a promise of the object's text alone (with the field's error handling).
   */
  readonly writeObject: (
    ctx: ExecutionContext,
    field: FieldPlan,
    type: GraphQLObjectType,
    value: object,
    path: Path,
    into: string,
  ) => string | Promise<string>;
  /** The field's resolved value completed as text (or OMITTED, or a promise), with its errors. */
  readonly completeField: (
    ctx: ExecutionContext,
    field: FieldPlan,
    path: Path,
    info: GraphQLResolveInfo,
    value: unknown,
  ) => string | Promise<string>;
}

/** How a writer stopped at its field (`stopped.kind`). */
export const STOP_READ = 0; // a leaf or default-read value: `error` (getter) or `value` read
export const STOP_RESOLVED = 1; // `value` resolved or read, not an object to write, at `path`, `info`
export const STOP_PENDING = 2; // the field's text is `value`: a promise, or OMITTED
export const STOP_FAILED = 3; // the object field failed with `error`, at `path`

/**
 * Where a writer that stopped leaves its text, the error a getter threw (or NO_ERROR), and the
 * value it read and did not write (or UNREAD), which the interpreter completes without reading
 * the property again: graphql-js reads it once. The caller takes `value` out at once.
 */
export const stopped: {
  text: string;
  error: unknown;
  value: unknown;
  /** For STOP_RESOLVED: whether `value`'s `then` is a function (read once already). */
  thenable: boolean;
  kind: number;
  path: Path | undefined;
  info: GraphQLResolveInfo | undefined;
} = {
  text: '',
  error: undefined,
  value: undefined,
  thenable: false,
  kind: STOP_READ,
  path: undefined,
  info: undefined,
};
export const NO_ERROR: unique symbol = Symbol('no error');
/** A field whose property the generated code has not read. */
export const UNREAD: unique symbol = Symbol('unread');

/** Whether writers are generated: off where `new Function` is refused, or with SLUICE_CODEGEN=off. */
export const codegen = {
  enabled: canGenerate(),
  /** Objects a selection writes through the interpreter before it gets a writer of its own. */
  threshold: 256,
};

function canGenerate(): boolean {
  const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process
    ?.env;
  if (env?.['SLUICE_CODEGEN'] === 'off') return false;
  try {
    // eslint-disable-next-line no-new-func -- the probe for runtimes that forbid it (CSP)
    return new Function('return 1')() === 1;
  } catch {
    return false;
  }
}

/** Distinguishes each writer's source, so that V8 keeps separate type feedback for each one. */
let writersMade = 0;

/**
 * A writer for `fields`. With `complete`, they are all of the object's fields and the writer
 * closes it; without, it writes them and stops after them, for the interpreter to go on.
 */
export function compileObjectWriter(
  fields: ReadonlyArray<WriterField>,
  complete: boolean,
  runtime?: WriterRuntime,
): ObjectWriter {
  const hasObjects = fields.some((field) => field.kind === 'object' || field.kind === 'resolved');
  if (hasObjects && runtime === undefined) throw new Error('object fields need a runtime');
  // Each field's constants are bound once, as constants of the writer's closure.
  const constants = fields.map((_, index) => {
    const i = integer(index);
    return (
      `const n${i} = N[${i}], p${i} = P[${i}], q${i} = Q[${i}], t${i} = T[${i}], s${i} = S[${i}], ` +
      `r${i} = R[${i}], f${i} = F[${i}], c${i} = C[${i}], z${i} = Z[${i}], y${i} = Y[${i}];`
    );
  });
  // The first field's prefixes after a comma.
  constants.push("const cp0 = ',' + p0, cq0 = ',' + q0;");
  if (hasObjects) {
    constants.push(
      'const { addPath, ownPath, buildResolveInfo, argumentsFor } = runtime;',
      'const { writeObject: written, completeField: completed } = runtime;',
    );
  }
  const lines = fields.map((field, i) => fieldLines(field, integer(i)));
  // What the catch says a failure was: a getter's of a leaf, or an object field's (by index).
  const failed = hasObjects ? ' stopped.kind = K[i]; stopped.path = fp;' : '';
  const body = [
    ...constants,
    'return function writeObject(s, text, comma, ctx, lp, ix) {',
    'let i = 0, v;',
    hasObjects ? 'let own, fp, inf, th;' : '',
    'try {',
    ...lines,
    '} catch (error) {',
    "  stopped.text = i === 0 && comma ? text + ',' : text; stopped.error = error;",
    `  stopped.value = UNREAD;${failed} return i;`,
    '}',
    complete
      ? "return text + '}';"
      : `stopped.text = text; stopped.error = NO_ERROR; stopped.value = UNREAD; return ${integer(fields.length)};`,
    `}; // writer ${integer(++writersMade)}`,
  ].join('\n');
  // eslint-disable-next-line no-new-func -- the one place code is generated; see the file comment
  const factory = new Function(
    'N',
    'P',
    'Q',
    'T',
    'S',
    'R',
    'F',
    'C',
    'Z',
    'Y',
    'K',
    'needsEscape',
    'numberToJSON',
    'stopped',
    'NO_ERROR',
    'UNREAD',
    'OMITTED',
    'escaped',
    'runtime',
    body,
  ) as (...args: unknown[]) => ObjectWriter;
  return factory(
    fields.map((f) => f.fieldName),
    fields.map((f) => f.prefix),
    fields.map((f) => f.prefix + '"'),
    fields.map((f) => f.typenameJSON),
    fields.map((f) => f.state),
    fields.map((f) => f.plan?.responseKey),
    fields.map((f) => f.plan),
    fields.map((f) => f.objectType),
    fields.map((f) => f.plan?.resolve),
    fields.map((f) => f.plan?.parentType.name),
    fields.map((f) => (f.kind === 'object' || f.kind === 'resolved' ? STOP_FAILED : STOP_READ)),
    needsEscape,
    numberToJSON,
    stopped,
    NO_ERROR,
    UNREAD,
    OMITTED,
    escapedStrings,
    runtime,
  );
}

/** The lines of one field: read (unless `__typename`), write if the value is plain, else stop. */
/**
 * The generated test that `v` is a plain value of a built-in scalar, one serialize would return
 * as it is: what the writers write and the builders (compileObjectBuilder.ts) store directly.
 */
export const PLAIN_VALUE: Readonly<Record<BuiltinScalarKind, string>> = {
  string: "typeof v === 'string'",
  int: "typeof v === 'number' && (v | 0) === v",
  float: "typeof v === 'number' && Number.isFinite(v)",
  boolean: "typeof v === 'boolean'",
};

function fieldLines(field: WriterField, i: number): string {
  const first = i === 0;
  // Field 0's text starts with the comma when the writer is told to write one.
  const p = first ? '(comma ? cp0 : p0)' : `p${i}`;
  const q = first ? '(comma ? cq0 : q0)' : `q${i}`;
  const stopText = first ? "comma ? text + ',' : text" : 'text';
  const stop = `{ stopped.text = ${stopText}; stopped.error = NO_ERROR; stopped.value = v; return ${i}; }`;
  const orNull = field.nonNull ? '' : ` else if (v == null) text += ${p} + 'null';`;
  const read = `i = ${i}; v = s[n${i}];`;
  const stopWith = (kind: string) =>
    `stopped.text = ${stopText}; stopped.error = NO_ERROR; stopped.kind = ${kind};`;
  const fieldPath = `i = ${i}; if (own === undefined) own = ownPath(lp, ix); fp = addPath(own, r${i}, y${i});`;
  const resolve =
    `inf = buildResolveInfo(ctx, f${i}, fp);\n` +
    `v = z${i}(s, argumentsFor(f${i}, ctx.variableValues), ctx.contextValue, inf);`;
  switch (field.kind) {
    case 'resolved':
      // Completed as the interpreter completes it; a promise or an omitted value is handed over.
      return [
        fieldPath,
        resolve,
        `v = completed(ctx, f${i}, fp, inf, v);`,
        `if (typeof v === 'string' && v !== OMITTED) text += ${p} + v;`,
        `else { ${stopWith('2')} stopped.value = v; return ${i}; }`,
      ].join('\n');
    case 'object':
      return [
        fieldPath,
        field.plan?.resolve === undefined
          ? // A method is called by the interpreter, which reads it again to call it (as graphql-js).
            `inf = undefined; v = s[n${i}];\n` +
            `if (typeof v === 'function') { ${stopWith('0')} stopped.value = v; return ${i}; }`
          : resolve,
        // `then` is read once, as graphql-js's isPromise reads it; the interpreter is told.
        "th = v != null && typeof v.then === 'function';",
        "if (!th && v !== null && typeof v === 'object' && !(v instanceof Error)) {",
        `  v = written(ctx, f${i}, c${i}, v, fp, text + ${p});`,
        "  if (typeof v === 'string') text = v;",
        `  else { ${stopWith('2')} stopped.value = v; return ${i}; }`,
        '} else {',
        `  ${stopWith('1')} stopped.value = v; stopped.thenable = th; stopped.path = fp; stopped.info = inf; return ${i};`,
        '}',
      ].join('\n');
    case 'typename':
      return `text += ${p} + t${i};`;
    case 'string':
      // As the interpreter: each field remembers whether its last string needed escaping.
      return [
        read,
        `if (${PLAIN_VALUE.string}) {`,
        `  if (!s${i}.escapes && !needsEscape(v)) text += ${q} + v + '"';`,
        `  else { s${i}.escapes = true; escaped.chars += v.length; const json = JSON.stringify(v);`,
        `    if (json.length === v.length + 2) s${i}.escapes = false; text += ${p} + json; }`,
        `}${orNull} else ${stop}`,
      ].join('\n');
    case 'int':
      return `${read}\nif (${PLAIN_VALUE.int}) text += ${p} + v;${orNull} else ${stop}`;
    case 'float':
      return `${read}\nif (${PLAIN_VALUE.float}) text += ${p} + numberToJSON(v);${orNull} else ${stop}`;
    case 'boolean':
      return `${read}\nif (v === true) text += ${p} + 'true'; else if (v === false) text += ${p} + 'false';${orNull} else ${stop}`;
  }
}

/**
 * Whether the default resolver reads the field inline: no resolver, no data source, and arguments
 * (if any) that coerce the same every time, so nothing can fail before the property is read.
 */
export function isDefaultRead(field: FieldPlan): boolean {
  return (
    field.resolve === undefined && field.source === undefined && field.staticArgs !== undefined
  );
}

/**
 * For a field generated code resolves (or reads) and completes through its sub-selection: its
 * plain object type (no isTypeOf, so completion needs no resolve info), when the field has no
 * data source. A resolver's arguments may fail to coerce: generated code makes that the field's
 * error, as executeField does. The default resolver's must not fail (it reads the property
 * first), so a default-read field needs arguments that coerce the same every time.
 */
export function objectFieldTypeOf(field: FieldPlan): GraphQLObjectType | undefined {
  if (field.source !== undefined || field.typename !== undefined) return undefined;
  if (field.resolve === undefined && field.staticArgs === undefined) return undefined;
  return plainObjectTypeOf(field.returnType);
}

/**
 * The kind of writer (or builder) line for a field read by the default resolver whose type is a
 * (possibly non-null) built-in scalar; undefined for any other field.
 */
export function defaultReadLeafKind(field: FieldPlan): WriterKind | undefined {
  return isDefaultRead(field) ? builtinScalarKind(field.returnType) : undefined;
}

/** The only values interpolated into generated code: non-negative integers. */
export function integer(value: number): number {
  if (!Number.isSafeInteger(value) || value < 0) throw new Error(`not an index: ${value}`);
  return value;
}
