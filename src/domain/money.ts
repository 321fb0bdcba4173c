import { err, ok, type Result } from './result.ts';

/**
 * Assets and their fixed minor-unit scales (never change: the ledger stores integers in these units).
 * `decimals` is how many decimal places one whole unit has in the ledger; `apiDecimals` is the most the
 * API accepts and shows.
 */
export const ASSETS = {
  lbtc: { decimals: 11, apiDecimals: 8, label: 'Lightning BTC' }, // msat
  btc: { decimals: 11, apiDecimals: 8, label: 'BTC' }, // msat
  usdt: { decimals: 6, apiDecimals: 6, label: 'USDT' },
  eth: { decimals: 9, apiDecimals: 8, label: 'ETH' },
  sol: { decimals: 9, apiDecimals: 8, label: 'SOL' },
  ltc: { decimals: 8, apiDecimals: 8, label: 'LTC' },
  matic: { decimals: 9, apiDecimals: 8, label: 'MATIC' },
  inr: { decimals: 2, apiDecimals: 2, label: 'INR' }, // paise: the quote of BTC-INR
} as const;

export type Asset = keyof typeof ASSETS;
export const ASSET_CODES = Object.keys(ASSETS) as Asset[];
export const isAsset = (s: string): s is Asset => Object.hasOwn(ASSETS, s);

/** The largest value a signed 64-bit column holds in both databases: row ids and ledger totals. */
export const INT64_MAX = 2n ** 63n - 1n;

export const MSAT_PER_SAT = 1000n;
const MSAT_PER_BTC = 100_000_000_000n;
/** No BTC amount can exceed the supply cap. */
export const MAX_BTC_MSAT = 21_000_000n * MSAT_PER_BTC;

const DECIMAL = /^(\d+)(?:\.(\d+))?$/;

/**
 * Turns a JSON number into the decimal text a client wrote. The shortest round-trip form of a double is
 * the written literal for every decimal of up to 15 significant digits; exponent forms are expanded
 * exactly (no arithmetic on the float).
 */
export function numberToDecimalText(n: number): string | null {
  if (!Number.isFinite(n)) return null;
  const s = String(n);
  const m = /^(-?)(\d+)(?:\.(\d+))?e([+-]\d+)$/.exec(s);
  if (!m) return s;
  const [, sign, intPart, frac = '', expText] = m;
  const digits = `${intPart}${frac}`;
  const point = (intPart ?? '').length + Number(expText);
  if (point <= 0) return `${sign}0.${'0'.repeat(-point)}${digits}`;
  if (point >= digits.length) return `${sign}${digits}${'0'.repeat(point - digits.length)}`;
  return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
}

/**
 * Parses a non-negative decimal (string or JSON number) with at most `maxDecimals` places into an
 * integer count of 10^-scale units. Exact: more places than allowed is an error, never a rounding.
 */
export function parseDecimal(
  input: unknown,
  maxDecimals: number,
  scale: number,
  field = 'amount',
): Result<bigint> {
  let text: string | null;
  if (typeof input === 'number') text = numberToDecimalText(input);
  else if (typeof input === 'string') text = input;
  else return err('invalid_request', `${field} must be a decimal number or string`, field);
  if (text === null || text.length === 0 || text.length > 40) {
    return err('invalid_request', `${field} must be a decimal number`, field);
  }
  if (text.startsWith('-')) return err('invalid_request', `${field} must not be negative`, field);
  const m = DECIMAL.exec(text);
  if (!m)
    return err(
      'invalid_request',
      `${field} must be a plain decimal like 0.0001 (no sign, exponent or spaces)`,
      field,
    );
  const intPart = m[1] ?? '0';
  const frac = m[2] ?? '';
  if (frac.length > maxDecimals) {
    return err('invalid_request', `${field} has more than ${maxDecimals} decimal places`, field);
  }
  return ok(BigInt(intPart + frac.padEnd(scale, '0')));
}

/** Parses a BTC amount (≤ 8 decimals, ≤ 21,000,000 BTC) into msat. */
export function parseBtcToMsat(input: unknown, field = 'amount'): Result<bigint> {
  const r = parseDecimal(input, 8, 11, field);
  if (!r.ok) return r;
  if (r.value > MAX_BTC_MSAT) return err('invalid_request', `${field} exceeds 21,000,000 BTC`, field);
  return r;
}

/** Parses an amount of `asset` at the API's precision into the asset's minor unit. */
export function parseAssetAmount(asset: Asset, input: unknown, field = 'amount'): Result<bigint> {
  if (asset === 'lbtc' || asset === 'btc') return parseBtcToMsat(input, field);
  const { decimals, apiDecimals } = ASSETS[asset];
  return parseDecimal(input, apiDecimals, decimals, field);
}

/**
 * Formats minor units as a decimal with exactly `places` places, truncating toward zero any finer
 * units (a balance is never shown as more than it is).
 */
export function formatUnitsTruncated(units: bigint, scale: number, places: number): string {
  const negative = units < 0n;
  const abs = negative ? -units : units;
  const base = 10n ** BigInt(scale);
  const whole = abs / base;
  const frac = (abs % base).toString().padStart(scale, '0').slice(0, places);
  const body = places > 0 ? `${whole}.${frac.padEnd(places, '0')}` : `${whole}`;
  return negative ? `-${body}` : body;
}

/** msat → BTC string with 8 decimals, sub-satoshi remainder truncated. */
export const formatMsatAsBtc = (msat: bigint): string =>
  formatUnitsTruncated(msat, ASSETS.btc.decimals, ASSETS.btc.apiDecimals);

/** Asset minor units → the API's 8-decimal string (the spec's balances). */
export const formatAssetBalance = (asset: Asset, units: bigint): string =>
  formatUnitsTruncated(units, ASSETS[asset].decimals, 8);

/** msat → JSON number of BTC for the fields the spec types as numbers (pro variant, webhooks). */
export const msatToBtcNumber = (msat: bigint): number => Number(formatMsatAsBtc(msat));

/** Asset minor units → decimal text at the API's precision (USDT: 6 places). */
export const formatAssetAmount = (asset: Asset, units: bigint): string =>
  formatUnitsTruncated(units, ASSETS[asset].decimals, ASSETS[asset].apiDecimals);
