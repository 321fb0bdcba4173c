import { ASSETS, type Asset } from './money.ts';

/** Rules of spot orders that need no I/O: instruments, prices on the tick, crossing, limits. */

export type OrderSide = 'buy' | 'sell';
export type OrderType = 'market' | 'limit';
/** open: a limit order resting (its funds reserved); filled: executed in full; cancelled: revoked. */
export type OrderStatus = 'open' | 'filled' | 'cancelled';
export const ORDER_STATUSES: readonly OrderStatus[] = ['open', 'filled', 'cancelled'];

/** Length of an order's public id (`tid`). */
export const ORDER_ID_LENGTH = 20;
/** Most orders one list answers. */
export const ORDER_LIST_MAX = 100;
/** Most characters of an order's note. */
export const ORDER_NOTE_MAX = 500;
/** Most characters of a client_order_id. */
export const CLIENT_ORDER_ID_MAX = 64;
/** Highest limit price, × 10^8 (10,000,000,000 in the quote): an order row keeps price × 10^8 in int64. */
export const ORDER_PRICE_MAX_E8 = 1_000_000_000_000_000_000n;
/** Most items of `extra` and its size as JSON. */
export const ORDER_EXTRA_ITEMS_MAX = 20;
export const ORDER_EXTRA_JSON_MAX = 4096;

/** One tradable pair as the service offers it. */
export interface Instrument {
  /** `BTC-USDT`: the price book's pair. */
  pair: string;
  /** The ledger assets traded: what is bought or sold, and what it is paid in. */
  asset: Asset;
  quote: Asset;
  tickE8: bigint;
  /** In the asset's ledger units. */
  minAmountUnits: bigint;
  feePpm: bigint;
  open: boolean;
}

/** Upper-case API symbol of a ledger asset (`btc` → `BTC`). */
export const symbolOf = (asset: Asset): string => asset.toUpperCase();

/** The ledger asset an API symbol names (`BTC` and `btc` → `btc`); Lightning BTC is not traded. */
export function assetOfSymbol(symbol: string): Asset | null {
  const code = symbol.trim().toLowerCase();
  return code !== 'lbtc' && Object.hasOwn(ASSETS, code) ? (code as Asset) : null;
}

/** Amount × 10^8 (config) → the asset's ledger units, rounded up (a minimum never shrinks). */
export function e8ToUnitsCeil(asset: Asset, valueE8: bigint): bigint {
  const decimals = BigInt(ASSETS[asset].decimals);
  if (decimals >= 8n) return valueE8 * 10n ** (decimals - 8n);
  const d = 10n ** (8n - decimals);
  return (valueE8 + d - 1n) / d;
}

const PPM = 1_000_000n;

/**
 * The price a market order executes at: the feed's price plus the spread for a buy (rounded up to the
 * tick), minus it for a sell (rounded down to the tick): both in the house's favour.
 */
export function executionPriceE8(side: OrderSide, feedE8: bigint, spreadPpm: bigint, tickE8: bigint): bigint {
  if (side === 'buy') {
    const raw = (feedE8 * (PPM + spreadPpm) + PPM - 1n) / PPM;
    return ((raw + tickE8 - 1n) / tickE8) * tickE8;
  }
  const raw = (feedE8 * (PPM - spreadPpm)) / PPM;
  return (raw / tickE8) * tickE8;
}

/** Whether a limit order at `limitE8` executes against a market price: a buy at or below, a sell at or above. */
export const crosses = (side: OrderSide, limitE8: bigint, marketE8: bigint): boolean =>
  side === 'buy' ? marketE8 <= limitE8 : marketE8 >= limitE8;

/** Whether a price is a whole number of ticks. */
export const onTick = (priceE8: bigint, tickE8: bigint): boolean => priceE8 % tickE8 === 0n;

/** ppm as the JSON number of percent the order record shows (1000 → 0.1). Display only: exact text first. */
export function ppmAsPercentNumber(ppm: bigint): number {
  const whole = ppm / 10_000n;
  const frac = (ppm % 10_000n).toString().padStart(4, '0').replace(/0+$/, '');
  return Number(frac === '' ? `${whole}` : `${whole}.${frac}`);
}

/** price × 10^8 as a decimal string with exactly 8 places. */
export function formatE8(valueE8: bigint): string {
  const whole = valueE8 / 100_000_000n;
  const frac = (valueE8 % 100_000_000n).toString().padStart(8, '0');
  return `${whole}.${frac}`;
}
