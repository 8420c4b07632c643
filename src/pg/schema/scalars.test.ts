import { describe, expect, it } from 'vitest';
import { Kind } from 'graphql';
import { GraphQLBigFloat, GraphQLBigInt, GraphQLDate, GraphQLDatetime } from './scalars.js';

describe('reflected scalars', () => {
  it('refuse input PostgreSQL would refuse, saying why', () => {
    expect(() => GraphQLBigInt.parseValue('9223372036854775808')).toThrow(
      'BigInt cannot represent a value outside int8 (-9223372036854775808 to 9223372036854775807): "9223372036854775808"',
    );
    expect(() => GraphQLBigFloat.parseValue('1e1000000')).toThrow(
      'BigFloat cannot represent a value outside numeric (at most 131072 digits before the point): "1e1000000"',
    );
    expect(() => GraphQLDatetime.parseValue('2024-01-01T25:00')).toThrow(
      'Datetime cannot represent a time of day that does not exist: "2024-01-01T25:00"',
    );
    expect(() =>
      GraphQLDate.parseLiteral({ kind: Kind.STRING, value: '2024-02-30' }, undefined),
    ).toThrow('Date cannot represent a date that does not exist: "2024-02-30"');
  });

  it('quote at most a few dozen characters of a long value', () => {
    let message = '';
    try {
      GraphQLBigInt.parseValue('1'.repeat(1_000_000));
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toBe(
      `BigInt cannot represent a value outside int8 (-9223372036854775808 to 9223372036854775807): "${'1'.repeat(39)}… (1000002 characters)`,
    );
  });

  it('check the shape only of output, which comes from the database', () => {
    expect(GraphQLBigInt.serialize('99999999999999999999')).toBe('99999999999999999999');
    expect(GraphQLDate.serialize('2024-02-30')).toBe('2024-02-30');
  });
});
