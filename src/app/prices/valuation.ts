import { ASSETS, type Asset } from '../../domain/money.ts';
import type { PriceBook } from '../ports.ts';

/** What balances are valued in: USDT (the trading portfolio), USD and INR (the dashboard's home). */
export type ValueQuote = 'USDT' | 'USD' | 'INR';

export interface Valuation {
  /** The value in 10^-decimals of the quote, rounded toward zero (never shown as more than it is). */
  units: bigint;
  /** The price pairs it was computed from, in order. */
  pairs: string[];
  /** Whether one of those prices is stale. */
  stale: boolean;
}

const E8 = 100_000_000n;
const DOLLARS = new Set(['USD', 'USDT']);

/** The currency an asset's units count: BTC for on-chain and Lightning bitcoin, else its code. */
const currencyOf = (asset: Asset): string => (asset === 'lbtc' ? 'BTC' : asset.toUpperCase());

type Step = { pair: string; times: boolean };

/** One conversion from `from` to `to` by a published pair, direct or inverted; null when none is. */
function step(prices: PriceBook, from: string, to: string): Step | null {
  if (prices.current(`${from}-${to}`) !== null) return { pair: `${from}-${to}`, times: true };
  if (prices.current(`${to}-${from}`) !== null) return { pair: `${to}-${from}`, times: false };
  return null;
}

/** From a currency to a dollar (USD or USDT): nothing for a dollar, else its USDT pair, else its USD one. */
function toDollar(prices: PriceBook, from: string): Step[] | null {
  if (DOLLARS.has(from)) return [];
  const s = step(prices, from, 'USDT') ?? step(prices, from, 'USD');
  return s === null ? null : [s];
}

/** From a dollar to `to`: nothing for a dollar, else its USD pair, else its USDT one. */
function fromDollar(prices: PriceBook, to: string): Step[] | null {
  if (DOLLARS.has(to)) return [];
  const s = step(prices, 'USD', to) ?? step(prices, 'USDT', to);
  return s === null ? null : [s];
}

/**
 * The one rule that values a balance: what `units` of `asset` are worth in `quote`, from the price book.
 * A pair straight from the asset to the quote when the book has one (BTC-USD, BTC-INR, BTC-USDT, USD-INR
 * inverted for INR in USD), else through the dollar: the asset's USDT (or USD) pair, then the dollar's
 * pair to the quote (USD-INR). One USDT is taken as one US dollar. Exact integer arithmetic on the
 * prices × 10^8, one truncation toward zero at the end; null when no chain of published prices values it.
 */
export function valueIn(
  prices: PriceBook,
  asset: Asset,
  units: bigint,
  quote: ValueQuote,
  decimals: number,
): Valuation | null {
  const from = currencyOf(asset);
  let steps: Step[] | null;
  if (from === quote || (DOLLARS.has(from) && DOLLARS.has(quote))) steps = [];
  else {
    const direct = step(prices, from, quote);
    if (direct !== null) steps = [direct];
    else {
      const a = toDollar(prices, from);
      const b = a === null ? null : fromDollar(prices, quote);
      steps = a === null || b === null ? null : [...a, ...b];
    }
  }
  if (steps === null) return null;
  let num = units * 10n ** BigInt(decimals);
  let den = 10n ** BigInt(ASSETS[asset].decimals);
  let stale = false;
  for (const s of steps) {
    const p = prices.current(s.pair);
    if (p === null || p.priceE8 <= 0n) return null;
    stale ||= p.stale;
    num *= s.times ? p.priceE8 : E8;
    den *= s.times ? E8 : p.priceE8;
  }
  return { units: num / den, pairs: steps.map((s) => s.pair), stale };
}
