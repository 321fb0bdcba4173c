import type { ExactRate, PricedCurrency } from '../../domain/fiat.ts';
import type { Wallet } from '../../domain/payments/vocabulary.ts';
import { dividePricesE8 } from '../../domain/prices.ts';
import { err, ok, type Result } from '../../domain/result.ts';
import type { AppDeps } from '../deps.ts';
import type { PublishedPrice } from '../ports.ts';

/** The rate a fiat-priced request is converted at and keeps for its life. */
export interface FiatRateLock {
  /** `BTC-INR`, `BTC-USD`, `BTC-EUR`; for usdt `USDT-INR` (etc.), computed from BTC-… ÷ BTC-USDT. */
  pair: string;
  /** Fiat per one BTC (or USDT) × 10^8, as shown and stored (USDT's truncated at 10^-8). */
  rateE8: bigint;
  /** The same rate exactly, which the amount is converted at (USDT: BTC-… ÷ BTC-USDT as a fraction). */
  exact: ExactRate;
  sources: string[];
  /** The price's time: its oldest quote. */
  asOfMs: number;
}

/**
 * The current published price of the asset in `currency`, fresh, to lock a fiat-priced request at. A
 * pair without a price, or with a stale one, is `price_unavailable`: a request is never priced at a guess.
 * USDT has no fiat market of its own in the price book: its rate is BTC-… ÷ BTC-USDT, as old as its older
 * part; shown truncated at 10^-8, and converted at exactly (so the amount is rounded once, up).
 */
export function lockFiatRate(deps: AppDeps, asset: Wallet, currency: PricedCurrency): Result<FiatRateLock> {
  const btc = freshPrice(deps, `BTC-${currency}`);
  if (!btc.ok) return btc;
  if (asset !== 'usdt') {
    const p = btc.value;
    const exact = { num: p.priceE8, den: 100_000_000n };
    return ok({ pair: p.pair, rateE8: p.priceE8, exact, sources: [...p.sources], asOfMs: p.asOfMs });
  }
  const usdt = freshPrice(deps, 'BTC-USDT');
  if (!usdt.ok) return usdt;
  const rateE8 = dividePricesE8(btc.value.priceE8, usdt.value.priceE8);
  if (rateE8 <= 0n) {
    return err('price_unavailable', `no usable USDT-${currency} rate: the prices give zero`);
  }
  return ok({
    pair: `USDT-${currency}`,
    rateE8,
    exact: { num: btc.value.priceE8, den: usdt.value.priceE8 },
    sources: [...new Set([...btc.value.sources, ...usdt.value.sources])].sort(),
    asOfMs: Math.min(btc.value.asOfMs, usdt.value.asOfMs),
  });
}

function freshPrice(deps: AppDeps, pair: string): Result<PublishedPrice> {
  const p = deps.prices.current(pair);
  if (p === null) {
    return err('price_unavailable', `no price for ${pair}: no configured source has quoted it`);
  }
  if (p.stale) {
    const ageSec = Math.max(0, Math.floor((deps.clock.nowMs() - p.asOfMs) / 1000));
    return err(
      'price_unavailable',
      `the ${pair} price is stale (${ageSec} s old, from ${p.sources.join(', ')}): a request is not priced at an old rate; try again when the price sources answer`,
    );
  }
  return ok(p);
}
