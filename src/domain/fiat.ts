import { err, ok, type Result } from './result.ts';

// Fiat currencies: which codes a request may name (ISO 4217), how many minor digits each has, which of
// them a request may be priced in (converted at a published price), and the exact conversion.

/**
 * The active ISO 4217 alphabetic codes (the ISO 4217 list one, "Current currency & funds code list",
 * as published by SIX on behalf of ISO), with their minor-unit digits. A label may name any of them;
 * the ones priced below can also price a request.
 */
const ISO_4217_TWO_DIGITS =
  'AED AFN ALL AMD ANG AOA ARS AUD AWG AZN BAM BBD BDT BGN BMD BND BOB BRL BSD BTN BWP BYN BZD CAD ' +
  'CDF CHF CNY COP CRC CUP CVE CZK DKK DOP DZD EGP ERN ETB EUR FJD FKP GBP GEL GHS GIP GMD GTQ GYD ' +
  'HKD HNL HTG HUF IDR ILS INR IRR JMD KES KGS KHR KPW KYD KZT LAK LBP LKR LRD LSL MAD MDL MGA MKD ' +
  'MMK MNT MOP MRU MUR MVR MWK MXN MYR MZN NAD NGN NIO NOK NPR NZD PAB PEN PGK PHP PKR PLN QAR RON ' +
  'RSD RUB SAR SBD SCR SDG SEK SGD SHP SLE SOS SRD SSP STN SVC SYP SZL THB TJS TMT TOP TRY TTD TWD ' +
  'TZS UAH USD UYU UZS VES WST XCD YER ZAR ZMW ZWG ';
const ISO_4217_ZERO_DIGITS = 'BIF CLP DJF GNF ISK JPY KMF KRW PYG RWF UGX VND VUV XAF XOF XPF';
const ISO_4217_THREE_DIGITS = 'BHD IQD JOD KWD LYD OMR TND';
const ISO_4217: ReadonlyMap<string, number> = new Map([
  ...ISO_4217_TWO_DIGITS.trim()
    .split(' ')
    .map((c) => [c, 2] as const),
  ...ISO_4217_ZERO_DIGITS.split(' ').map((c) => [c, 0] as const),
  ...ISO_4217_THREE_DIGITS.split(' ').map((c) => [c, 3] as const),
]);

export const isIsoCurrency = (code: string): boolean => ISO_4217.has(code);

/** The currencies a request may be priced in: each has a published price against BTC. */
export const PRICED_CURRENCIES = ['INR', 'USD', 'EUR'] as const;
export type PricedCurrency = (typeof PRICED_CURRENCIES)[number];

export const isPricedCurrency = (code: string): code is PricedCurrency =>
  (PRICED_CURRENCIES as readonly string[]).includes(code);

/** Minor-unit digits of an ISO code (2 for INR, USD, EUR). */
export function minorDigits(code: string): number {
  const d = ISO_4217.get(code);
  if (d === undefined) throw new RangeError(`${code} is not an ISO 4217 code`);
  return d;
}

/** Largest fiat price a request may name: 10^15 in the currency (keeps every product far inside bigint sanity). */
const MAX_FIAT_WHOLE_DIGITS = 15;

/**
 * A fiat price's decimal text as an integer count of the currency's minor unit (paise, cents). More
 * decimals than the currency has is an error, never a rounding; zero is not a price.
 */
export function parseFiatMinor(text: string, code: string, field = 'fiat_value'): Result<bigint> {
  const digits = minorDigits(code);
  const m = /^(\d+)(?:\.(\d+))?$/.exec(text);
  if (!m) return err('invalid_request', `${field} must be a plain decimal like 1500 or 12.50`, field);
  const whole = m[1]!.replace(/^0+(?=\d)/, '');
  const frac = m[2] ?? '';
  if (whole.length > MAX_FIAT_WHOLE_DIGITS) {
    return err('invalid_request', `${field} must be less than 10^${MAX_FIAT_WHOLE_DIGITS}`, field);
  }
  const significant = frac.replace(/0+$/, '');
  if (significant.length > digits) {
    return err(
      'invalid_request',
      `${field} has more decimals than ${code} has (${digits}): a price in ${code} is a whole number of its minor unit`,
      field,
    );
  }
  const minor = BigInt(whole + significant.padEnd(digits, '0'));
  if (minor === 0n) return err('invalid_request', `${field} must be more than zero`, field);
  return ok(minor);
}

/** An integer count of minor units as the currency's decimal text, with all its digits (`1500.00`). */
export function formatFiatMinor(minor: bigint, code: string): string {
  const digits = minorDigits(code);
  if (digits === 0) return minor.toString();
  const s = minor.toString().padStart(digits + 1, '0');
  return `${s.slice(0, -digits)}.${s.slice(-digits)}`;
}

const E8 = 100_000_000n;

/**
 * How many minor units of the asset (`assetDecimals`: 8 for BTC counted in sats, 6 for USDT) pay a fiat
 * price of `fiatMinor` minor units (`fiatDigits`) at `rateE8` (fiat per one whole asset, × 10^8).
 *
 * Rounded UP: the payer is asked for the smallest amount worth at least the fiat price, so the merchant
 * never receives less than the price and at most one minor unit of the asset more. Exactly:
 *   units × rateE8 × 10^fiatDigits ≥ fiatMinor × 10^(8 + assetDecimals) > (units − 1) × rateE8 × 10^fiatDigits
 */
export function fiatToAssetUnitsRoundedUp(
  fiatMinor: bigint,
  fiatDigits: number,
  rateE8: bigint,
  assetDecimals: number,
): bigint {
  return fiatToAssetUnitsAtRate(fiatMinor, fiatDigits, { num: rateE8, den: E8 }, assetDecimals);
}

/** A rate as an exact fraction: fiat per one whole asset = num / den (a cross rate of two prices). */
export interface ExactRate {
  num: bigint;
  den: bigint;
}

/**
 * As fiatToAssetUnitsRoundedUp, at an exact fractional rate: a USDT price in fiat is BTC-fiat ÷ BTC-USDT,
 * which no 10^-8 decimal holds exactly, so the conversion takes the two prices and rounds once, up.
 */
export function fiatToAssetUnitsAtRate(
  fiatMinor: bigint,
  fiatDigits: number,
  rate: ExactRate,
  assetDecimals: number,
): bigint {
  if (rate.num <= 0n || rate.den <= 0n) throw new RangeError('a rate must be positive');
  if (fiatMinor <= 0n) throw new RangeError('a fiat price must be positive');
  const numerator = fiatMinor * rate.den * 10n ** BigInt(assetDecimals);
  const denominator = rate.num * 10n ** BigInt(fiatDigits);
  return (numerator + denominator - 1n) / denominator;
}
