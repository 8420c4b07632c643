import { integer, NO_ERROR, PLAIN_VALUE, type WriterKind } from './compileObjectWriter.js';

/**
 * Builders generated for the object executor (executeToObject), the counterpart of the JSON
 * writers in compileObjectWriter.ts: for the leading run of a selection's fields that are leaves
 * of built-in scalars read by the default resolver (or `__typename`), a function with one line
 * per field that stores the value graphql-js would store — the property itself, since for plain
 * values of these scalars serialize returns its input — or stops at the first field whose value
 * is anything else (another type, a function, null in a non-null field, a getter that throws),
 * for the interpreter to go on from there.
 *
 * As for the writers, no text from a schema, a document or a request reaches the generated code:
 * property names and response keys are arguments, the code holds only fixed snippets and indices.
 */

export interface BuilderField {
  readonly kind: WriterKind;
  readonly nonNull: boolean;
  /** The property the default resolver reads. */
  readonly fieldName: string;
  readonly responseKey: string;
  /** For `typename`: the type name. */
  readonly typename: string;
}

/**
 * Stores the run's fields of `source` into `results`; returns how many it stored. When that is
 * fewer than the run, `built.error` is what the getter of the next field threw (or NO_ERROR: its
 * value was not one the builder takes).
 */
export type ObjectBuilder = (source: object, results: Record<string, unknown>) => number;

export const built: { error: unknown } = { error: NO_ERROR };

/** Distinguishes each builder's source, so that V8 keeps separate type feedback for each one. */
let buildersMade = 0;

export function compileObjectBuilder(fields: ReadonlyArray<BuilderField>): ObjectBuilder {
  const constants = fields.map((_, index) => {
    const i = integer(index);
    return `const n${i} = N[${i}], r${i} = R[${i}], t${i} = T[${i}];`;
  });
  const body = [
    ...constants,
    'return function buildObject(s, o) {',
    'let i = 0, v;',
    'try {',
    ...fields.map((field, i) => fieldLines(field, integer(i))),
    '} catch (error) {',
    '  built.error = error; return i;',
    '}',
    `return ${integer(fields.length)};`,
    `}; // builder ${integer(++buildersMade)}`,
  ].join('\n');
  // eslint-disable-next-line no-new-func -- generated from fixed snippets and indices only
  const factory = new Function('N', 'R', 'T', 'built', 'NO_ERROR', body) as (
    ...args: unknown[]
  ) => ObjectBuilder;
  return factory(
    fields.map((f) => f.fieldName),
    fields.map((f) => f.responseKey),
    fields.map((f) => f.typename),
    built,
    NO_ERROR,
  );
}

function fieldLines(field: BuilderField, i: number): string {
  if (field.kind === 'typename') return `o[r${i}] = t${i};`;
  const stop = `{ built.error = NO_ERROR; return ${i}; }`;
  const orNull = field.nonNull ? '' : ` else if (v == null) o[r${i}] = null;`;
  return `i = ${i}; v = s[n${i}];\nif (${PLAIN_VALUE[field.kind]}) o[r${i}] = v;${orNull} else ${stop}`;
}
