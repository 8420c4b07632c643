import {
  GraphQLBoolean,
  GraphQLError,
  GraphQLFloat,
  GraphQLInt,
  GraphQLScalarType,
  GraphQLString,
  Kind,
  valueFromASTUntyped,
  type ValueNode,
} from 'graphql';
import { isDateText, isDatetimeText, readCalendar } from './calendarText.js';
import type { ScalarKind } from './Model.js';
import {
  dateProblem,
  datetimeProblem,
  integerProblem,
  isDecimalText,
  numericProblem,
  UUID_PATTERN,
  type Problem,
} from './pgInput.js';

/**
 * The scalars reflection adds to GraphQL's own: values that JavaScript numbers would round
 * travel as strings, times as ISO-8601 strings. Each checks its input so that bad values are
 * refused during variable coercion (BAD_USER_INPUT) or validation instead of reaching PostgreSQL:
 * first the shape (`shape`: a pattern, or a scanner where values come by the hundred), then, for input only, whether PostgreSQL's type takes the value
 * (`problem`: int8's range, numeric's digits, a date that exists). Output is only shape-checked:
 * it comes from the database.
 */
function stringScalar(
  name: string,
  description: string,
  shape: RegExp | ((text: string) => boolean),
  what: string,
  problem: (text: string) => Problem = () => undefined,
  /** The output's shape, when PostgreSQL writes values the input's shape refuses. */
  output: (text: string) => boolean = typeof shape === 'function' ? shape : (t) => shape.test(t),
): GraphQLScalarType {
  const refuse = (value: unknown, reason: string) =>
    new GraphQLError(`${name} cannot represent ${reason}: ${preview(value)}`);
  const fits = shape instanceof RegExp ? (text: string) => shape.test(text) : shape;
  const check = (value: unknown): string => {
    const text = typeof value === 'number' && Number.isFinite(value) ? String(value) : value;
    if (typeof text !== 'string' || !fits(text)) throw refuse(value, what);
    return text;
  };
  const parse = (value: unknown): string => {
    const text = check(value);
    const reason = problem(text);
    if (reason !== undefined) throw refuse(value, reason);
    return text;
  };
  return new GraphQLScalarType({
    name,
    description,
    serialize: (value) => {
      if (typeof value === 'bigint') return value.toString();
      if (typeof value !== 'string' || !output(value)) return check(value);
      return value;
    },
    parseValue: parse,
    parseLiteral: (node: ValueNode) => {
      if (node.kind === Kind.STRING || node.kind === Kind.INT || node.kind === Kind.FLOAT)
        return parse(node.value);
      throw new GraphQLError(`${name} cannot represent a non-string value`, { nodes: node });
    },
  });
}

/** A value as an error message quotes it: JSON, cut short (a client may send megabytes). */
function preview(value: unknown): string {
  const json = JSON.stringify(value) ?? String(value);
  return json.length <= 50 ? json : `${json.slice(0, 40)}… (${json.length} characters)`;
}

export const GraphQLBigInt = stringScalar(
  'BigInt',
  'A 64-bit integer (PostgreSQL int8), as a string so no precision is lost.',
  /^-?\d+$/,
  'a non-integer value',
  (text) => integerProblem(text, 'int8'),
);

export const GraphQLBigFloat = stringScalar(
  'BigFloat',
  'An arbitrary-precision decimal (PostgreSQL numeric), as a string.',
  isDecimalText,
  'a non-decimal value',
  numericProblem,
);

export const GraphQLUUID = stringScalar(
  'UUID',
  'A universally unique identifier (RFC 4122), e.g. "0e3f2b5c-…".',
  UUID_PATTERN,
  'a non-UUID value',
);

/**
 * PostgreSQL's `infinity` and `-infinity`, which a timestamp or date column may hold: taken as
 * input too, so that a value read can be given back (a filter, a write). The input's problem
 * check takes PostgreSQL's forms (`pgForms`) for them; its shape still refuses ` BC`.
 */
const infinite = (text: string) => text === 'infinity' || text === '-infinity';

export const GraphQLDatetime = stringScalar(
  'Datetime',
  'A point in time as an ISO-8601 string (PostgreSQL timestamp/timestamptz), e.g. "2024-01-31T12:00:00+00:00", or "infinity" / "-infinity".',
  (text) => infinite(text) || isDatetimeText(text),
  'a non-ISO-8601 value',
  (text) => datetimeProblem(text, true),
  // As json mode passes them through: ` BC`, offsets with seconds.
  (text) => infinite(text) || readCalendar(text) !== undefined,
);

export const GraphQLDate = stringScalar(
  'Date',
  'A calendar date as an ISO-8601 string (PostgreSQL date), e.g. "2024-01-31", or "infinity" / "-infinity".',
  (text) => infinite(text) || isDateText(text),
  'a non-date value',
  (text) => dateProblem(text, true),
  (text) => infinite(text) || readCalendar(text)?.time === false,
);

export const GraphQLJSON = new GraphQLScalarType({
  name: 'JSON',
  description: 'Any JSON value (PostgreSQL json/jsonb).',
  serialize: (value) => value,
  parseValue: (value) => value,
  parseLiteral: (node, variables) => valueFromASTUntyped(node, variables),
});

/** The GraphQL scalar of each scalar kind but `enum` (an enum column has its own type). */
export const SCALARS: Record<Exclude<ScalarKind, 'enum'>, GraphQLScalarType> = {
  Int: GraphQLInt,
  Float: GraphQLFloat,
  String: GraphQLString,
  Boolean: GraphQLBoolean,
  BigInt: GraphQLBigInt,
  BigFloat: GraphQLBigFloat,
  UUID: GraphQLUUID,
  Datetime: GraphQLDatetime,
  Date: GraphQLDate,
  JSON: GraphQLJSON,
};
