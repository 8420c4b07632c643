import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../../engine/index.js';
import { classifyDatabaseError } from './classifyDatabaseError.js';

/** An error as a driver makes it: a message and a `code`. */
const failure = (code: string | undefined, message = 'some failure') =>
  Object.assign(new Error(message), code === undefined ? {} : { code });

describe('classifyDatabaseError', () => {
  const cases: ReadonlyArray<readonly [string, unknown, ErrorCode, string | undefined]> = [
    // SQLSTATEs PostgreSQL reports
    ['a syntax error', failure('42601'), ErrorCode.DATABASE_ERROR, '42601'],
    ['a column that is gone', failure('42703'), ErrorCode.DATABASE_ERROR, '42703'],
    ['statement_timeout', failure('57014'), ErrorCode.DATABASE_TIMEOUT, '57014'],
    ['admin shutdown', failure('57P01'), ErrorCode.DATABASE_UNAVAILABLE, '57P01'],
    ['crash shutdown', failure('57P02'), ErrorCode.DATABASE_UNAVAILABLE, '57P02'],
    ['cannot connect now', failure('57P03'), ErrorCode.DATABASE_UNAVAILABLE, '57P03'],
    ['database dropped', failure('57P04'), ErrorCode.DATABASE_UNAVAILABLE, '57P04'],
    [
      'query_canceled stays a timeout, not class 57',
      failure('57000'),
      ErrorCode.DATABASE_ERROR,
      '57000',
    ],
    ['connection failure (class 08)', failure('08006'), ErrorCode.DATABASE_UNAVAILABLE, '08006'],
    ['login refused (class 28)', failure('28P01'), ErrorCode.DATABASE_UNAVAILABLE, '28P01'],
    ['no such database', failure('3D000'), ErrorCode.DATABASE_UNAVAILABLE, '3D000'],
    ['too many connections', failure('53300'), ErrorCode.DATABASE_BUSY, '53300'],
    ['out of memory (class 53, not 53300)', failure('53200'), ErrorCode.DATABASE_ERROR, '53200'],
    ['a NUL in text', failure('22021'), ErrorCode.BAD_USER_INPUT, '22021'],
    ['a number out of range', failure('22003'), ErrorCode.BAD_USER_INPUT, '22003'],
    ['a bad datetime', failure('22008'), ErrorCode.BAD_USER_INPUT, '22008'],
    ['invalid text for a type', failure('22P02'), ErrorCode.BAD_USER_INPUT, '22P02'],
    // driver and socket codes: never a sqlState
    [
      'postgres.js: closed',
      failure('CONNECTION_CLOSED'),
      ErrorCode.DATABASE_UNAVAILABLE,
      undefined,
    ],
    [
      'postgres.js: destroyed',
      failure('CONNECTION_DESTROYED'),
      ErrorCode.DATABASE_UNAVAILABLE,
      undefined,
    ],
    [
      'postgres.js: pool ended',
      failure('CONNECTION_ENDED'),
      ErrorCode.DATABASE_UNAVAILABLE,
      undefined,
    ],
    [
      'postgres.js: connect timeout',
      failure('CONNECT_TIMEOUT'),
      ErrorCode.DATABASE_UNAVAILABLE,
      undefined,
    ],
    ['refused', failure('ECONNREFUSED'), ErrorCode.DATABASE_UNAVAILABLE, undefined],
    ['reset', failure('ECONNRESET'), ErrorCode.DATABASE_UNAVAILABLE, undefined],
    ['no such host', failure('ENOTFOUND'), ErrorCode.DATABASE_UNAVAILABLE, undefined],
    [
      'a broken pipe, shaped like a SQLSTATE',
      failure('EPIPE'),
      ErrorCode.DATABASE_UNAVAILABLE,
      undefined,
    ],
    [
      'PGlite closed',
      failure(undefined, 'PGlite is closed'),
      ErrorCode.DATABASE_UNAVAILABLE,
      undefined,
    ],
    [
      'PGlite closing',
      failure(undefined, 'PGlite is closing'),
      ErrorCode.DATABASE_UNAVAILABLE,
      undefined,
    ],
    // anything else: DATABASE_ERROR, and a code that is not a SQLSTATE is not passed on
    [
      'postgres.js: too many parameters',
      failure('MAX_PARAMETERS_EXCEEDED'),
      ErrorCode.DATABASE_ERROR,
      undefined,
    ],
    ['a lower-case code', failure('abcde'), ErrorCode.DATABASE_ERROR, undefined],
    ['a code of 6 characters', failure('123456'), ErrorCode.DATABASE_ERROR, undefined],
    [
      'a numeric code',
      Object.assign(new Error('x'), { code: 42601 }),
      ErrorCode.DATABASE_ERROR,
      undefined,
    ],
    ['no code', failure(undefined), ErrorCode.DATABASE_ERROR, undefined],
    ['not an Error', 'a string', ErrorCode.DATABASE_ERROR, undefined],
    ['null', null, ErrorCode.DATABASE_ERROR, undefined],
  ];
  it.each(cases)('%s', (_, error, code, sqlState) => {
    const found = classifyDatabaseError(error);
    expect(found.code).toBe(code);
    expect(found.sqlState).toBe(sqlState);
    if (sqlState === undefined) expect(found).not.toHaveProperty('sqlState');
  });

  it('gives messages that repeat nothing of the error', () => {
    const secret = 'value "hunter2" out of range';
    for (const code of ['22003', '42703', '57014', '08006', 'ECONNREFUSED', '53300']) {
      expect(classifyDatabaseError(failure(code, secret)).message).not.toContain('hunter2');
    }
  });
});
