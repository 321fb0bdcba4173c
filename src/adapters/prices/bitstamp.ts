import type { Clock, PriceSource } from '../../app/ports.ts';
import { isJsonObject } from '../http-out/json.ts';
import { eachPair, getJson, priceOf, type TickerHttpOptions } from './http.ts';

// Bitstamp public ticker, no key needed:
//   GET {base}/api/v2/ticker/{currency_pair}/
//   200 {"timestamp": "1700000000", "open": "…", "high": "…", "low": "…", "last": "…", "volume": "…",
//        "vwap": "…", "bid": "…", "ask": "…", "side": "0", "open_24": "…", "percent_change_24": "…"}
//   (every value a string; timestamp in unix seconds); an unknown pair is a 404.
// Reference: https://www.bitstamp.net/api/#tag/Tickers/operation/GetCurrencyPairTicker
// The price used is `last`; `timestamp` dates the quote.

/** Pair → Bitstamp currency_pair. */
const BITSTAMP_PAIRS: Readonly<Record<string, string>> = {
  'BTC-USD': 'btcusd',
  'BTC-USDT': 'btcusdt',
  'ETH-USDT': 'ethusdt',
};

export function createBitstampSource(o: TickerHttpOptions & { clock: Clock }): PriceSource {
  return {
    name: 'bitstamp',
    pairs: Object.keys(BITSTAMP_PAIRS),
    fetch(pairs) {
      const wanted = pairs.filter((p) => BITSTAMP_PAIRS[p] !== undefined);
      return eachPair(wanted, o.timeoutMs, async (pair, signal) => {
        const name = BITSTAMP_PAIRS[pair]!;
        const r = await getJson(`${o.baseUrl}/api/v2/ticker/${encodeURIComponent(name)}/`, o, signal);
        if (!r.ok) return r;
        const body = r.json;
        if (r.status !== 200) {
          const message = isJsonObject(body) && typeof body['message'] === 'string' ? body['message'] : '';
          return { ok: false, reason: `${name}: HTTP ${r.status} ${message}`.trim() };
        }
        if (!isJsonObject(body)) return { ok: false, reason: `${name}: the ticker is not an object` };
        const price = priceOf(body['last'], `${name} last`);
        if (!price.ok) return price;
        const ts = body['timestamp'];
        if (typeof ts !== 'string' || !/^\d{9,11}$/.test(ts)) {
          return { ok: false, reason: `${name}: timestamp is not unix seconds` };
        }
        return { ok: true, value: { pair, priceE8: price.value, atMs: Number(ts) * 1000 } };
      });
    },
  };
}
