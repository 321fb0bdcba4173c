import type { Clock, PriceSource } from '../../app/ports.ts';
import { isJsonObject } from '../http-out/json.ts';
import { eachPair, getJson, priceOf, type TickerHttpOptions } from './http.ts';

// Coinbase Exchange public ticker, no key needed:
//   GET {base}/products/{product_id}/ticker
//   200 {"ask": "…", "bid": "…", "volume": "…", "trade_id": 123, "price": "…", "size": "…",
//        "time": "2026-01-01T00:00:00.123456Z"}   (every amount a decimal string)
//   4xx/5xx {"message": "NotFound"}; requests without a User-Agent are refused.
// Reference: https://docs.cdp.coinbase.com/api-reference/exchange-api/rest-api/products/get-product-ticker
// The price used is `price`, the last trade's; its `time` dates the quote.

/** Pair → Coinbase product id. */
const COINBASE_PRODUCTS: Readonly<Record<string, string>> = {
  'BTC-USD': 'BTC-USD',
  'BTC-USDT': 'BTC-USDT',
  'ETH-USDT': 'ETH-USDT',
  'SOL-USDT': 'SOL-USDT',
};

export function createCoinbaseSource(o: TickerHttpOptions & { clock: Clock }): PriceSource {
  return {
    name: 'coinbase',
    pairs: Object.keys(COINBASE_PRODUCTS),
    fetch(pairs) {
      const wanted = pairs.filter((p) => COINBASE_PRODUCTS[p] !== undefined);
      return eachPair(wanted, o.timeoutMs, async (pair, signal) => {
        const product = COINBASE_PRODUCTS[pair]!;
        const r = await getJson(`${o.baseUrl}/products/${encodeURIComponent(product)}/ticker`, o, signal);
        if (!r.ok) return r;
        const body = r.json;
        if (r.status !== 200) {
          const message = isJsonObject(body) && typeof body['message'] === 'string' ? body['message'] : '';
          return { ok: false, reason: `${product}: HTTP ${r.status} ${message}`.trim() };
        }
        if (!isJsonObject(body)) return { ok: false, reason: `${product}: the ticker is not an object` };
        const price = priceOf(body['price'], `${product} price`);
        if (!price.ok) return price;
        const time = typeof body['time'] === 'string' ? Date.parse(body['time']) : Number.NaN;
        if (!Number.isFinite(time)) return { ok: false, reason: `${product}: time is not an ISO 8601 time` };
        return { ok: true, value: { pair, priceE8: price.value, atMs: time } };
      });
    },
  };
}
