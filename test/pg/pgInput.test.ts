import { describe, expect, it } from 'vitest';
import type { ColumnModel } from '../../src/pg/schema/Model.js';
import { textProblem } from '../../src/pg/schema/pgInput.js';
import {
  GraphQLBigFloat,
  GraphQLBigInt,
  GraphQLDate,
  GraphQLDatetime,
} from '../../src/pg/schema/scalars.js';
import { useTestDatabase } from './support/testDatabase.js';

/**
 * The checks of src/pg/schema/pgInput.ts against PostgreSQL itself: for each text, whether Sluice
 * takes it must be whether the database's input function does.
 */
const db = useTestDatabase();

async function pgAccepts(text: string, type: string): Promise<boolean> {
  try {
    // `type` is one of the names below, never input.
    await db.client.query(`SELECT $1::text::${type}`, [text]);
    return true;
  } catch {
    return false;
  }
}

/**
 * Checks `texts` against PostgreSQL: Sluice must never take a text the database refuses, and
 * refuses one it takes only when listed in `stricter` (the ends of ranges, where PostgreSQL's
 * rounding rules differ between versions; PostgreSQL's words like `now`). Returns the texts that
 * break this.
 */
async function disagreements(
  texts: ReadonlyArray<string>,
  type: string,
  sluiceAccepts: (text: string) => boolean,
  stricter: ReadonlyArray<string> = STRICTER,
): Promise<Array<{ text: string; sluice: boolean; postgres: boolean }>> {
  const out = [];
  for (const text of texts) {
    const [sluice, postgres] = [sluiceAccepts(text), await pgAccepts(text, type)];
    if (sluice !== postgres && !(postgres && stricter.includes(text)))
      out.push({ text, sluice, postgres });
  }
  return out;
}

/** Refused by Sluice, taken by some PostgreSQL versions. */
const STRICTER = [
  // :60 and 24:00 with a fraction (PostgreSQL 15 takes 12:00:60.5, refuses 23:59:60.5).
  '2024-01-01T12:00:60.5',
  '2024-01-01T24:00:00.0000001',
  '2024-01-01T12:00:60.0000001',
  // A negative offset on the last day of the range.
  '294276-12-31T00:00:00-01',
  // An exponent of INT_MAX / 2 on zero: PostgreSQL 15 refuses it, 17 takes it.
  '0e1073741823',
  'yesterday',
  'now',
];

const parses = (scalar: { parseValue: (v: unknown) => unknown }) => (text: string) => {
  try {
    scalar.parseValue(text);
    return true;
  } catch {
    return false;
  }
};

const column = (type: string): ColumnModel =>
  ({
    scalar: 'String',
    enumModel: undefined,
    column: { type: { name: type } },
  }) as unknown as ColumnModel;
const fitsKey = (type: string) => (text: string) => textProblem(column(type), text) === undefined;

const INTEGERS = [
  '0',
  '-0',
  '007',
  '-32768',
  '32767',
  '-32769',
  '32768',
  '2147483647',
  '2147483648',
  '-2147483648',
  '-2147483649',
  '9223372036854775807',
  '9223372036854775808',
  '-9223372036854775808',
  '-9223372036854775809',
  '00000000000000000000000000001',
  '1' + '0'.repeat(40),
];
const DECIMALS = [
  '0',
  '-1.5',
  '.5',
  '5.',
  '1e5',
  '1E-5',
  '1e131071',
  '1e131072',
  '9.99e131071',
  '10e131071',
  '0.1e131072',
  '1' + '0'.repeat(131071),
  '1' + '0'.repeat(131072),
  '1e-16383',
  '1e-16384',
  '0.5e-16383',
  '1.5e-16382',
  '0.' + '0'.repeat(16383),
  '0.' + '0'.repeat(16384),
  '0e1000000',
  '0e1073741822',
  '0e1073741823',
  '1e-1073741823',
  'NaN',
  'Infinity',
  '-Infinity',
];
const DATETIMES = [
  '2024-01-31',
  '2024-01-31T12:00',
  '2024-01-31 12:00:00',
  '2024-02-29T00:00:00Z',
  '2023-02-29T00:00:00Z',
  '2024-02-30T00:00:00',
  '2024-04-31T00:00:00',
  '2024-13-01T00:00:00',
  '2024-00-01T00:00:00',
  '2024-01-00T00:00:00',
  '2000-02-29T00:00:00',
  '1900-02-29T00:00:00',
  '0000-01-01T00:00:00',
  '0001-01-01T00:00:00',
  '0001-01-01T00:00:00+15',
  '2024-01-01T23:59:59.999999',
  '2024-01-01T24:00:00',
  '2024-01-01T24:00:00.000',
  '2024-01-01T24:00:01',
  '2024-01-01T24:01:00',
  '2024-01-01T25:00:00',
  '2024-01-01T12:60:00',
  '2024-01-01T12:00:60',
  '2024-01-01T12:00:60.000',
  '2024-01-01T12:00:60.5',
  '2024-01-01T12:00:61',
  '2024-01-01T12:00:00+15:59',
  '2024-01-01T12:00:00-15:59',
  '2024-01-01T12:00:00+16:00',
  '2024-01-01T12:00:00+15:60',
  '2024-01-01T12:00:00+1530',
  '2024-01-01T12:00:00-05',
  '294276-12-31T23:59:59',
  '294276-12-31T23:59:59.999999',
  '294276-12-30T23:59:59-01',
  '294277-01-01T00:00:00',
  '10000-01-01T00:00:00',
];
const DATES = [
  '2024-01-31',
  '2024-02-29',
  '2023-02-29',
  '2024-02-30',
  '2024-13-01',
  '2024-00-01',
  '2024-01-00',
  '0000-01-01',
  '0001-01-01',
  '5874897-12-31',
  '5874898-01-01',
  '99999999-01-01',
];

describe('the scalars take what PostgreSQL takes', () => {
  it('BigInt is int8', async () => {
    expect(await disagreements(INTEGERS, 'int8', parses(GraphQLBigInt))).toEqual([]);
  });
  it('BigFloat is numeric', async () => {
    expect(await disagreements(DECIMALS, 'numeric', parses(GraphQLBigFloat))).toEqual([]);
  });
  it('Datetime is timestamp and timestamptz', async () => {
    expect(await disagreements(DATETIMES, 'timestamptz', parses(GraphQLDatetime))).toEqual([]);
    expect(await disagreements(DATETIMES, 'timestamp', parses(GraphQLDatetime))).toEqual([]);
  });
  it('Date is date', async () => {
    expect(await disagreements(DATES, 'date', parses(GraphQLDate))).toEqual([]);
  });
  it('refuses the listed ends of ranges, where PostgreSQL versions differ', () => {
    const ends = STRICTER.filter((text) => text.includes('T'));
    expect(ends.filter(parses(GraphQLDatetime))).toEqual([]);
  });
});

describe('cursor key values: PostgreSQL text forms', () => {
  const FORMS = [
    'infinity',
    '-infinity',
    '0044-03-15 BC',
    '4714-11-24 BC',
    '4714-11-23 BC',
    '4715-01-01 BC',
    '4713-01-01 BC',
    '0001-02-29 BC',
    '0002-02-29 BC',
    '2024-02-29T12:00:00+00:00',
    '2024-02-29T12:00:00.5+05:53:28',
    '2024-02-29T12:00:00 BC',
    '2024-02-29 12:00:00+00',
    'yesterday',
    'now',
    '',
  ];
  it.each([
    ['int2', INTEGERS],
    ['int4', INTEGERS],
    ['int8', INTEGERS],
    ['numeric', DECIMALS],
    [
      'float8',
      [
        '0',
        '-1.5',
        '1e+308',
        '1e+309',
        '1e-320',
        '1e-400',
        '-0',
        'NaN',
        'Infinity',
        '-Infinity',
        'abc',
        '1.5.5',
      ],
    ],
    ['float4', ['1.5', '3.4e+38', '3.5e+38', '1e-45', '1e-46', 'NaN']],
    ['bool', ['true', 'false']],
    [
      'uuid',
      [
        '0e3f2b5c-1111-2222-3333-444455556666',
        '0e3f2b5c111122223333444455556666',
        '0e3f2b5c-1111-2222-3333-44445555666',
        'zz3f2b5c-1111-2222-3333-444455556666',
      ],
    ],
    ['timestamptz', [...DATETIMES, ...FORMS]],
    ['timestamp', [...DATETIMES, ...FORMS]],
    ['date', [...DATES, ...FORMS.filter((f) => !f.includes(':'))]],
  ])('%s', async (type, texts) => {
    expect(await disagreements(texts as string[], type, fitsKey(type))).toEqual([]);
  });

  // Types checked against what PostgreSQL writes: every text taken (what it writes, and for inet
  // two spellings it also reads) must be one PostgreSQL reads, and the other spellings it reads
  // are refused on purpose (`stricter`).
  it.each([
    [
      'time',
      ['04:05:06', '04:05:06.5', '23:59:59.999999', '00:00:00', '24:00:00'],
      [
        '4:05:06',
        '04:05',
        '04:05:06 PM',
        '040506',
        '04:05:06.1234567',
        '24:00:00.0',
        '04:05:06+02',
      ],
      ['25:00:00', '24:00:01', '12:60:00', 'noon', ''],
    ],
    [
      'timetz',
      ['04:05:06+00', '04:05:06.5-03:30', '23:59:59+15:59:59', '24:00:00-15', '00:00:00+05:45'],
      ['04:05:06', '04:05:06 +2', '04:05:06Z', '04:05:06 PST', '04:05:06+0200'],
      ['04:05:06+16:00:01', '25:00:00+00', 'x'],
    ],
    [
      'inet',
      [
        '192.168.0.1/32',
        'FE80::1',
        '192.168.0.1',
        '10.0.0.1/8',
        '0.0.0.0/0',
        '::1',
        '2001:db8::/32',
        '::ffff:1.2.3.4',
        'fe80::1/128',
      ],
      ['10.0.0.1/08'],
      ['256.0.0.1', '10.0.0.1/33', '::1/129', 'fe80::1%eth0', '1::2::3', 'host', '', '10.0.0.1/'],
    ],
    [
      'macaddr',
      ['08:00:2b:01:02:03', '00:00:00:00:00:00', 'ff:ff:ff:ff:ff:ff'],
      ['08:00:2B:01:02:03', '08-00-2b-01-02-03', '0800.2b01.0203', '08002b010203'],
      ['08:00:2b:01:02', '08:00:2b:01:02:03:04', 'zz:00:2b:01:02:03'],
    ],
  ])('%s: the text PostgreSQL writes', async (type, taken, otherSpellings, refused) => {
    const texts = [...taken, ...otherSpellings, ...refused];
    expect(await disagreements(texts, type, fitsKey(type), otherSpellings)).toEqual([]);
    expect(taken.filter((text) => !fitsKey(type)(text))).toEqual([]);
    expect(otherSpellings.filter(fitsKey(type))).toEqual([]);
  });

  it('bool and text: what PostgreSQL writes, never NUL', () => {
    // PostgreSQL reads more spellings of a boolean ('t', 'yes', 'on'); it writes only these two.
    expect(fitsKey('bool')('t')).toBe(false);
    expect(fitsKey('text')('anything at all')).toBe(true);
    expect(fitsKey('text')('a\u0000')).toBe(false);
  });
});
