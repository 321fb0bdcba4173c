import { err, ok, type Result } from './result.ts';

// Prices are exact: a price is an integer count of 10^-8 quote units per one base unit (`priceE8`),
// parsed from the decimal text a source or the configuration wrote. No float is ever involved.

const PRICE_SCALE = 8;
const E8 = 10n ** BigInt(PRICE_SCALE);

/** Upper-case `BASE-QUOTE`, e.g. `BTC-USD`. */
const PAIR = /^([A-Z0-9]{2,10})-([A-Z0-9]{2,10})$/;

export function isPair(s: string): boolean {
  return PAIR.test(s);
}

function pairParts(pair: string): { base: string; quote: string } | null {
  const m = PAIR.exec(pair);
  return m ? { base: m[1]!, quote: m[2]! } : null;
}

/** Currencies issued by a state; a pair of two of them is a fiat pair (it ages by the fiat limit). */
const FIAT = new Set(['USD', 'EUR', 'INR', 'GBP', 'JPY']);

export function isFiatPair(pair: string): boolean {
  const p = pairParts(pair);
  return p !== null && FIAT.has(p.base) && FIAT.has(p.quote);
}

/** Decimal text: digits, optionally a point and more digits. Signs and exponents are not prices. */
const DECIMAL = /^(\d{1,15})(?:\.(\d+))?$/;

/**
 * A price's decimal text as priceE8. More than 8 decimals are accepted only when the extra digits are
 * zeros (exchanges pad, e.g. Binance's "97000.00000000"), otherwise it is refused rather than rounded.
 * Zero is not a price.
 */
export function parsePriceE8(text: string, field = 'price'): Result<bigint> {
  const m = DECIMAL.exec(text);
  if (!m) return err('invalid_request', `${field} must be a positive decimal like 97000.5`, field);
  let frac = m[2] ?? '';
  if (frac.length > PRICE_SCALE) {
    if (!/^0+$/.test(frac.slice(PRICE_SCALE))) {
      return err('invalid_request', `${field} has more than ${PRICE_SCALE} decimal places`, field);
    }
    frac = frac.slice(0, PRICE_SCALE);
  }
  const e8 = BigInt(m[1]! + frac.padEnd(PRICE_SCALE, '0'));
  if (e8 === 0n) return err('invalid_request', `${field} must be more than zero`, field);
  return ok(e8);
}

/** priceE8 as decimal text with trailing zeros of the fraction dropped (`97000.5`, `84`). */
export function formatPriceE8(e8: bigint): string {
  const whole = e8 / E8;
  const frac = (e8 % E8).toString().padStart(PRICE_SCALE, '0').replace(/0+$/, '');
  return frac === '' ? `${whole}` : `${whole}.${frac}`;
}

/**
 * priceE8 as a JSON number. The decimal text has at most 15 significant digits (finer digits are cut,
 * toward zero), so the number's shortest form, which JSON.stringify writes, is exactly that text.
 */
export function priceE8ToNumber(e8: bigint): number {
  let text = formatPriceE8(e8);
  const [whole = '0', frac = ''] = text.split('.');
  const room = 15 - (whole === '0' ? 0 : whole.length);
  if (frac.length > room) {
    const cut = frac.slice(0, Math.max(room, 0)).replace(/0+$/, '');
    text = cut === '' ? whole : `${whole}.${cut}`;
  }
  return Number(text);
}

/** a × b for two prices (BTC-USD × USD-INR = BTC-INR), truncated toward zero at 10^-8. */
export function multiplyPricesE8(a: bigint, b: bigint): bigint {
  return (a * b) / E8;
}

/** a ÷ b for two prices (EUR-INR ÷ EUR-USD = USD-INR), truncated toward zero at 10^-8. */
export function dividePricesE8(a: bigint, b: bigint): bigint {
  if (b <= 0n) throw new RangeError('division by a non-positive price');
  return (a * E8) / b;
}

/** The median; of an even count, the mean of the middle two truncated toward zero at 10^-8. */
export function medianE8(values: readonly bigint[]): bigint {
  if (values.length === 0) throw new RangeError('median of nothing');
  const s = [...values].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0));
  const mid = s.length >> 1;
  return s.length % 2 === 1 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2n;
}

/** Whether `value` is more than `ppm` parts per million away from `reference`, decided exactly. */
function deviatesMoreThan(value: bigint, reference: bigint, ppm: bigint): boolean {
  const diff = value > reference ? value - reference : reference - value;
  return diff * 1_000_000n > reference * ppm;
}

/**
 * The published price of several quotes: their median, then the median of those within `outlierPpm`
 * of it (the outliers dropped). Null when none is within reach of the median, which only happens with
 * two quotes too far apart to tell which is wrong.
 */
export function consensusE8<T extends { priceE8: bigint }>(
  quotes: readonly T[],
  outlierPpm: bigint,
): { priceE8: bigint; kept: T[]; dropped: T[] } | null {
  if (quotes.length === 0) return null;
  const first = medianE8(quotes.map((q) => q.priceE8));
  const kept = quotes.filter((q) => !deviatesMoreThan(q.priceE8, first, outlierPpm));
  const dropped = quotes.filter((q) => deviatesMoreThan(q.priceE8, first, outlierPpm));
  if (kept.length === 0) return null;
  return { priceE8: medianE8(kept.map((q) => q.priceE8)), kept, dropped };
}
