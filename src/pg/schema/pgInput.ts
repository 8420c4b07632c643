import { isIPv4, isIPv6 } from 'node:net';
import { readCalendar } from './calendarText.js';
import type { ColumnModel } from './Model.js';

/**
 * What PostgreSQL's input functions accept, checked in Node: a value the database would refuse
 * (SQLSTATE class 22) is refused as the client's mistake instead, before anything is sent. Each
 * check returns what is wrong, or undefined when PostgreSQL takes the value.
 */
export type Problem = string | undefined;

export const UUID_PATTERN =
  /^[0-9a-fA-F]{8}-?[0-9a-fA-F]{4}-?[0-9a-fA-F]{4}-?[0-9a-fA-F]{4}-?[0-9a-fA-F]{12}$/;

const INTEGER_RANGES = {
  int2: [-(2n ** 15n), 2n ** 15n - 1n],
  int4: [-(2n ** 31n), 2n ** 31n - 1n],
  int8: [-(2n ** 63n), 2n ** 63n - 1n],
} as const;

/** Decimal digits of int8's bounds: a longer number (without leading zeros) is out of range. */
const MAX_INTEGER_DIGITS = 19;

/** An integer in PostgreSQL's text form (`-0042` included), within the range of `type`. */
export function integerProblem(text: string, type: keyof typeof INTEGER_RANGES): Problem {
  const match = /^(-?)0*(\d+)$/.exec(text);
  if (!match) return 'a non-integer value';
  const [min, max] = INTEGER_RANGES[type];
  const digits = match[2] as string;
  const value = digits.length > MAX_INTEGER_DIGITS ? undefined : BigInt(match[1] + digits);
  if (value === undefined || value < min || value > max)
    return `a value outside ${type} (${min} to ${max})`;
  return undefined;
}

/** numeric's bounds (PostgreSQL's NUMERIC_WEIGHT_MAX, NUMERIC_DSCALE_MAX), in decimal digits. */
const NUMERIC_MAX_INTEGER_DIGITS = 131_072;
const NUMERIC_MAX_SCALE = 16_383;
/** numeric_in refuses exponents from INT_MAX / 2 on, before looking at the digits. */
const NUMERIC_MAX_EXPONENT = 1_073_741_823;

/** The parts of a decimal (readDecimal): one object, reused, so reading allocates nothing. */
interface DecimalText {
  /** Digits before the point, and after it. */
  whole: number;
  fraction: number;
  /** Position of the first digit 1–9 among all digits (whole then fraction), -1 for none. */
  firstSignificant: number;
  /** The exponent's value (0 when not written). */
  exponent: number;
}

const decimal: DecimalText = { whole: 0, fraction: 0, firstSignificant: -1, exponent: 0 };

/**
 * A decimal as `-?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?` (ASCII digits) writes it, read without a
 * regular expression (hundreds per batch of creates, during variable coercion); undefined for
 * any other text. The object answered is reused by the next call.
 */
function readDecimal(text: string): Readonly<DecimalText> | undefined {
  const n = text.length;
  let i = text.charCodeAt(0) === 45 ? 1 : 0;
  let first = -1;
  let digits = 0;
  const start = i;
  for (; i < n; i++) {
    const d = text.charCodeAt(i) - 48;
    if (d < 0 || d > 9) break;
    if (first < 0 && d !== 0) first = digits;
    digits++;
  }
  const whole = i - start;
  let fraction = 0;
  if (text.charCodeAt(i) === 46) {
    const from = ++i;
    for (; i < n; i++) {
      const d = text.charCodeAt(i) - 48;
      if (d < 0 || d > 9) break;
      if (first < 0 && d !== 0) first = digits;
      digits++;
    }
    fraction = i - from;
  }
  if (whole + fraction === 0) return undefined;
  let exponent = 0;
  if (i < n) {
    const e = text.charCodeAt(i);
    if (e !== 101 && e !== 69) return undefined;
    const sign = text.charCodeAt(i + 1);
    const negative = sign === 45;
    i += negative || sign === 43 ? 2 : 1;
    const from = i;
    for (; i < n; i++) {
      const d = text.charCodeAt(i) - 48;
      if (d < 0 || d > 9) return undefined;
      exponent = exponent * 10 + d;
    }
    if (i === from) return undefined;
    if (negative) exponent = -exponent;
  }
  decimal.whole = whole;
  decimal.fraction = fraction;
  decimal.firstSignificant = first;
  decimal.exponent = exponent;
  return decimal;
}

/** The BigFloat scalar's form: a decimal (readDecimal), NaN or ±Infinity. */
export function isDecimalText(text: string): boolean {
  return (
    text === 'NaN' || text === 'Infinity' || text === '-Infinity' || readDecimal(text) !== undefined
  );
}

/**
 * A decimal as numeric takes it: at most 131,072 digits before the point and 16,383 after it, once
 * the exponent is applied (digits written after the point count, trailing zeros included), or
 * NaN / ±Infinity.
 */
export function numericProblem(text: string): Problem {
  if (text === 'NaN' || text === 'Infinity' || text === '-Infinity') return undefined;
  const read = readDecimal(text);
  if (read === undefined) return 'a non-decimal value';
  const { whole, fraction, firstSignificant, exponent } = read;
  if (Math.abs(exponent) >= NUMERIC_MAX_EXPONENT) return 'a value outside numeric';
  if (Math.max(0, fraction - exponent) > NUMERIC_MAX_SCALE)
    return `a value outside numeric (at most ${NUMERIC_MAX_SCALE} digits after the point)`;
  // The decimal position of the first significant digit (0: units, 1: tens, …).
  if (
    firstSignificant >= 0 &&
    whole - 1 - firstSignificant + exponent >= NUMERIC_MAX_INTEGER_DIGITS
  )
    return `a value outside numeric (at most ${NUMERIC_MAX_INTEGER_DIGITS} digits before the point)`;
  return undefined;
}

interface DateLimits {
  /** The last year AD of the type. */
  readonly maxYear: number;
  /** Whether a time of day may follow the date. */
  readonly time: boolean;
  /** Whether PostgreSQL's own forms are accepted: ` BC`, `infinity`, `-infinity`. */
  readonly pgForms: boolean;
}

/** timestamp and timestamptz: 24 November 4714 BC (Julian day 0) to 294276 AD. */
export function datetimeProblem(text: string, pgForms = false): Problem {
  return calendarProblem(text, { maxYear: 294_276, time: true, pgForms });
}

/** date: 24 November 4714 BC to 5874897 AD. */
export function dateProblem(text: string, pgForms = false): Problem {
  return calendarProblem(text, { maxYear: 5_874_897, time: false, pgForms });
}

/** Days of each month in a common year (February: see daysIn). */
const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Days of `month` (1 to 12) in `year` of the proleptic Gregorian calendar (1 BC is year 0). */
function daysIn(year: number, month: number): number {
  if (month !== 2) return MONTH_DAYS[month - 1] as number;
  return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
}

// Called for every date and time of an input (a batch of creates holds hundreds): the text is
// read by a scanner (calendarText.ts), which allocates nothing.
function calendarProblem(text: string, limits: DateLimits): Problem {
  if (limits.pgForms && (text === 'infinity' || text === '-infinity')) return undefined;
  const m = readCalendar(text);
  if (!m || (m.time && !limits.time) || (m.bc && !limits.pgForms))
    return limits.time ? 'a non-ISO-8601 value' : 'a non-date value';
  const { year, month, day, bc } = m;
  if (month < 1 || month > 12 || day < 1 || day > daysIn(bc ? 1 - year : year, month))
    return 'a date that does not exist';
  const zeroFraction = m.fractionZero;
  if (m.time) {
    const { hour, minute } = m;
    const second = m.second < 0 ? 0 : m.second;
    // 24:00:00 is the end of the day and :60 a leap second, as PostgreSQL reads them.
    const endOfDay = hour === 24 && minute === 0 && second === 0 && zeroFraction;
    if (
      (hour > 23 && !endOfDay) ||
      minute > 59 ||
      (second > 59 && !(second === 60 && zeroFraction))
    )
      return 'a time of day that does not exist';
    if (m.offsetSign !== 0 && (m.offsetHour > 15 || m.offsetMinute > 59 || m.offsetSecond > 59))
      return 'a time zone offset beyond ±15:59';
  }
  const negativeOffset = m.offsetSign < 0;
  if (year === 0 || year > (bc ? 4714 : limits.maxYear)) return 'a date out of range';
  // The range's ends fall inside a year: it begins on 24 November 4714 BC; at the end of the last
  // year, rounding the fraction or a negative offset may carry past 31 December (refused whole).
  if (bc && year === 4714 && (month < 11 || (month === 11 && day < 24)))
    return 'a date out of range';
  if (
    !bc &&
    year === limits.maxYear &&
    month === 12 &&
    day === 31 &&
    (negativeOffset || m.fractionDigits > 6)
  )
    return 'a date out of range';
  return undefined;
}

/** float4/float8 text as PostgreSQL writes it, within the type's range (no overflow to ±∞ or 0). */
function floatProblem(text: string, type: 'float4' | 'float8'): Problem {
  if (text === 'NaN' || text === 'Infinity' || text === '-Infinity') return undefined;
  if (!/^-?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?$/.test(text)) return 'a non-number value';
  const value = type === 'float4' ? Math.fround(Number(text)) : Number(text);
  const nonzero = /[1-9]/.test(text.replace(/[eE].*$/, ''));
  if (!Number.isFinite(value) || (value === 0 && nonzero)) return `a value outside ${type}`;
  return undefined;
}

/**
 * Whether PostgreSQL reads `text` as a value of the column's type (the sort key values of a
 * cursor and the key values of a node id, which travel as text). `time`, `timetz`, `inet` and
 * `macaddr` are checked against the text PostgreSQL writes for them, which is what a cursor or id
 * Sluice made holds. Types Sluice cannot check take any text, and so do arrays (an array literal,
 * `{1,2}`, is not a value of the element type checked below).
 */
export function textProblem(column: ColumnModel, text: string): Problem {
  if (text.includes('\0')) return 'a NUL character';
  if (column.isArray) return undefined;
  const type = column.column.type.name;
  if (column.scalar === 'enum') {
    const labels = column.enumModel?.values;
    return !labels || [...labels.values()].includes(text) ? undefined : 'an unknown enum label';
  }
  switch (type) {
    case 'int2':
    case 'int4':
    case 'int8':
      return integerProblem(text, type);
    case 'numeric':
      return numericProblem(text);
    case 'float4':
    case 'float8':
      return floatProblem(text, type);
    case 'bool':
      return text === 'true' || text === 'false' ? undefined : 'a non-boolean value';
    case 'uuid':
      return UUID_PATTERN.test(text) ? undefined : 'a non-UUID value';
    case 'timestamp':
    case 'timestamptz':
      return datetimeProblem(text, true);
    case 'date':
      return dateProblem(text, true);
    case 'time':
      return TIME_TEXT.test(text) ? undefined : 'a time not as PostgreSQL writes it';
    case 'timetz':
      return TIMETZ_TEXT.test(text) ? undefined : 'a time not as PostgreSQL writes it';
    case 'inet':
      return inetProblem(text);
    case 'macaddr':
      return MACADDR_TEXT.test(text) ? undefined : 'a MAC address not as PostgreSQL writes it';
    default:
      return undefined;
  }
}

// The text PostgreSQL writes for a time (any DateStyle): seconds always, a fraction of up to six
// digits, 24:00:00 the day's end; and for a time with time zone its offset, up to ±15:59:59.
// Other spellings it reads (`4:05`, `04:05 PM`) are refused: keys and cursors hold its own.
const TIME = '(?:(?:[01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d(?:\\.\\d{1,6})?|24:00:00)';
const TIME_TEXT = new RegExp(`^${TIME}$`);
const TIMETZ_TEXT = new RegExp(`^${TIME}[+-](?:0\\d|1[0-5])(?::[0-5]\\d(?::[0-5]\\d)?)?$`);
const MACADDR_TEXT = /^[0-9a-f]{2}(?::[0-9a-f]{2}){5}$/;

/**
 * An `inet` as PostgreSQL writes it: an IPv4 or IPv6 address (no zone), with its prefix length
 * (`inet::text` always writes it; the output function leaves out a full width's).
 */
function inetProblem(text: string): Problem {
  const slash = text.indexOf('/');
  const address = slash === -1 ? text : text.slice(0, slash);
  const v4 = isIPv4(address);
  if (!v4 && (address.includes('%') || !isIPv6(address))) return 'a non-address value';
  if (slash === -1) return undefined;
  const bits = text.slice(slash + 1);
  return /^(?:0|[1-9]\d{0,2})$/.test(bits) && Number(bits) <= (v4 ? 32 : 128)
    ? undefined
    : 'a prefix length out of range';
}

/** Whether the column's type is narrower than its GraphQL scalar (int2 for Int, float4 for Float). */
export function narrowerThanScalar(column: ColumnModel): boolean {
  const type = column.column.type.name;
  return type === 'int2' || type === 'float4';
}

/**
 * A GraphQL value about to be compared with a column, where the column's type is narrower than
 * its GraphQL scalar: Int for int2, Float for float4. Lists are checked item by item.
 */
export function operandProblem(column: ColumnModel, value: unknown): Problem {
  if (!narrowerThanScalar(column)) return undefined;
  const type = column.column.type.name as 'int2' | 'float4';
  const items = Array.isArray(value) ? value : [value];
  for (const item of items) {
    if (typeof item !== 'number') continue;
    const problem =
      type === 'int2' ? integerProblem(String(item), 'int2') : floatProblem(String(item), type);
    if (problem) return problem;
  }
  return undefined;
}
