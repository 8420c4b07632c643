import type { PrepareTimings } from '../engine/index.js';

// Microsecond precision without toFixed, which is slow enough to show in a per-request profile.
const ms = (value: number) => String(Math.round(value * 1000) / 1000);

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
  const parts: string[] = [];
  if (timings) {
    parts.push(
      `parse;dur=${ms(timings.parse)}`,
      `validate;dur=${ms(timings.validate)}`,
      `plan;dur=${ms(timings.plan)}`,
    );
  }
  if (cached !== undefined) parts.push(`cache;desc=${cached ? 'hit' : 'miss'}`);
  if (executeMs !== undefined) {
    parts.push(`execute;dur=${ms(executeMs)}`, `serialize;dur=0;desc="written while executing"`);
  }
  parts.push(`total;dur=${ms(totalMs)}`);
  return parts.join(', ');
}
