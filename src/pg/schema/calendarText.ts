/**
 * The parts of a date or time as clients (ISO 8601, `T` or a space) and PostgreSQL (to_json's ISO
 * form, or the text form under DateStyle ISO: a ` BC` suffix, offsets with seconds for historical
 * zones) write it:
 *
 *   YYYY…-MM-DD[(T| )hh:mm[:ss[.f…]][Z|(+|-)hh[[:]mm[[:]ss]]]][ BC]
 *
 * with ASCII digits only and a year of four digits or more. Read by a scanner rather than a
 * regular expression: a batch of creates holds hundreds of dates and times, each read during
 * variable coercion, and the scanner allocates nothing. Every optional part starts with a
 * character that nothing after it can start with, so reading left to right takes the text
 * exactly as the regular expression of the same form would (tested against it).
 */
export interface CalendarText {
  /** The year as written (digits only; 1 BC is written 0001 BC). */
  year: number;
  month: number;
  day: number;
  /** Whether a time of day follows the date. */
  time: boolean;
  hour: number;
  minute: number;
  /** -1 when not written. */
  second: number;
  /** Digits written after the seconds' point (0: none). */
  fractionDigits: number;
  /** Whether every fraction digit is 0 (true when there are none). */
  fractionZero: boolean;
  /** 0: no numeric offset (none, or `Z`); 1 or -1: its sign. */
  offsetSign: number;
  offsetHour: number;
  /** -1 when not written. */
  offsetMinute: number;
  /** -1 when not written. */
  offsetSecond: number;
  /** Whether ` BC` ends the text. */
  bc: boolean;
}

/** The one result readCalendar fills and answers: read it before the next call. */
const parts: CalendarText = {
  year: 0,
  month: 0,
  day: 0,
  time: false,
  hour: 0,
  minute: 0,
  second: -1,
  fractionDigits: 0,
  fractionZero: true,
  offsetSign: 0,
  offsetHour: 0,
  offsetMinute: -1,
  offsetSecond: -1,
  bc: false,
};

const DASH = 45;
const COLON = 58;
const DOT = 46;
const PLUS = 43;
const SPACE = 32;
const UPPER_T = 84;
const UPPER_Z = 90;

/** The value of the two ASCII digits at `i`, or -1. */
function twoDigits(text: string, i: number): number {
  const a = text.charCodeAt(i) - 48;
  const b = text.charCodeAt(i + 1) - 48;
  return a >= 0 && a <= 9 && b >= 0 && b <= 9 ? a * 10 + b : -1;
}

/** Whether the text from `i` on is empty or ` BC` (then noted in `parts`). */
function ends(text: string, i: number): boolean {
  if (i === text.length) return true;
  if (text.length - i === 3 && text.startsWith(' BC', i)) {
    parts.bc = true;
    return true;
  }
  return false;
}

/**
 * The parts of `text` when it has the form above, else undefined. The object answered is reused
 * by the next call.
 */
export function readCalendar(text: string): Readonly<CalendarText> | undefined {
  const n = text.length;
  let i = 0;
  let year = 0;
  for (; i < n; i++) {
    const d = text.charCodeAt(i) - 48;
    if (d < 0 || d > 9) break;
    year = year * 10 + d;
  }
  if (i < 4 || text.charCodeAt(i) !== DASH) return undefined;
  const month = twoDigits(text, i + 1);
  if (month < 0 || text.charCodeAt(i + 3) !== DASH) return undefined;
  const day = twoDigits(text, i + 4);
  if (day < 0) return undefined;
  i += 6;
  parts.year = year;
  parts.month = month;
  parts.day = day;
  parts.time = false;
  parts.second = -1;
  parts.fractionDigits = 0;
  parts.fractionZero = true;
  parts.offsetSign = 0;
  parts.offsetMinute = -1;
  parts.offsetSecond = -1;
  parts.bc = false;
  if (ends(text, i)) return parts;
  const separator = text.charCodeAt(i);
  if (separator !== UPPER_T && separator !== SPACE) return undefined;
  const hour = twoDigits(text, i + 1);
  if (hour < 0 || text.charCodeAt(i + 3) !== COLON) return undefined;
  const minute = twoDigits(text, i + 4);
  if (minute < 0) return undefined;
  i += 6;
  parts.time = true;
  parts.hour = hour;
  parts.minute = minute;
  if (text.charCodeAt(i) === COLON) {
    const second = twoDigits(text, i + 1);
    if (second < 0) return undefined;
    parts.second = second;
    i += 3;
    if (text.charCodeAt(i) === DOT) {
      let j = i + 1;
      let zero = true;
      for (; j < n; j++) {
        const d = text.charCodeAt(j) - 48;
        if (d < 0 || d > 9) break;
        if (d !== 0) zero = false;
      }
      if (j === i + 1) return undefined;
      parts.fractionDigits = j - i - 1;
      parts.fractionZero = zero;
      i = j;
    }
  }
  const zone = text.charCodeAt(i);
  if (zone === UPPER_Z) {
    i++;
  } else if (zone === PLUS || zone === DASH) {
    const offsetHour = twoDigits(text, i + 1);
    if (offsetHour < 0) return undefined;
    parts.offsetSign = zone === PLUS ? 1 : -1;
    parts.offsetHour = offsetHour;
    i += 3;
    let j = text.charCodeAt(i) === COLON ? i + 1 : i;
    const offsetMinute = twoDigits(text, j);
    if (offsetMinute >= 0) {
      parts.offsetMinute = offsetMinute;
      i = j + 2;
      j = text.charCodeAt(i) === COLON ? i + 1 : i;
      const offsetSecond = twoDigits(text, j);
      if (offsetSecond >= 0) {
        parts.offsetSecond = offsetSecond;
        i = j + 2;
      }
    }
  }
  return ends(text, i) ? parts : undefined;
}

/**
 * The Datetime scalar's form: a date, optionally a time of day with an optional `Z` or offset of
 * hours and minutes; no ` BC`, no offset seconds.
 */
export function isDatetimeText(text: string): boolean {
  const read = readCalendar(text);
  return read !== undefined && !read.bc && read.offsetSecond < 0;
}

/** The Date scalar's form: `YYYY…-MM-DD` alone. */
export function isDateText(text: string): boolean {
  const read = readCalendar(text);
  return read !== undefined && !read.time && !read.bc;
}
