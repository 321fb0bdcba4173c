/**
 * Fee rates as Esplora publishes them (`GET /fee-estimates`: sat per vbyte, a JSON number such as
 * `87.882` or `1.0`, possibly with an exponent such as `1e-5`), converted exactly from their decimal text:
 * never through a float.
 */

/** Digits of a fee rate's text at most (mantissa), and the exponent's bound: larger is not a fee rate. */
const MAX_DIGITS = 40;
const MAX_EXPONENT = 30;

const NUMBER = /^(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/;

/**
 * A non-negative decimal number of sat/vB → sat per 1000 vbytes, rounded up to a whole number (a fee that
 * pays at least the rate asked); null for anything that is not one (a sign, NaN, too many digits).
 */
export function satPerVbTextToSatPerKvb(text: string): bigint | null {
  const m = NUMBER.exec(text);
  if (m === null) return null;
  const int = m[1]!;
  const frac = m[2] ?? '';
  if (int.length + frac.length > MAX_DIGITS) return null;
  const exp = m[3] === undefined ? 0 : Number(m[3]);
  if (!Number.isSafeInteger(exp) || Math.abs(exp) > MAX_EXPONENT) return null;
  // value = digits × 10^(exp − frac.length); × 1000 for per-kvB.
  const digits = BigInt(int + frac);
  const shift = exp - frac.length + 3;
  if (shift >= 0) return digits * 10n ** BigInt(shift);
  const den = 10n ** BigInt(-shift);
  return (digits + den - 1n) / den;
}
