import type { GraphQLObjectType, GraphQLResolveInfo } from 'graphql';
import type { FieldPlan } from '../plan/FieldPlan.js';
import type { ExecutionContext } from './ExecutionContext.js';
import { handover, STOP_FAILED, STOP_READ, UNREAD } from './Handover.js';
import { needsEscape, OMITTED } from './leafToJSON.js';
import { numberToJSON } from './numberToJSON.js';
import type { Path } from './Path.js';

/**
 * The one code generator, with two back ends: `text` writes an object's fields as JSON text (the
 * byte path), `object` stores them into a result object (`execute`). Both take the leading run
 * of a selection's fields of these kinds (FieldPlan's `kind`, decided at plan time):
 *
 * - `typename` and `leaf` (a built-in scalar read by the default resolver): one line per field,
 *   a property load that sees one name (the interpreter's load sees every name: megamorphic);
 * - `object` (a plain object type, resolved or read): the field's path and resolve info as
 *   executeField makes them, the resolver called once, and an object it returned handed to the
 *   sub-selection (the text back end writes it straight onto the text);
 * - `resolved` (text back end only): any other field with a resolver, its value completed as the
 *   interpreter completes it.
 *
 * Generated code stops at the first field it cannot finish — a value it does not take (another
 * type, a method, null in a non-null field; for an object field anything but an object), a
 * getter or resolver that threw — and leaves in the handover record (Handover.ts) what the
 * interpreter goes on with: no property is read twice (graphql-js reads it once, and again only
 * to call a method) and no resolver is called twice.
 *
 * No text from a schema, a document or a request ever reaches the generated code: it is made
 * only from the fixed snippets below and field indices (integers). Names, response keys, JSON
 * prefixes and field plans are handed to the generated function as arguments. Runtimes that
 * forbid `new Function` (or ExecutionOptions.codegen false) use the interpreter alone, with the
 * same results.
 */

export type BackEnd = 'text' | 'object';

/** The kinds of field each back end takes. */
export function takes(backEnd: BackEnd, field: FieldPlan): boolean {
  switch (field.kind) {
    case 'typename':
    case 'leaf':
    case 'object':
      return true;
    case 'resolved':
      return backEnd === 'text';
    default:
      return false;
  }
}

/**
 * Whether generated lines of `field` read a property of the object written: a leaf's value, an
 * object field read by the default resolver. Lines that do not only hand the object to a
 * resolver, so a writer of such fields alone runs on any source (a root value that is not an
 * object included), as the interpreter does.
 */
export function readsSource(field: FieldPlan): boolean {
  return field.kind === 'leaf' || (field.kind === 'object' && field.resolve === undefined);
}

/**
 * Text back end: writes one object after `into` (after `into` and a comma with `comma`, as list
 * items after the first: the comma goes in with the first key, saving a string per item): the
 * whole text when every field was written, else the index of the field to go on from, with the
 * text up to it (comma included) in the handover. `path` and `index` are the object's path as
 * executeFields has it (a list's path and the item's index, or the object's own path with -1).
 */
export type GeneratedWriter = (
  source: object,
  into: string,
  comma: boolean,
  ctx: ExecutionContext,
  path: Path | undefined,
  index: number,
) => string | number;

/**
 * Object back end: stores the run's fields of `source` into `results`; returns how many it
 * stored. When that is fewer than the run, the handover says why it stopped at the next field.
 */
export type GeneratedBuilder = (
  source: object,
  results: Record<string, unknown>,
  ctx: ExecutionContext,
  path: Path | undefined,
  index: number,
) => number;

/** What generated lines of object (and resolved) fields call, for both back ends. */
interface ResolveRuntime {
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

/** `value` through `field`'s sub-selection for `type`, at the field's `path`. */
type Subselection<Extra extends unknown[], Result> = (
  ctx: ExecutionContext,
  field: FieldPlan,
  type: GraphQLObjectType,
  value: object,
  path: Path,
  ...extra: Extra
) => Result;

/** Supplied by the byte path's executor. */
export interface TextRuntime extends ResolveRuntime {
  /** The field's adaptive text state: whether its last string needed escaping. */
  readonly stateOf: (field: FieldPlan) => { escapes: boolean };
  /**
   * `value` written through the field's sub-selection for `type`: `into` followed by the object,
   * or a promise of the object's text alone (with the field's error handling).
   */
  readonly subselection: Subselection<[into: string], string | Promise<string>>;
  /** The field's resolved value completed as text (or OMITTED, or a promise), with its errors. */
  readonly complete: (
    ctx: ExecutionContext,
    field: FieldPlan,
    path: Path,
    info: GraphQLResolveInfo,
    value: unknown,
  ) => string | Promise<string>;
}

/** Supplied by the object executor. */
export interface ObjectRuntime extends ResolveRuntime {
  /**
   * The sub-selection of `field` for `type` on `value`, as completeObjectValue runs it; a promise
   * it returns already carries the field's error handling.
   */
  readonly subselection: Subselection<[], unknown>;
}

/** The generated test that `v` is a plain value of a built-in scalar, which serialize returns as is. */
const PLAIN_VALUE = {
  string: "typeof v === 'string'",
  int: "typeof v === 'number' && (v | 0) === v",
  float: "typeof v === 'number' && Number.isFinite(v)",
  boolean: "typeof v === 'boolean'",
} as const;

/** Distinguishes each generated function's source, so that V8 keeps type feedback for each. */
let generated = 0;

/**
 * A writer for `fields` (all of the object's fields with `complete`: it closes the object;
 * else a leading run, after which it stops for the interpreter to go on).
 */
export function generateWriter(
  fields: ReadonlyArray<FieldPlan>,
  complete: boolean,
  runtime: TextRuntime,
): GeneratedWriter {
  const end = complete ? "return text + '}';" : `h.text = text; return ${integer(fields.length)};`;
  return generate('text', fields, end, runtime, fields.map(runtime.stateOf)) as GeneratedWriter;
}

/** A builder for the leading run `fields` of a selection. */
export function generateBuilder(
  fields: ReadonlyArray<FieldPlan>,
  runtime: ObjectRuntime,
): GeneratedBuilder {
  const end = `h.async = a; return ${integer(fields.length)};`;
  return generate('object', fields, end, runtime, []) as GeneratedBuilder;
}

function generate(
  backEnd: BackEnd,
  fields: ReadonlyArray<FieldPlan>,
  end: string,
  runtime: TextRuntime | ObjectRuntime,
  states: ReadonlyArray<{ escapes: boolean }>,
): unknown {
  const text = backEnd === 'text';
  for (const field of fields) {
    if (!takes(backEnd, field)) throw new Error(`the ${backEnd} back end takes no ${field.kind}`);
  }
  // Each field's constants are bound once, as constants of the generated closure.
  const constants = fields.map((_, index) => {
    const i = integer(index);
    return (
      `const n${i} = N[${i}], r${i} = R[${i}], t${i} = T[${i}], f${i} = F[${i}], ` +
      `c${i} = C[${i}], z${i} = Z[${i}], y${i} = Y[${i}], p${i} = P[${i}], q${i} = Q[${i}], ` +
      `s${i} = S[${i}];`
    );
  });
  // The first field's prefixes after a comma (a list item after the first).
  if (text && fields.length > 0) constants.push("const cp0 = ',' + p0, cq0 = ',' + q0;");
  const lines = fields.map((field, i) => fieldLines(backEnd, field, integer(i)));
  const head = text
    ? 'return function writeObject(s, text, comma, ctx, lp, ix) {'
    : 'return function buildObject(s, o, ctx, lp, ix) {';
  const stopText = text ? " h.text = i === 0 && comma ? text + ',' : text;" : ' h.async = a;';
  const body = [
    ...constants,
    'const { addPath, ownPath, buildResolveInfo, argumentsFor, subselection } = runtime;',
    head,
    'let i = 0, v, own, fp, inf, th, a = false;',
    'try {',
    ...lines,
    '} catch (error) {',
    // What the catch says a failure was: a getter's of a leaf, or an object field's (by kind).
    `  h.error = error; h.kind = K[i]; h.path = fp;${stopText} return i;`,
    '}',
    end,
    `}; // ${backEnd} ${integer(++generated)}`,
  ].join('\n');
  // eslint-disable-next-line no-new-func -- the one place code is generated; see the file comment
  const factory = new Function(
    ...['N', 'R', 'T', 'F', 'C', 'Z', 'Y', 'P', 'Q', 'S', 'K'],
    ...['needsEscape', 'numberToJSON', 'UNREAD', 'OMITTED', 'runtime', 'h'],
    body,
  ) as (...args: unknown[]) => unknown;
  const prefixes = fields.map((field, i) => (i === 0 ? '{' : ',') + field.keyJSON);
  return factory(
    fields.map((f) => f.fieldName),
    fields.map((f) => f.responseKey),
    fields.map((f) => (text ? f.typenameJSON : f.typename)),
    fields,
    fields.map((f) => f.objectType),
    fields.map((f) => f.resolve),
    fields.map((f) => f.parentType.name),
    prefixes,
    prefixes.map((prefix) => prefix + '"'),
    states,
    fields.map((f) => (f.kind === 'object' || f.kind === 'resolved' ? STOP_FAILED : STOP_READ)),
    needsEscape,
    numberToJSON,
    UNREAD,
    OMITTED,
    runtime,
    handover,
  );
}

/** The lines of one field: read or resolve it, write or store it if it is plain, else stop. */
function fieldLines(backEnd: BackEnd, field: FieldPlan, i: number): string {
  const text = backEnd === 'text';
  const first = i === 0;
  // Field 0's text starts with the comma when the writer is told to write one.
  const p = first ? '(comma ? cp0 : p0)' : `p${i}`;
  const q = first ? '(comma ? cq0 : q0)' : `q${i}`;
  const put = (value: string) => (text ? `text += ${p} + ${value};` : `o[r${i}] = ${value};`);
  const stopText = text ? ` h.text = ${first ? "comma ? text + ',' : text" : 'text'};` : '';
  const stopAsync = text ? '' : ' h.async = a;';
  /** Stops at this field with `v` in the handover, as `kind`. */
  const stop = (kind: number, extra = '') =>
    `{${stopText} h.kind = ${integer(kind)}; h.value = v;${extra}${stopAsync} return ${i}; }`;
  const orNull = field.nonNull ? '' : ` else if (v == null) ${put(text ? "'null'" : 'null')}`;
  const fieldPath = `i = ${i}; if (own === undefined) own = ownPath(lp, ix); fp = addPath(own, r${i}, y${i});`;
  const resolve =
    `inf = buildResolveInfo(ctx, f${i}, fp);\n` +
    `v = z${i}(s, argumentsFor(f${i}, ctx.variableValues), ctx.contextValue, inf);`;
  switch (field.kind) {
    case 'typename':
      return put(`t${i}`);
    case 'resolved':
      // Completed as the interpreter completes it; a promise or an omitted value is handed over.
      return [
        fieldPath,
        resolve,
        `v = runtime.complete(ctx, f${i}, fp, inf, v);`,
        `if (typeof v === 'string' && v !== OMITTED) text += ${p} + v;`,
        `else ${stop(2)}`,
      ].join('\n');
    case 'object':
      return [
        fieldPath,
        field.resolve === undefined
          ? // A method is called by the interpreter, which reads it again to call it (as graphql-js).
            `inf = undefined; v = s[n${i}];\nif (typeof v === 'function') ${stop(0)}`
          : resolve,
        // `then` is read once, as graphql-js's isPromise reads it; the interpreter is told.
        "th = v != null && typeof v.then === 'function';",
        "if (!th && v !== null && typeof v === 'object' && !(v instanceof Error)) {",
        text
          ? `  v = subselection(ctx, f${i}, c${i}, v, fp, text + ${p});\n` +
            `  if (typeof v === 'string') text = v; else ${stop(2)}`
          : `  v = subselection(ctx, f${i}, c${i}, v, fp); if (v instanceof Promise) a = true; o[r${i}] = v;`,
        `} else ${stop(1, ' h.thenable = th; h.path = fp; h.info = inf;')}`,
      ].join('\n');
    case 'leaf':
      return leafLines(field.scalar, i, text, p, q, put, orNull, stop(0));
    default:
      throw new Error(`no generated line for a ${field.kind} field`);
  }
}

function leafLines(
  scalar: keyof typeof PLAIN_VALUE,
  i: number,
  text: boolean,
  p: string,
  q: string,
  put: (value: string) => string,
  orNull: string,
  stop: string,
): string {
  const read = `i = ${i}; v = s[n${i}];`;
  if (!text) return `${read}\nif (${PLAIN_VALUE[scalar]}) o[r${i}] = v;${orNull} else ${stop}`;
  switch (scalar) {
    case 'string':
      // As the interpreter: each field remembers whether its last string needed escaping.
      return [
        read,
        `if (${PLAIN_VALUE.string}) {`,
        `  if (!s${i}.escapes && !needsEscape(v)) text += ${q} + v + '"';`,
        `  else { s${i}.escapes = true; ctx.escapedChars += v.length; const json = JSON.stringify(v);`,
        `    if (json.length === v.length + 2) s${i}.escapes = false; text += ${p} + json; }`,
        `}${orNull} else ${stop}`,
      ].join('\n');
    case 'int':
      return `${read}\nif (${PLAIN_VALUE.int}) ${put('v')}${orNull} else ${stop}`;
    case 'float':
      return `${read}\nif (${PLAIN_VALUE.float}) ${put('numberToJSON(v)')}${orNull} else ${stop}`;
    case 'boolean':
      return `${read}\nif (v === true) ${put("'true'")} else if (v === false) ${put("'false'")}${orNull} else ${stop}`;
  }
}

/** The only values interpolated into generated code: non-negative integers. */
function integer(value: number): number {
  if (!Number.isSafeInteger(value) || value < 0) throw new Error(`not an index: ${value}`);
  return value;
}
