import type { PrepareTimings } from '../engine/index.js';

/**
 * Milliseconds with microsecond precision. Written from integers: toFixed, and even String() of a
 * fraction, are slow enough to show in a per-request profile, while small integers print fast.
 */
export function formatMs(value: number): string {
  const us = Math.round(value * 1000);
  if (!(us > 0)) return '0';
  const whole = Math.floor(us / 1000);
  const fraction = us - whole * 1000;
  if (fraction === 0) return String(whole);
  // Without trailing zeros, as String() of the rounded number would print it: 1.5, 1.05, 1.005.
  let digits: string;
  if (fraction % 100 === 0) digits = String(fraction / 100);
  else if (fraction % 10 === 0)
    digits = fraction < 100 ? `0${fraction / 10}` : String(fraction / 10);
  else
    digits = fraction < 10 ? `00${fraction}` : fraction < 100 ? `0${fraction}` : String(fraction);
  return `${whole}.${digits}`;
}

const SERIALIZE = `serialize;dur=0;desc="written while executing"`;
/** Everything before `execute` when the plan came from the cache: the same text every time. */
const CACHED_PREFIX = 'parse;dur=0, validate;dur=0, plan;dur=0, cache;desc=hit';

/**
 * The `Server-Timing` header (W3C Server Timing) for one GraphQL request. parse, validate and
 * plan are 0 when the plan came from the cache (`cache;desc=hit`). On the byte path the response
 * JSON is written while executing, so serialization is part of `execute`; `serialize;dur=0` says
 * so rather than invent a split.
 */
export function serverTiming(
  timings: PrepareTimings | undefined,
  cached: boolean | undefined,
  executeMs: number | undefined,
  totalMs: number,
): string {
  const total = `total;dur=${formatMs(totalMs)}`;
  const execute =
    executeMs === undefined ? '' : `execute;dur=${formatMs(executeMs)}, ${SERIALIZE}, `;
  if (
    cached === true &&
    timings !== undefined &&
    timings.parse === 0 &&
    timings.validate === 0 &&
    timings.plan === 0
  ) {
    return `${CACHED_PREFIX}, ${execute}${total}`;
  }
  const parts: string[] = [];
  if (timings) {
    parts.push(
      `parse;dur=${formatMs(timings.parse)}`,
      `validate;dur=${formatMs(timings.validate)}`,
      `plan;dur=${formatMs(timings.plan)}`,
    );
  }
  if (cached !== undefined) parts.push(`cache;desc=${cached ? 'hit' : 'miss'}`);
  return parts.length > 0 ? `${parts.join(', ')}, ${execute}${total}` : `${execute}${total}`;
}
