import { describe, expect, it } from 'vitest';
import { isDateText, isDatetimeText, readCalendar } from './calendarText.js';
import { isDecimalText, numericProblem } from './pgInput.js';

/**
 * The regular expressions the scanners replaced (calendarText.ts, pgInput.ts's readDecimal),
 * kept here as the reference: on every text, the scanners must take what these take, with the
 * same parts, and refuse the rest.
 */
const DATETIME =
  /^(\d{4,})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?(Z|([+-])(\d{2})(?::?(\d{2})(?::?(\d{2}))?)?)?)?( BC)?$/;
const DATETIME_SCALAR =
  /^\d{4,}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}(:?\d{2})?)?)?$/;
const DATE_SCALAR = /^\d{4,}-\d{2}-\d{2}$/;
const DECIMAL_SCALAR = /^-?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?$|^NaN$|^-?Infinity$/;

/** numericProblem as it read the text with a regular expression. */
function referenceNumericProblem(text: string): string | undefined {
  if (text === 'NaN' || text === 'Infinity' || text === '-Infinity') return undefined;
  const match = /^-?(\d*)(?:\.(\d*))?(?:[eE]([-+]?\d+))?$/.exec(text);
  const whole = match?.[1] ?? '';
  const fraction = match?.[2] ?? '';
  if (!match || whole.length + fraction.length === 0) return 'a non-decimal value';
  const exponent = match[3] === undefined ? 0 : Number(match[3]);
  if (Math.abs(exponent) >= 1_073_741_823) return 'a value outside numeric';
  if (Math.max(0, fraction.length - exponent) > 16_383)
    return 'a value outside numeric (at most 16383 digits after the point)';
  const first = (whole + fraction).search(/[1-9]/);
  if (first >= 0 && whole.length - 1 - first + exponent >= 131_072)
    return 'a value outside numeric (at most 131072 digits before the point)';
  return undefined;
}

const CALENDAR_SEEDS = [
  '2024-01-31',
  '2024-02-29T23:59:60.000+05:30',
  '2024-01-31 12:00',
  '2024-01-31T12:00:00Z',
  '2024-01-31T12:00:00.123456-0800',
  '1900-02-29T00:00:00+05:30:15',
  '0001-01-01 00:00:00+053015 BC',
  '4714-11-24 BC',
  '294276-12-31T23:59:59.9999999-01',
  '5874897-12-31',
  '2024-1-31',
  '2024-01-31T',
  '2024-01-31T1:00',
  '2024-01-31T12:00:',
  '2024-01-31T12:00:00.',
  '2024-01-31T12:00+',
  '2024-01-31T12:00+5',
  '2024-01-31T12:00+05:',
  '2024-01-31T12:00+05:3',
  '2024-01-31T12:00+05:30:',
  '2024-01-31  BC',
  '2024-01-31 BCE',
];
const DECIMAL_SEEDS = [
  '0',
  '-1.5',
  '.5',
  '5.',
  '-.5e-3',
  '1e5',
  '1E+05',
  '1e131071',
  '0.1e131072',
  '1e-16384',
  '0e1073741823',
  '1e-1073741823',
  '1e99999999999999999999',
  '.',
  '-',
  'e5',
  '1e',
  '1e+',
  '+1',
  'NaN',
  '-Infinity',
  'Infinity',
];
/** Characters that each part of the forms starts or ends with, and some that none does. */
const ALPHABET = ['0', '5', '9', '-', '+', ':', '.', 'T', ' ', 'Z', 'B', 'C', 'e', 'E', 'x', '٣'];

/** Each seed, and every text one deletion, insertion or replacement of a character away. */
function nearby(seeds: ReadonlyArray<string>): string[] {
  const out = new Set<string>();
  for (const seed of seeds) {
    out.add(seed);
    for (let i = 0; i <= seed.length; i++) {
      if (i < seed.length) out.add(seed.slice(0, i) + seed.slice(i + 1));
      for (const c of ALPHABET) {
        out.add(seed.slice(0, i) + c + seed.slice(i));
        if (i < seed.length) out.add(seed.slice(0, i) + c + seed.slice(i + 1));
      }
    }
  }
  return [...out];
}

const number = (text: string | undefined, none: number) => (text === undefined ? none : +text);

describe('date, time and decimal texts read without regular expressions', () => {
  it('read a date or time as the regular expression of its form does, part by part', () => {
    const texts = nearby(CALENDAR_SEEDS);
    expect(texts.length).toBeGreaterThan(5000);
    const mismatches = texts.filter((text) => {
      const m = DATETIME.exec(text);
      const read = readCalendar(text);
      if (!m || !read) return !m !== !read;
      const expected = {
        year: +m[1]!,
        month: +m[2]!,
        day: +m[3]!,
        time: m[4] !== undefined,
        ...(m[4] === undefined ? {} : { hour: +m[4], minute: +m[5]! }),
        second: number(m[6], -1),
        fractionDigits: m[7]?.length ?? 0,
        fractionZero: /^0*$/.test(m[7] ?? ''),
        offsetSign: m[9] === undefined ? 0 : m[9] === '+' ? 1 : -1,
        ...(m[9] === undefined ? {} : { offsetHour: +m[10]! }),
        offsetMinute: number(m[11], -1),
        offsetSecond: number(m[12], -1),
        bc: m[13] !== undefined,
      };
      const actual: Record<string, unknown> = { ...read };
      if (!read.time) {
        delete actual['hour'];
        delete actual['minute'];
      }
      if (read.offsetSign === 0) delete actual['offsetHour'];
      return JSON.stringify(actual) !== JSON.stringify(expected);
    });
    expect(mismatches).toEqual([]);
  });

  it('take the same Datetime and Date texts as the scalars did', () => {
    const texts = nearby(CALENDAR_SEEDS);
    expect(texts.filter((t) => isDatetimeText(t) !== DATETIME_SCALAR.test(t))).toEqual([]);
    expect(texts.filter((t) => isDateText(t) !== DATE_SCALAR.test(t))).toEqual([]);
  });

  it('take the same decimals, with the same problems, as the regular expressions did', () => {
    const texts = nearby(DECIMAL_SEEDS);
    expect(texts.length).toBeGreaterThan(3000);
    expect(texts.filter((t) => isDecimalText(t) !== DECIMAL_SCALAR.test(t))).toEqual([]);
    expect(texts.filter((t) => numericProblem(t) !== referenceNumericProblem(t))).toEqual([]);
  });

  it('answer the parts of a full timestamp', () => {
    expect(readCalendar('0044-03-15 12:30:05.0100+01:30:15 BC')).toEqual({
      year: 44,
      month: 3,
      day: 15,
      time: true,
      hour: 12,
      minute: 30,
      second: 5,
      fractionDigits: 4,
      fractionZero: false,
      offsetSign: 1,
      offsetHour: 1,
      offsetMinute: 30,
      offsetSecond: 15,
      bc: true,
    });
    expect(readCalendar('2024-01-31T12:00:00.٣Z')).toBeUndefined();
  });
});
