import { isFiatPair } from '../../domain/prices.ts';
import { err, ok, type Result } from '../../domain/result.ts';
import type { AppDeps } from '../deps.ts';
import type { PriceDetail } from './feed.ts';

/** The pairs of the price endpoint: the `pricePair` value, the data key, and the pair in the book. */
export const ENDPOINT_PAIRS = [
  { param: 'btcusd', key: 'btc_usd', pair: 'BTC-USD' },
  { param: 'btcinr', key: 'btc_inr', pair: 'BTC-INR' },
  { param: 'usdinr', key: 'usd_inr', pair: 'USD-INR' },
] as const;

export type EndpointPair = (typeof ENDPOINT_PAIRS)[number];

export interface QuotedPrice {
  key: EndpointPair['key'];
  price: PriceDetail;
  ageSec: number;
}

export interface PriceQuote {
  prices: QuotedPrice[];
  /** One line naming each price's sources and age, and which are stale. */
  message: string;
}

function describe(q: QuotedPrice, staleLimitSec: number): string {
  const how = q.price.derivedFrom
    ? `${q.price.derivedFrom.map((p) => ENDPOINT_PAIRS.find((e) => e.pair === p)?.key ?? p).join(' × ')} from `
    : '';
  const stale = q.price.stale ? `, STALE (older than ${staleLimitSec} s)` : '';
  return `${q.key}: ${how}${q.price.sources.join(', ')}, ${q.ageSec} s old${stale}`;
}

/**
 * The published prices of the endpoint's pairs (or of one). A stale price is still given, and said to
 * be stale; a pair no source has ever quoted is `price_unavailable`.
 */
export function quotePrices(deps: AppDeps, only: EndpointPair | null): Result<PriceQuote> {
  const nowMs = deps.clock.nowMs();
  const wanted = only === null ? ENDPOINT_PAIRS : [only];
  const prices: QuotedPrice[] = [];
  for (const p of wanted) {
    const price = deps.prices.current(p.pair);
    if (price === null) {
      const failing = deps.prices
        .sources()
        .filter((s) => s.lastError !== null)
        .map((s) => `${s.name}: ${s.lastError}`);
      return err(
        'price_unavailable',
        `no price for ${p.key} yet: no configured source has quoted it${failing.length > 0 ? ` (${failing.join('; ')})` : ''}`,
      );
    }
    prices.push({ key: p.key, price, ageSec: Math.max(0, Math.floor((nowMs - price.asOfMs) / 1000)) });
  }
  const cfg = deps.config.prices;
  const limitSec = (pair: string) =>
    Math.round((isFiatPair(pair) ? cfg.fiatStaleAfterMs : cfg.staleAfterMs) / 1000);
  const stale = prices.filter((q) => q.price.stale).map((q) => q.key);
  const lines = prices.map((q) => describe(q, limitSec(q.price.derivedFrom ? 'BTC-USD' : q.price.pair)));
  const message = `${stale.length > 0 ? `stale prices: ${stale.join(', ')}; ` : ''}${lines.join('; ')}`;
  return ok({ prices, message });
}
