import {
  GraphQLError,
  GraphQLScalarType,
  Kind,
  valueFromASTUntyped,
  type ValueNode,
} from 'graphql';

/**
 * The scalars reflection adds to GraphQL's own (issue 4): values that JavaScript numbers would round
 * travel as strings, times as ISO-8601 strings. Each checks its input so that bad values are
 * refused during variable coercion (BAD_USER_INPUT) instead of reaching PostgreSQL.
 */
function stringScalar(
  name: string,
  description: string,
  pattern: RegExp,
  what: string,
): GraphQLScalarType {
  const check = (value: unknown): string => {
    const text = typeof value === 'number' && Number.isFinite(value) ? String(value) : value;
    if (typeof text !== 'string' || !pattern.test(text)) {
      throw new GraphQLError(
        `${name} cannot represent ${what}: ${JSON.stringify(value) ?? String(value)}`,
      );
    }
    return text;
  };
  return new GraphQLScalarType({
    name,
    description,
    serialize: (value) => (typeof value === 'bigint' ? value.toString() : check(value)),
    parseValue: check,
    parseLiteral: (node: ValueNode) => {
      if (node.kind === Kind.STRING || node.kind === Kind.INT || node.kind === Kind.FLOAT)
        return check(node.value);
      throw new GraphQLError(`${name} cannot represent a non-string value`, { nodes: node });
    },
  });
}

export const GraphQLBigInt = stringScalar(
  'BigInt',
  'A 64-bit integer (PostgreSQL int8), as a string so no precision is lost.',
  /^-?\d+$/,
  'a non-integer value',
);

export const GraphQLBigFloat = stringScalar(
  'BigFloat',
  'An arbitrary-precision decimal (PostgreSQL numeric), as a string.',
  /^-?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?$|^NaN$|^-?Infinity$/,
  'a non-decimal value',
);

export const GraphQLUUID = stringScalar(
  'UUID',
  'A universally unique identifier (RFC 4122), e.g. "0e3f2b5c-…".',
  /^[0-9a-fA-F]{8}-?[0-9a-fA-F]{4}-?[0-9a-fA-F]{4}-?[0-9a-fA-F]{4}-?[0-9a-fA-F]{12}$/,
  'a non-UUID value',
);

export const GraphQLDatetime = stringScalar(
  'Datetime',
  'A point in time as an ISO-8601 string (PostgreSQL timestamp/timestamptz), e.g. "2024-01-31T12:00:00+00:00".',
  /^\d{4,}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}(:?\d{2})?)?)?$/,
  'a non-ISO-8601 value',
);

export const GraphQLDate = stringScalar(
  'Date',
  'A calendar date as an ISO-8601 string (PostgreSQL date), e.g. "2024-01-31".',
  /^\d{4,}-\d{2}-\d{2}$/,
  'a non-date value',
);

export const GraphQLJSON = new GraphQLScalarType({
  name: 'JSON',
  description: 'Any JSON value (PostgreSQL json/jsonb).',
  serialize: (value) => value,
  parseValue: (value) => value,
  parseLiteral: (node, variables) => valueFromASTUntyped(node, variables),
});
