/**
 * A finite number as the text JSON.stringify writes for it (ECMA-262 Number::toString: the
 * shortest decimal that reads back as the same double).
 *
 * V8 (Node 20) formats a non-integer double through a runtime call costing ~130 ns. Most floats
 * in responses are short decimals (prices, ratings, coordinates: at most 6 fractional digits);
 * those are recognised with one multiplication and written with integer arithmetic in about a
 * third of that. Any other value goes to JSON.stringify, so the text is always JSON.stringify's.
 *
 * Why the short path is exact, for 1e-6 <= |x| and |x| * 10^K < 2^31 (K <= 6 fractional digits):
 * - the text is in fixed notation there, so the shortest decimal is the one with the fewest
 *   fractional digits that reads back as x;
 * - `n = round(|x| * 10^K)` with `n / 10^K === |x|` proves that the K-digit decimal n / 10^K
 *   reads back as x (IEEE division is correctly rounded; n and 10^K are exact);
 * - a double's spacing there is below 2^-21 / 10^K, far below 10^-K, so no other decimal of at
 *   most K digits reads back as x, and the product's rounding error cannot move `round` off the
 *   exact decimal's digits;
 * - hence if some decimal with k <= K digits reads back as x, it is n / 10^K with trailing zeros,
 *   and stripping them gives the shortest one.
 */
export function numberToJSON(value: number): string {
  if ((value | 0) === value) return '' + value; // int32 and -0 ("0"): V8's number-string cache
  const magnitude = value < 0 ? -value : value;
  if (magnitude >= 1e-6) {
    let k = MAX_FRACTION_DIGITS;
    while (k > 0 && magnitude >= INT32_LIMITS[k]!) k--;
    if (k > 0) {
      let scale = POWERS_OF_TEN[k]!;
      let digits = Math.round(magnitude * scale);
      if (digits / scale === magnitude && digits % scale !== 0) {
        while (digits % 10 === 0) {
          digits /= 10;
          k--;
          scale = POWERS_OF_TEN[k]!;
        }
        const whole = Math.floor(magnitude);
        const fraction = '' + (digits - whole * scale);
        const text = whole + '.' + ZEROS[k - fraction.length] + fraction;
        return value < 0 ? '-' + text : text;
      }
    }
  }
  return JSON.stringify(value);
}

const MAX_FRACTION_DIGITS = 6;
const POWERS_OF_TEN: readonly number[] = [1, 10, 100, 1000, 1e4, 1e5, 1e6];
/** INT32_LIMITS[k]: the magnitude from which |x| * 10^k no longer fits in an int32. */
const INT32_LIMITS: readonly number[] = POWERS_OF_TEN.map((scale) => 2147483647 / scale);
/** ZEROS[i]: the zeros that pad a fraction of k digits written with k - i digits. */
const ZEROS: readonly string[] = ['', '0', '00', '000', '0000', '00000'];
